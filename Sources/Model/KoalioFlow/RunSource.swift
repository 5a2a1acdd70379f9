import KoalioInput
import KoalioReplay

/// Where a level run's input comes from: the controllers, or a recording played back. The one
/// difference between live play and a replay: a replay's world steps with the recording's
/// inputs, its controllers only pause and resume the playback, and it seats no one, records
/// nothing and keeps no progress.
package enum RunSource: Equatable {
    case live
    case replay(ReplayCursor)

    /// The world's input this tick: the live input itself, or the recording's next tick (nil
    /// while its playback is paused, or once it is over). During a replay the live Start, Esc
    /// or P pause the playback; the recording is not changed.
    mutating func next(live: TickInput) -> TickInput? {
        guard case var .replay(cursor) = self else { return live }
        let input = cursor.next(pausing: live.pressed.contains(.menu))  // the recording is shared, not copied
        self = .replay(cursor)
        return input
    }

    package var isLive: Bool { self == .live }

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
