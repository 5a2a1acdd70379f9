import FuzzSupport
import KoalioPackArchive

/// Any bytes as a level pack's zip (a stranger's file): its entries or one line of why not,
/// never a trap or an allocation past the limits; every entry's path is safe to write under
/// the pack's folder, and no entry is over its size.
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    guard let entries = try? PackArchive.entries(of: bytes(data, size), file: "fuzz.zip") else { return 0 }
    guard entries.count <= PackArchive.Limits.entries,
          entries.allSatisfy({ PackArchive.isSafePath($0.path) && $0.bytes.count <= PackArchive.Limits.entryBytes }) else {
        fatalError("an entry past the limits or a path out of the pack: \(entries.map(\.path))")
    }
    return 0
}

runLibFuzzer(fuzzOne)
