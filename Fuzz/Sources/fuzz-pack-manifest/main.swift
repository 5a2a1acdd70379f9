import FuzzSupport
import KoalioUserData
import KoalioUserFiles

/// Any bytes as a level pack's `pack.toml` (a stranger's file): a manifest or one line of
/// why not, never a trap; and a manifest's level names are plain file names, never a path.
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    guard let manifest = try? PackManifest.decode(bytes(data, size), file: "fuzz/pack.toml") else { return 0 }
    guard manifest.levels.allSatisfy({ PackManifest.isPlainName($0) && !$0.contains("/") && !$0.contains("..") }) else {
        fatalError("a level name that is a path: \(manifest.levels)")
    }
    return 0
}

runLibFuzzer(fuzzOne)
