import KoalioLevel
import KoalioSim

extension Repository {
    /// The shipped first level, loaded: the map most tests play on.
    public static func level1Map() throws -> TileMap { try TMXLoader.load(path: level1) }
}

extension Repository {
    /// A shipped level by name (`level2` for `Levels/level2.tmx`).
    public static func map(named name: String) throws -> TileMap { try TMXLoader.load(path: path("Levels/\(name).tmx")) }
}
