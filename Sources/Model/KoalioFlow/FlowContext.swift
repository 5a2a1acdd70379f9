import KoalioCore
import KoalioInput
import KoalioSim
import KoalioUserData
import KoalioText
import KoalioUI

/// What one update reads from outside the game's state and cannot change itself: the
/// catalog, the player's settings, the controllers' seats. The driver builds it each tick;
/// tests write it by hand.
package struct FlowContext {
    package init() {}

    /// The game's levels in playing order (empty for a single level).
    package var levelNames: [String] = []
    /// The catalog levels' titles (their maps' `title`), by name; a level without has none.
    package var levelTitles: [String: String] = [:]
    /// The catalog levels' medal times, by name.
    package var medals: [String: MedalTimes] = [:]
    /// The level packs on the shelf ("More levels"), and one line for each that cannot be read.
    package var packs: [PackListing] = []
    package var packProblems: [FileProblem] = []
    /// Where the player puts packs (`~/.local/share/koalio/levels/`, or under `$XDG_DATA_HOME`).
    package var packsFolder = "~/.local/share/koalio/levels/"
    /// The game was started at the title with its levels (not `--level` or `--replay`):
    /// winning offers the next level, pausing and the end screens offer the way out.
    package var playsTheGame = false
    /// The settings in effect, and those the file had wrong (their rows are marked).
    package var settings = Settings()
    package var resetKeys: Set<String> = []
    /// The player's language: the view draws every word in it (the flow speaks in ``Text``).
    package var words = Words.english
    /// How keys are named on keycaps (the platform's names, as data).
    package var keyNames = KeyNameTable()
    /// The kind of the pad in use, nil with none (the pad buttons page shows Xbox's).
    package var padCategory: ProductCategory?
    /// Whether the window is fullscreen now (a window manager may have taken it out).
    package var isFullscreen = false
    /// SDL's displays by name, for the video page.
    package var displays: [String] = []
    /// The largest window scale the window's display fits (nil: unknown), for the video page.
    package var windowScaleFits: Int?
    /// The display's refresh rate as the game takes it (`--refresh-rate`, else SDL's; nil: none
    /// reported), for the video page's Smooth motion row.
    package var refreshRate: Int?
    /// Co-op players 2–4 in the game, and those of them whose pad went away.
    package var seatedPlayers: [Int] = []
    package var playersWithPadAway: [Int] = []
    /// While phones may join (`--phones`): the card to show them the way in.
    package var pairingCard: PairingCard?
    /// Phone pads are on (the server listens), and why they could not be turned on, if they could not.
    package var phonesOn = false
    package var phonesProblem: NetworkProblem?
    /// The driver's clock, seconds: a speedrun's real time.
    package var now = 0.0
    /// The game's version, written into a speedrun's recordings.
    package var gameVersion = ""
    /// Games hosted on this network, as discovery found them (while the join form is open).
    package var foundGames: [FoundGame] = []
    /// What the join form's address starts as: this machine's network with its last number
    /// left to type (`192.168.1.`), or empty.
    package var joinAddressHint = ""
    /// The rendezvous for games by room code: the settings' `[online] rendezvous` (`--rendezvous`
    /// stands in for it: the effective settings); nil when none is named (koalio operates none).
    package var rendezvous: String? { settings.rendezvous.isEmpty ? nil : settings.rendezvous }

    /// The controllers' part: the pad in use's kind, the seated players and those whose pad is away.
    package mutating func read(_ registry: ControllerRegistry, seats: Seating) {
        padCategory = registry.current?.productCategory
        seatedPlayers = seats.players
        playersWithPadAway = seats.playersWithPadAway
    }

    package var settingsMenu: SettingsMenu.Context {
        SettingsMenu.Context(settings: settings, padStyle: padCategory.map(ButtonStyle.init(pad:)) ?? .xbox,
                             padCategory: padCategory ?? .xboxOne, displays: displays, refreshRate: refreshRate, resetKeys: resetKeys,
                             keyNames: keyNames, windowScaleFits: windowScaleFits)
    }
}
