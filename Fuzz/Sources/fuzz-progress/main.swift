import FuzzSupport
import KoalioUserData
import KoalioUserFiles

/// Any bytes as progress.toml: reading gives progress or a `UserFileError`; progress that reads
/// writes out as a file that reads back the same; saving over a file that did not read keeps it.
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    let input = bytes(data, size)
    let read = try? ProgressFile.decode(input, file: "fuzz")
    checkSaveKeeps(input, readCleanly: read != nil, name: "progress.toml") { path in
        _ = try? ProgressFile.save(read ?? PlayerProgress(), path: path)
    }
    guard let progress = read else { return 0 }
    guard let again = try? ProgressFile.decode(Array(ProgressFile.encode(progress).utf8), file: "again"), again == progress else {
        fatalError("progress does not read back from its own file")
    }
    return 0
}

runLibFuzzer(fuzzOne)
