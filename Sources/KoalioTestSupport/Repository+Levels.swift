import KoalioLevel
import KoalioSim

extension Repository {
    /// The shipped first level, loaded: the map most tests play on.
    public static func level1Map() throws -> TileMap { try LevelFile.load(level1).map }
}

extension Repository {
    /// A shipped level by name (`level2` for `Levels/level2.tmx`).
    public static func map(named name: String) throws -> TileMap { try file(named: name).map }

    /// A shipped level's file, read and hashed.
    public static func file(named name: String) throws -> LevelFile { try LevelFile.load(path("Levels/\(name).tmx")) }
}
