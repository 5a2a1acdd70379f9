import KoalioLevel
import KoalioLevelFile
import KoalioSim

extension Repository {
    /// The shipped first level's stage: what most tests play on.
    public static func level1Stage() throws -> Stage { try LevelFile.load(level1).stage }
}

extension Repository {
    /// A shipped level's stage by name (`level2` for `Levels/level2.tmx`).
    public static func stage(named name: String) throws -> Stage { try file(named: name).stage }

    /// A shipped level's file, read, hashed and staged.
    public static func file(named name: String) throws -> LevelFile { try LevelFile.load(path("Levels/\(name).tmx")) }
}
