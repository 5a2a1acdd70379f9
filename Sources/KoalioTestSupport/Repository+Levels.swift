import KoalioLevel
import KoalioSim

extension Repository {
    /// The shipped first level, loaded: the map most tests play on.
    public static func level1Map() throws -> TileMap { try TMXLoader.load(path: level1) }
}
