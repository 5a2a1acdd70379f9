import KoalioCore

extension GameLoop {
    /// How long this frame's still screen may rest, in ticks (nil: not at all): as long as the
    /// flow says nothing changes without an event (``FlowRunner/stillTicks``), at most
    /// ``FrameClock/longestRestSeconds``, and never past a script's next event (one at the
    /// current tick is given at the next frame's start) or the tick limit's last tick (a frame
    /// of its own: the last picture is drawn, and `--screenshot` saved, after it). Nothing rests while
    /// events read since the last tick wait for one (a pad's press changes no reader state
    /// until a tick compares it), phones play (their frames come from another thread, not as SDL
    /// events), or the audio device is opening.
    func restTicks() -> Int? {
        guard !schedule.eventsAwaitTick, !handlers.phones.playing, handlers.audio.isSettled, let still = runner.stillTicks else { return nil }
        var ticks = min(still, Int(FrameClock.longestRestSeconds * Double(Tick.perSecond)))
        if let next = script?.script.nextEventTick(after: flow.ticks - 1) { ticks = min(ticks, next - flow.ticks) }
        if let tickLimit = command.ticks { ticks = min(ticks, tickLimit - flow.ticks - 1) }
        return ticks > 0 ? ticks : nil
    }

    /// Sleeps until an event comes or `ticks` have passed, and tells the clock: on wall time
    /// the ticks the rest took are run at once, before the event that ended it is read (they
    /// had no input: a press wakes the loop and is taken by the tick after them, when it came,
    /// not half a second early with the world run on after it unseen); counting frames (a
    /// script), the frames slept through are counted, so the script's ticks do not move.
    /// Returns nil when the rest would be shorter than a frame (the frame is paced as usual),
    /// else whether the game goes on (the rest's ticks may reach the tick limit).
    func rest(ticks: Int) -> Bool? {
        let start = platform.now()
        defer { schedule.restedBefore = platform.now() - start }
        guard script != nil else {
            platform.waitForEvent(upTo: Double(ticks) / Double(Tick.perSecond))
            schedule.clock.rested()
            return runTicks(owedAt: platform.now())
        }
        let frames = schedule.clock.frames(forTicks: ticks) - 1  // the frame after the rest counts one more
        guard frames > 0 else { return nil }
        let frameSeconds = handlers.window.pacing.frameSeconds
        platform.waitForEvent(upTo: Double(frames) * frameSeconds)
        schedule.clock.rested(frames: min(frames, Int((platform.now() - start) / frameSeconds)))
        return true
    }
}
