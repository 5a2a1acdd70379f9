import KoalioCore
import KoalioInput
import KoalioSim
import KoalioUserData
import KoalioView

/// What one update reads from outside the game's state and cannot change itself: the
/// catalog, the player's settings, the controllers' seats. The driver builds it each tick;
/// tests write it by hand.
struct FlowContext {
    /// A level of the catalog, loaded and ready to draw, or why it cannot be played (one line
    /// naming the file, the place and the problem).
    enum LevelLoad {
        case loaded(TileMap, sha256: [UInt8])
        case refused(String)
    }

    /// The game's levels in playing order (empty for a single level).
    var levelNames: [String] = []
    /// The catalog levels' medal times, by name.
    var medals: [String: MedalTimes] = [:]
    /// The game was started at the title with its levels (not `--level` or `--replay`):
    /// winning offers the next level, pausing and the end screens offer the way out.
    var playsTheGame = false
    /// Loads a catalog level (the driver's reads the file and prepares its textures).
    var loadLevel: @MainActor (Int) -> LevelLoad = { _ in .refused("no levels") }
    /// The settings in effect, and those the file had wrong (their rows are marked).
    var settings = Settings()
    var resetKeys: Set<String> = []
    /// The kind of the pad in use, nil with none (the pad buttons page shows Xbox's).
    var padCategory: ProductCategory?
    /// SDL's displays by name, for the video page.
    var displays: [String] = []
    /// Co-op players 2–4 in the game, and those of them whose pad went away.
    var seatedPlayers: [Int] = []
    var playersWithPadAway: [Int] = []

    /// The registry's part: the pad in use's kind, the seated players and those whose pad is away.
    mutating func read(_ registry: ControllerRegistry) {
        padCategory = registry.current?.productCategory
        seatedPlayers = registry.seats.keys.sorted()
        playersWithPadAway = registry.playersWithPadAway
    }

    var settingsMenu: SettingsMenu.Context {
        SettingsMenu.Context(settings: settings, padStyle: padCategory.map(ButtonStyle.init(pad:)) ?? .xbox,
                             padCategory: padCategory ?? .xboxOne, displays: displays, resetKeys: resetKeys)
    }
}
