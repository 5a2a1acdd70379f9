import KoalioSim

/// A recorded run played again beside the player: its own session on the same map, stepped with
/// the recording's inputs so that its world keeps the same simulated time as the player's.
/// Following the world's tick (not the loop's) keeps the two together through pauses on either
/// side: the ghost pauses where the recorded run paused, and waits while the player pauses.
public struct Ghost: Sendable {
    public let recording: Recording
    public private(set) var session: Session
    private let stage: Stage
    private var next = 0

    public init(recording: Recording, stage: Stage) {
        self.recording = recording
        self.stage = stage
        session = Session(stage: stage, assist: recording.assist)
    }

    /// Whether the recorded run has played to its end.
    public var isFinished: Bool { next >= recording.inputs.count }

    /// Steps until the ghost's world has run `worldTick` ticks of play (or its inputs end); a
    /// player who restarted (`worldTick` below the ghost's) restarts the ghost too.
    public mutating func follow(worldTick: Int) {
        if worldTick < session.world.tick {
            session = Session(stage: stage, assist: recording.assist)
            next = 0
        }
        while session.world.tick < worldTick && next < recording.inputs.count {
            _ = session.step(recording.inputs[next])
            next += 1
        }
    }
}
