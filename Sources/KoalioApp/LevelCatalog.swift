import KoalioCore
import KoalioSim

/// Where the player is in the game: a menu, or a level.
public enum Screen: String, Sendable {
    case title, levels, level
    /// The settings pages (from the title or the pause screen).
    case settings, keyboardControls = "keyboard", padControls = "gamepad", touchControls = "touch", video, assist

    /// "Quit koalio?" (Yes / No), over the title or the pause screen.
    case quitConfirmation = "quit"
    /// How to play: the controls of the controller in hand and the rules (from the title or the pause screen).
    case howToPlay = "howto"
    /// "World 1 complete!": the world's totals, after winning its last level.
    case worldComplete = "world"

    var isSettings: Bool { [.settings, .keyboardControls, .padControls, .touchControls, .video, .assist].contains(self) }
}

/// The game's levels in playing order (`level1`, `level2`, … in the data's `Levels/`) and how to
/// load one: the loop loads a level when the player picks it.
public struct LevelCatalog {
    public var names: [String]
    /// Each level's medal times (`Levels/medals.toml`); a level without has no medals.
    public var medals: [String: MedalTimes] = [:]
    /// Levels come in worlds of three: a world's last level ends with its "world complete".
    public static let levelsPerWorld = 3
    /// Loads a level by name: its map and its file's SHA-256 (which replays record).
    public var load: @MainActor (String) throws(KoalioError) -> (map: TileMap, sha256: [UInt8])

    public init(names: [String], load: @escaping @MainActor (String) throws(KoalioError) -> (map: TileMap, sha256: [UInt8])) {
        self.names = names
        self.load = load
    }
}
