import KoalioCore
import KoalioInput
import KoalioNet
import KoalioReplay
import KoalioSim
import KoalioUserData

/// What ``Flow/update(_:_:_:)`` asks the driver to do: everything that touches SDL, the disk
/// or the controllers' registry. Values, so tests read them as they are.
package enum Effect: Equatable {
    case sound(SoundEffect)
    /// A pad's jolt: the pad of `player`, or (nil) the pad in use.
    case rumble(player: Int?)
    /// Apply these settings and save them (the driver's ``SettingsStore`` decides what changed).
    case changeSettings(Settings)
    /// Save the player's progress (``FlowState/progress``, as this update left it).
    case saveProgress
    /// Load the catalog's level at this index (read the file, prepare its images): the answer
    /// comes back through ``FlowState/levelLoaded(_:_:_:)`` in the same tick (see ``FlowState/tick(_:_:load:)``).
    case loadLevel(LevelRef)
    /// ``FlowState/run`` has just started: the driver loads its ghost and starts recording it.
    case levelStarted
    /// `--watch`: ``FlowState/run`` is the reloaded level, the koala where it stood (`keptPlace`)
    /// or back at the spawn: the driver starts recording it anew and says so.
    case levelReloaded(keptPlace: Bool)
    /// The run took one step with this input, leaving `session` (the driver records it and
    /// moves the ghost). Online, a tick every machine agrees on, with the game after it: the
    /// run as confirmed is the run. The session travels with the step: by the time the driver
    /// performs it, the flow may be on the next level (a speedrun's split loads it at once).
    case stepped(TickInput, Session.StepResult, Session)
    /// The run just won was the level's best: keep its recording (the ghost races it).
    case keepBestRun(level: String)
    /// A free pad joins as the next player; a player leaves (their pad is free again).
    case join(ControllerID)
    case leave(player: Int)
    /// A chosen level did not start: one line on stderr, `koalio: …` (the menu says it too).
    case levelRefused(LoadProblem)
    case quit
    /// Add a phone was opened with phone pads off: turn them on (the server, `[phones] enabled`).
    case turnPhonesOn
    /// Add a phone → New code: a fresh code and token for the pairing card.
    case newPhoneCode
    /// Play online's: the online game's handler answers (``OnlineEffect``).
    case online(OnlineEffect)
    /// A speedrun's events: LiveSplit is told, the run's recording kept (``SpeedrunEvent``).
    case speedrun(SpeedrunEvent)

    /// The pad's jolt when the koala dies.
    package static let deathRumble = (low: Float(0.9), high: Float(0.6), milliseconds: 350)
}

/// What Play online asks of the online game's handler.
package enum OnlineEffect: Equatable {
    /// Host: ``FlowState/run`` (just started, networked) is hosted, on this network or in a room
    /// on the rendezvous; the answer, if it cannot be, comes as ``OnlineNews/failed(_:)``.
    case host(HostPlace)
    /// The host of the waiting game whose code went off (too many wrong codes) makes a new one.
    case newCode
    /// The join form was sent: say hello to `address` (`a.b.c.d[:port]`, `[v6][:port]`) with
    /// `code`; the answer comes as ``OnlineNews``.
    case join(address: String, code: String)
    /// The join form's room code (its six symbols) was sent: the room is entered through the
    /// rendezvous and the path found, then hello said over it; the answer comes as ``OnlineNews``.
    case joinRoom(code: String)
    /// The host's level is loaded (``FlowState/run``, networked): the joiner waits for the start.
    case ready
    /// The online game or the try to join is left (its goodbyes were sent just before): the
    /// socket is closed.
    case leave
    /// These datagrams, out through the game's socket (the networked game's inputs, answers,
    /// goodbyes: ``OnlineGame``).
    case send([Datagram])
}

/// A speedrun began (its first level is loading), reached a flag (the run's in-game time then),
/// finished, or was abandoned; or its game time stopped or went on again (``SpeedrunRun/clockRuns``).
package enum SpeedrunEvent: Equatable {
    case started
    case split(inGameTicks: Int)
    /// The last flag: the run's times, and its recordings as one run (written, kept if the best).
    case finished(inGameTicks: Int, realMilliseconds: Int, personalBest: Bool, run: RunRecording)
    case reset
    /// The run's level came on (`runs`) or went off (paused, a menu over it), at this in-game time.
    case clock(runs: Bool, inGameTicks: Int)
}
