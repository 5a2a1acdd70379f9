import KoalioSim

extension FlowRunner {
    /// How many 60 Hz ticks the picture stays as it is unless an event comes: nil while
    /// something moves (the world plays, the dead koala blinks, the HUD fades, a rebind counts
    /// down, or input waits for the next tick), else the ticks until a timer changes it
    /// (`Int.max`: none). The driver sleeps until an event or then instead of pacing frames:
    /// a paused game or a still menu costs next to nothing, and every tick is still run.
    package var stillTicks: Int? {
        guard feed.isIdle && !presence.pauseRequested else { return nil }
        // A held direction repeats on a menu: up and down everywhere, left and right but over a
        // level (a walk held into the pause screen lets it rest).
        if feed.reader.holds(vertical: true) || (feed.reader.holds(vertical: false) && !flow.isInLevel) { return nil }
        if flow.quitConfirmation != nil { return .max }  // the level under it is not stepped
        switch flow.mode {
        case .level:
            // Paused (or a replay's playback paused) and won are still; while paused the session
            // still counts steps, so the overlay's timers (a notice going) run on.
            guard flow.run.shownState == .paused || flow.run.shownState == .won else { return nil }
            guard let overlay = presence.stepsUntilOverlayChanges(at: flow.session.steps) else { return nil }
            // Show at auto lets the on-screen controls go a few seconds after a key: not later.
            let leaves = presence.hudShown ? presence.ticksUntilHUDLeaves(atTick: flow.ticks) : nil
            return min(overlay, leaves ?? .max)
        case let .worldComplete(_, since):
            return max(0, since + FlowState.worldCompleteTicks - flow.ticks)
        case let .settings(state):
            if case .pad = state.capture { return nil }  // its countdown shows the seconds left
            return .max
        case .title, .levelSelect, .packs, .packLevels, .howToPlay, .addPhone, .online(.choose), .online(.host), .speedrunSelect, .speedrunResults:
            return .max
        case .online(.join), .online(.joining):
            return nil  // games found and the host's answer come from the network, not as events
        }
    }
}
