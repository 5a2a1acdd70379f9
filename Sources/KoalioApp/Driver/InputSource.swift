import KoalioFlow
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
        let input = cursor.next(pausing: live.pressed.contains(.menu))  // the recording is shared, not copied
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

/// Where each tick's ``FrameInput`` comes from: the frame's events read by the reader, the
/// registry's controllers, and the world's input from the source.
struct InputFeed {
    var reader = FrameInputReader()
    var source: InputSource

    /// The tick's input. `pausing`: the game pauses itself at this tick (focus lost, the pad
    /// in use left), carried in the world's input so a replay pauses at the same tick.
    mutating func take(from registry: ControllerRegistry, steering: Controller, pausing: Bool,
                       sourceIndex: (String) -> Int) -> FrameInput {
        var input = reader.take(from: registry, steering: steering, sourceIndex: sourceIndex)
        if pausing { input.play?.pressed.insert(.pauseRequest) }
        input.play = input.play.flatMap { source.next(live: $0) }
        return input
    }
}
