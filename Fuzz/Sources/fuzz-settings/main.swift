import FuzzSupport
import KoalioInput
import KoalioUserData
import KoalioUserFiles

/// A few of SDL's key names; every other key is "Key N", as the game writes a key SDL cannot
/// name, so any key the parser takes writes back.
let naming = KeyNameTable(names: [(.space, "Space"), (.left, "Left"), (.right, "Right"), (.up, "Up"), (.escape, "Escape"),
                                  (.x, "X"), (.z, "Z")])

/// Any bytes as settings.toml: reading never fails as a whole (problems are warnings), the
/// settings read write out as a file that reads back the same, with no problem, and saving over
/// a file that had problems keeps it whole.
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    let input = bytes(data, size)
    let decoded = SettingsFile.decode(input, file: "fuzz", naming: naming)
    checkSaveKeeps(input, readCleanly: decoded.problems.isEmpty, name: "settings.toml") { path in
        _ = try? SettingsFile.save(decoded.settings, path: path, naming: naming)
    }
    let again = SettingsFile.decode(Array(SettingsFile.encode(decoded.settings, naming: naming).utf8), file: "again", naming: naming)
    guard again.problems.isEmpty, again.settings == decoded.settings else {
        fatalError("settings do not read back from their own file: \(again.problems)")
    }
    return 0
}

runLibFuzzer(fuzzOne)
