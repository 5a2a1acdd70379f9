import KoalioInput
import KoalioReplay

/// Where the world's input comes from each tick: the controllers, or a recording. The only
/// difference between live play and a replay; everything else goes the same way.
enum InputSource {
    case live
    case replay(ReplayCursor)

    /// The tick's input for the world: the live input itself, or the recording's next tick
    /// (nil when its playback is paused or over). During a replay the live Start, Esc or P
    /// pause the playback; the recording is not changed.
    mutating func next(live: TickInput) -> TickInput? {
        guard case var .replay(cursor) = self else { return live }
        self = .live  // the cursor is changed in place, not copied with its recording
        let input = cursor.next(pausing: live.pressed.contains(.menu))
        self = .replay(cursor)
        return input
    }

    var isPlaybackPaused: Bool {
        if case let .replay(cursor) = self { return cursor.isPaused }
        return false
    }
}

/// A recording being played back, tick by tick.
struct ReplayCursor {
    let recording: Recording
    private var index = 0
    private(set) var isPaused = false

    init(recording: Recording) { self.recording = recording }

    mutating func next(pausing toggle: Bool) -> TickInput? {
        if toggle { isPaused.toggle() }
        guard !isPaused, index < recording.inputs.count else { return nil }
        defer { index += 1 }
        return recording.inputs[index]
    }
}
