import KoalioCore

/// How many fixed ticks each rendered frame owes, from wall time (Game Programming Patterns,
/// "Game Loop"): time accumulates, whole ticks are taken out, and a long frame owes at most
/// ``maxTicksPerFrame`` so a stall does not turn into a burst. Pure: tests feed it any clock.
public struct FrameClock: Sendable {
    public static let maxTicksPerFrame = 5
    private var accumulator = 0.0
    private var previous: Double

    public init(now: Double) { previous = now }

    /// - Parameter rate: ticks owed per tick's worth of wall time: below 1 (assist's game speed)
    ///   the world runs fewer 60 Hz ticks a second, each the same as at full speed.
    public mutating func ticksDue(now: Double, rate: Double = 1) -> Int {
        let tickSeconds = 1 / Double(Tick.perSecond)
        accumulator += min(max(0, now - previous), tickSeconds * Double(Self.maxTicksPerFrame)) * rate
        previous = now
        let due = Int(accumulator / tickSeconds)
        accumulator -= Double(due) * tickSeconds
        return due
    }
}
