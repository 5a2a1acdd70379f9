import KoalioCore

/// What the player sees the game doing, as the trace reports it.
public enum SessionState: String, Sendable {
    case playing, paused, won, died
}

/// One level being played: the world, the pause, and restarts. Pure and deterministic.
///
/// The game loop calls ``advance(_:)`` once per 60 Hz step whether or not the game is paused,
/// so the step count (``steps``) is the loop's clock and the world stands still while paused.
public struct Session: Equatable, Sendable {
    public let stage: Stage
    public internal(set) var world: World
    public private(set) var isPaused = false
    /// 60 Hz steps the loop has run, paused ones included.
    public private(set) var steps = 0
    /// What the last step did to the koala (sounds); not part of the state replays check.
    public private(set) var events: WorldEvents = []
    /// Steps since the run last ended (won or died), for end-screen effects.
    public private(set) var stepsSinceRunEnded = 0
    /// Steps the level was played: not paused, the koala alive and the flag not reached (each
    /// try until its death counts, from its first tick; the death screen's wait and the end
    /// screen do not). A speedrun's in-game time is the sum of its levels' play ticks: the ticks
    /// its recordings hold, less their pauses, so a run file proves it.
    public private(set) var playTicks = 0

    public init(stage: Stage, assist: Assist = .off) {
        self.stage = stage
        self.world = World(stage: stage, assist: assist)
    }

    public var state: SessionState {
        switch world.state {
        case .won: return .won
        case .died: return .died
        case .playing: return isPaused ? .paused : .playing
        }
    }

    /// One loop step: the world advances by the commands unless paused or over. Returns how
    /// the run ended if it ended on this step, so the platform can react (a pad's rumble).
    @discardableResult
    public mutating func advance(_ command: Command, partners: [PartnerCommand] = []) -> RunState? {
        wait()
        if !isPaused && world.state == .playing { playTicks += 1 }
        guard !isPaused, world.state == .playing else { return nil }
        events = world.step(command, partners: partners, in: stage)
        return world.state == .playing ? nil : world.state
    }

    /// The loop's clock moves one step (and the end screen's timer); the world does not. All a
    /// step does when it feeds no input (a replay paused or over); `advance` starts with it.
    public mutating func wait() {
        steps += 1
        events = []
        if world.state != .playing { stepsSinceRunEnded += 1 }
    }

    /// Pause toggles only while the run is on; the end screens have their own prompt.
    public mutating func togglePause() {
        guard world.state == .playing else { return }
        isPaused.toggle()
    }

    /// The window lost focus, or the pad in use left: pause until the player resumes.
    public mutating func pauseIfPlaying() {
        guard world.state == .playing else { return }
        isPaused = true
    }

    /// Start the level again from its spawn point (the end screens' Enter), with the same assist.
    public mutating func restart() {
        world = World(stage: stage, assist: world.assist)
        isPaused = false
        stepsSinceRunEnded = 0
    }

    /// Applies a tick's menu actions: on an end screen a restart, otherwise a pause toggle.
    /// Returns whether the level restarted.
    @discardableResult
    public mutating func apply(togglePause toggle: Bool, restart wantsRestart: Bool) -> Bool {
        if wantsRestart && (world.state == .won || world.state == .died) {
            restart()
            return true
        } else if toggle {
            togglePause()
        }
        return false
    }

    /// What one step did, for whoever records or reacts.
    public struct StepResult: Equatable, Sendable {
        /// The level started again before this step's move.
        public var restarted = false
        /// The run ended on this step.
        public var ended: RunState?

        public init(restarted: Bool = false, ended: RunState? = nil) {
            self.restarted = restarted
            self.ended = ended
        }
    }

    /// One loop step with one tick's menu actions, then its commands. Live play and replays
    /// both come through here (through `step(_ input: TickInput)`), so they cannot differ.
    @discardableResult
    public mutating func step(_ command: Command, partners: [PartnerCommand] = [], _ actions: MenuActions) -> StepResult {
        if actions.pause { pauseIfPlaying() }
        let restarted = apply(togglePause: actions.togglePause, restart: actions.restart)
        return StepResult(restarted: restarted, ended: advance(command, partners: partners))
    }
}

extension Session {
    /// The run again on an edited map (`--watch`): a fresh world on it with the same assist,
    /// player 1's koala standing where it stood if that spot is free there (else at the spawn).
    public func reloaded(on stage: Stage) -> (session: Session, keptPlace: Bool) {
        var next = Session(stage: stage, assist: world.assist)
        let feet = world.player.position
        let fits = feet.x >= 0 && feet.x <= stage.pixelWidth && feet.y <= stage.pixelHeight && stage.koalaFits(feet: feet)
        if fits { next.world.player.position = feet }
        return (next, fits)
    }
}
