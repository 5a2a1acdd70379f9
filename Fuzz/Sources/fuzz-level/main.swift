import FuzzSupport
import KoalioLevel
import KoalioSim

/// Where fuzzed levels pretend to live: beside the real ones, so `koalio.tsx` and the tileset
/// images they name resolve and the loader's deeper checks are reached.
let levelPath: String = {
    var directory = #filePath
    for _ in 0..<4 { directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)]) }
    return directory + "/Levels/fuzz.tmx"
}()

/// Any bytes as a level: the loader must return a map or a `LevelError`, and its stage a
/// `Stage` or a `StageError` (a critter with no ground, …), never trap or hang.
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    if let map = try? TMXLoader.load(bytes: bytes(data, size), path: levelPath) { _ = try? Stage(map) }
    return 0
}

runLibFuzzer(fuzzOne)
