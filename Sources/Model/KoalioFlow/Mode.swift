import KoalioCore
import KoalioInput
import KoalioSim
import KoalioText

/// Where the game is above the world: the one value the driver's ``Flow/update(_:_:_:)`` steps.
///
/// The level being played (or last played, the menus' backdrop) is ``FlowState/run``, not a
/// payload here: a session is stepped in place 60 times a second, and a copy per tick inside an
/// enum would copy its world.
package enum Mode: Equatable {
    case title
    case levelSelect
    /// "More levels": the level packs on the shelf.
    case packs
    /// One pack's levels (its place in ``FlowContext/packs``).
    case packLevels(Int)
    case settings(SettingsState)
    /// How to play, and where its Back leads (the title, or the paused level).
    case howToPlay(exit: SettingsState.Exit)
    /// Add a phone: the pairing card, large, and where its Back leads.
    case addPhone(exit: SettingsState.Exit)
    /// ``FlowState/run`` is played; its pause and end screens are the session's states.
    case level
    /// Play online: host or join, the join form, the wait for the host's answer.
    case online(OnlinePage)
    /// Speedrun: the categories, and a finished run's results.
    case speedrunSelect
    case speedrunResults(SpeedrunResult)
    /// "World N complete!" (N from 1) with the world's totals, shown from the flow tick it
    /// opened on; then the level select.
    case worldComplete(world: Int, since: Int)

    /// Add a phone's page, from wherever it was opened.
    package var isAddPhone: Bool { if case .addPhone = self { true } else { false } }
}

/// The level being played: the session, which of the catalog's levels it is, and its file's
/// digest (recordings and the ghost name it).
package struct LevelRun: Equatable {
    package var session: Session
    /// The level as its author made it: what the view draws (the session plays on its stage).
    package var map: LevelMap
    /// Index into the catalog; nil for a level from elsewhere (`--level PATH`, a replay).
    package var index: Int?
    /// A pack's level (`--level PACK/NAME`): where its progress, best run and ghost are kept
    /// (its file's digest, ``LevelPack/recordKey(sha256:)``) and its medal times.
    package var packRecord: PackRecord?
    package var sha256: [UInt8]
    /// The controllers, or a recording (no pause menu, no joins, no end-screen ways out then).
    package var source: RunSource
    /// The pause menu's Resume was chosen with a button that also jumps: the run resumes when
    /// it is let go.
    package var resumesOnRelease = false
    /// How the run was won, for the end screen (nil until won; a restart clears it).
    package var result: RunResult?
    /// Played over the network (``RunSource/network``): the networked game steps the world.
    package var networked: Bool { source == .network }
    /// The network's state as last heard (waiting for players, who is away).
    package var network: NetworkTick.Status?
    /// The pause menu's Resume was chosen: the next tick's input carries Start, for every machine.
    package var networkResume = false
    /// The jump and dash held from the menu that started the level (or the host's A that
    /// started the networked game): not the koala's, until let go and pressed again.
    package var heldOverStart = HeldOverStart.none
    /// When (the driver's clock, ``FlowContext/now``) the networked game was first seen over
    /// before its end: its reason shows for ``FlowState/networkEndShownSeconds``.
    package var networkEndedAt: Double?

    package init(session: Session, map: LevelMap, index: Int?, sha256: [UInt8], source: RunSource = .live) {
        self.session = session
        self.map = map
        self.index = index
        self.sha256 = sha256
        self.source = source
    }

    /// The session's state as shown and traced: a replay whose playback the viewer paused
    /// shows as paused.
    package var shownState: SessionState {
        source.isPlaybackPaused && session.state == .playing ? .paused : session.state
    }
}

/// Where a pack's level keeps its records, and its medal times from the pack's manifest.
package struct PackRecord: Equatable, Sendable {
    package var key: String
    package var medals: MedalTimes?
    /// The pack's page the run came from, to go back to (nil: started with `--level PACK/NAME`).
    package var pack: Int?

    package init(key: String, medals: MedalTimes?, pack: Int? = nil) {
        self.key = key
        self.medals = medals
        self.pack = pack
    }
}

/// A won run as the end screen tells it: the time, the best before it, the medal, the leaves.
package struct RunResult: Equatable {
    package var ticks: Int
    /// The level's best time before this run (nil: none yet, or not a catalog level).
    package var previousBest: Int?
    package var isBest: Bool
    package var medal: Medal?
    /// The level's medal times (nil: it has none).
    package var medalTimes: MedalTimes?
    package var leaves: Int
    package var leafTotal: Int
    package var assisted: Bool
}

/// "Quit koalio?" asked over whatever screen chose Quit; Back or No returns to it. No is
/// chosen at first: a destructive answer is never one press away (B then A must not quit).
package struct QuitConfirmation: Equatable {
    /// The answers, in the order they are shown.
    package enum Answer: CaseIterable, Equatable {
        case yes, no

        /// Its words.
        package var label: Message {
            switch self {
            case .yes: .yes
            case .no: .no
            }
        }
    }

    package var selection = Answer.no
}
