import KoalioCore

/// The loop's time: the ticks each frame owes (``FrameClock``: wall time, or counted frames for
/// scripts and headless runs), when the next frame is due, what the frame began at, how long
/// the loop rested, and `--frame-times`' log.
struct FrameSchedule {
    var clock = FrameClock(framesPerSecond: Tick.perSecond)
    /// Frames are counted, not timed (headless, or a script): see ``FrameClock``.
    var fixedStep = false
    /// When the next frame is due, on the platform's clock.
    var nextFrame = 0.0
    /// When this frame began, on the loop's clock: the flow's `now` (a speedrun's real time),
    /// read once a frame (a caller's clock counts its reads).
    var frameStartedAt = 0.0
    /// Seconds the loop rested before the coming frame (`--frame-times`' last column).
    var restedBefore = 0.0
    /// Events were read since the last tick: no rest until a tick has taken them.
    var eventsAwaitTick = false
    /// The tick the script's input and the phones' pads were last given before (once per tick:
    /// at more frames than ticks a second, frames come that step no tick).
    var inputGivenTick: Int?
    /// `--frame-times`: each frame's start, work and camera, written when the game ends.
    var frameTimes: [FrameTimes.Frame] = []
}
