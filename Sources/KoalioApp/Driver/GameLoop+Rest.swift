import KoalioCore

extension GameLoop {
    /// How long this frame's still screen may rest, in ticks (nil: not at all): as long as the
    /// flow says nothing changes without an event (``FlowRunner/stillTicks``), at most
    /// ``FrameClock/longestRestSeconds``, and never past a script's next event or the tick
    /// limit. Nothing rests while the frame's events wait for a tick, phones play (their
    /// frames come from another thread, not as SDL events), or the audio device is opening.
    func restTicks() -> Int? {
        guard !hadEvents, phones?.hasPhones != true, sound.isSettled, let still = runner.stillTicks else { return nil }
        var ticks = min(still, Int(FrameClock.longestRestSeconds * Double(Tick.perSecond)))
        if let next = script?.script.nextEventTick(after: flow.ticks) { ticks = min(ticks, next - flow.ticks) }
        if let tickLimit = options.command.ticks { ticks = min(ticks, tickLimit - flow.ticks) }
        return ticks > 0 ? ticks : nil
    }

    /// Sleeps until an event comes or `ticks` have passed, and tells the clock: on wall time
    /// the next frame owes every tick of the rest; counting frames (a script), the frames slept
    /// through are counted, so the script's ticks do not move. Returns false when the rest would
    /// be shorter than a frame (the frame is paced as usual).
    func rest(ticks: Int) -> Bool {
        let start = platform.now()
        defer { restedBefore = platform.now() - start }
        guard script != nil else {
            platform.waitForEvent(upTo: Double(ticks) / Double(Tick.perSecond))
            clock.rested()
            return true
        }
        let frames = clock.frames(forTicks: ticks) - 1  // the frame after the rest counts one more
        guard frames > 0 else { return false }
        platform.waitForEvent(upTo: Double(frames) * pacing.frameSeconds)
        clock.rested(frames: min(frames, Int((platform.now() - start) / pacing.frameSeconds)))
        return true
    }
}
