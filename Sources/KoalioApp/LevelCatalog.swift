import KoalioFlow
import KoalioCore
import KoalioLevelFile
import KoalioSim

/// The game's levels in playing order (`level1`, `level2`, … in the data's `Levels/`) and how to
/// load one: the loop loads a level when the player picks it.
public struct LevelCatalog {
    public var names: [String]
    /// Each level's medal times (`Levels/medals.toml`); a level without has no medals.
    public var medals: [String: MedalTimes] = [:]
    /// Levels come in worlds of three: a world's last level ends with its "world complete".
    public static let levelsPerWorld = FlowState.levelsPerWorld
    /// Loads a level by name: its map, stage and file's SHA-256 (which replays record).
    public var load: @MainActor (String) throws(KoalioError) -> LevelFile

    public init(names: [String], load: @escaping @MainActor (String) throws(KoalioError) -> LevelFile) {
        self.names = names
        self.load = load
    }
}
