import KoalioCore

/// How many fixed ticks each rendered frame owes (Game Programming Patterns, "Game Loop"), and
/// how far into the next tick the frame is (``fraction``: smooth motion draws that far between
/// the last two world states). Pure: tests feed it any clock.
///
/// On wall time, time accumulates, whole ticks are taken out, and a long frame owes at most
/// ``maxTicksPerFrame`` so a stall does not turn into a burst. Counting frames instead (a
/// headless or scripted run), frame n is at n / frames-per-second exactly, in whole numbers:
/// at 60 frames a second that is one tick per frame as it always was, at 144 five ticks every
/// twelve frames, the same whatever the machine's speed, so a script's ticks do not depend on it.
/// Counted, a frame never owes more than one tick (at least 60 frames a second) but after a rest:
/// a script's input and the phones' pads are given once a frame, before its tick, and a second
/// would go without.
///
/// A still screen rests instead (``rested(frames:)``): the loop sleeps until an event or a
/// deadline, and owes every tick the rest took (on wall time, then and there; counting frames,
/// with the next frame's, the rest never passing a script's event), so ticks stay counted from
/// the clock, never from wake-ups.
public struct FrameClock: Sendable {
    public static let maxTicksPerFrame = 5
    /// The longest a still screen rests before the loop looks again (phones joining, the pairing
    /// card's new code, `--watch`ed files): half a second.
    public static let longestRestSeconds = 0.5
    /// The frame after a rest owes the whole rest (a stall is still capped).
    private var resting = false
    /// Counting frames: ticks owed by the frames a rest skipped, given with the next frame's.
    private var pendingTicks = 0
    private var accumulator = 0.0
    private var previous: Double
    /// Counting frames: their rate, and how many have passed.
    private var counted: (framesPerSecond: Int, frames: Int)?
    /// How much of a tick has passed since the last one, 0..<1.
    public private(set) var fraction = 0.0

    public init(now: Double) { previous = now }

    /// A clock of frames at `framesPerSecond`, not of time.
    public init(framesPerSecond: Int) {
        previous = 0
        counted = (max(Tick.perSecond, framesPerSecond), 0)
    }

    /// Counting frames: from the next frame on, at this rate (the settings changed).
    public mutating func countFrames(at framesPerSecond: Int) {
        let rate = max(Tick.perSecond, framesPerSecond)
        guard let counted, counted.framesPerSecond != rate else { return }
        // Starting again at the tick boundary the last frame passed keeps every tick counted once.
        self.counted = (rate, 0)
    }

    /// Counting frames: the ticks due over the `count` frames after the first `frames` at
    /// `perSecond` (frame n is at n / perSecond exactly).
    private static func ticks(over count: Int, after frames: Int, perSecond: Int) -> Int {
        (frames + count) * Tick.perSecond / perSecond - frames * Tick.perSecond / perSecond
    }

    /// Frames counted: how many frames from now until `ticks` more ticks are due (each frame owes
    /// at most one): a rest that may last that long and no longer.
    public func frames(forTicks ticks: Int) -> Int {
        guard let (perSecond, frames) = counted, ticks > 0 else { return 0 }
        var n = 0
        while Self.ticks(over: n + 1, after: frames, perSecond: perSecond) <= ticks { n += 1 }
        return n
    }

    /// The loop rested (slept until an event or a deadline) instead of showing frames: on wall
    /// time, the next ``ticksDue(now:rate:)`` owes the whole rest; counting frames, the rest's
    /// `frames` (each a frame not shown) are counted now, and their ticks owed with the next frame's.
    public mutating func rested(frames skipped: Int = 0) {
        if let (perSecond, frames) = counted {
            counted = (perSecond, frames + max(0, skipped))
            pendingTicks += Self.ticks(over: max(0, skipped), after: frames, perSecond: perSecond)
        } else {
            resting = true
        }
    }

    /// - Parameter rate: ticks owed per tick's worth of wall time: below 1 (assist's game speed)
    ///   the world runs fewer 60 Hz ticks a second, each the same as at full speed. (Counting
    ///   frames, a tick is a tick: scripts and tests step the world one step at a time.)
    public mutating func ticksDue(now: Double, rate: Double = 1) -> Int {
        if let (perSecond, frames) = counted {
            counted = (perSecond, frames + 1)
            fraction = Double((frames + 1) * Tick.perSecond % perSecond) / Double(perSecond)
            defer { pendingTicks = 0 }
            return pendingTicks + Self.ticks(over: 1, after: frames, perSecond: perSecond)
        }
        let tickSeconds = 1 / Double(Tick.perSecond)
        let cap = resting ? Self.longestRestSeconds + tickSeconds * Double(Self.maxTicksPerFrame) : tickSeconds * Double(Self.maxTicksPerFrame)
        resting = false
        accumulator += min(max(0, now - previous), cap) * rate
        previous = now
        let due = Int(accumulator / tickSeconds)
        accumulator -= Double(due) * tickSeconds
        fraction = min(max(accumulator / tickSeconds, 0), 1)
        return due
    }
}
