import FuzzSupport
import KoalioUserData

/// Any bytes as progress.toml: reading gives progress or a `UserFileError`; progress that reads
/// writes out as a file that reads back the same.
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    guard let progress = try? ProgressFile.decode(bytes(data, size), file: "fuzz") else { return 0 }
    guard let again = try? ProgressFile.decode(Array(ProgressFile.encode(progress).utf8), file: "again"), again == progress else {
        fatalError("progress does not read back from its own file")
    }
    return 0
}

runLibFuzzer(fuzzOne)
