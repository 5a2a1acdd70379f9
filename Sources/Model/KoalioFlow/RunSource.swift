import KoalioInput
import KoalioReplay

/// Where a level run's input comes from: the controllers, a recording played back, or the
/// controllers here and the other machines' over the network. A replay's world steps with the
/// recording's inputs, its controllers only pause and resume the playback, and it seats no one,
/// records nothing and keeps no progress. A networked run's world is the networked game's
/// (``FlowState/online``): this machine's input goes to it each tick, and the ticks every
/// machine confirmed are what it records.
package enum RunSource: Equatable {
    case live
    case replay(ReplayCursor)
    case network

    /// The world's input this tick: the live input itself, or the recording's next tick (nil
    /// while its playback is paused, or once it is over). During a replay the live Start, Esc
    /// or P pause the playback; the recording is not changed.
    mutating func next(live: TickInput) -> TickInput? {
        guard case var .replay(cursor) = self else { return live }
        let input = cursor.next(pausing: live.pressed.contains(.menu))  // the recording is shared, not copied
        self = .replay(cursor)
        return input
    }

    /// Played with controllers (here, or here and on other machines), not played back.
    package var isLive: Bool {
        if case .replay = self { return false }
        return true
    }

    /// A replay whose playback the viewer paused.
    package var isPlaybackPaused: Bool {
        if case let .replay(cursor) = self { return cursor.isPaused }
        return false
    }

    /// The recording's table of controller names (nil when live: the run names its own).
    package var recordedSources: [String]? {
        if case let .replay(cursor) = self { return cursor.recording.sources }
        return nil
    }
}

/// A recording being played back, tick by tick.
package struct ReplayCursor: Equatable {
    package let recording: Recording
    private var index = 0
    package private(set) var isPaused = false

    package init(recording: Recording) { self.recording = recording }

    mutating func next(pausing toggle: Bool) -> TickInput? {
        if toggle { isPaused.toggle() }
        guard !isPaused, index < recording.inputs.count else { return nil }
        defer { index += 1 }
        return recording.inputs[index]
    }
}
