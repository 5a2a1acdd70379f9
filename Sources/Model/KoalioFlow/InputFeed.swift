import KoalioInput
import KoalioReplay

/// Where each tick's ``FrameInput`` comes from: the frame's events read by the reader, and the
/// registry's controllers. (A replay is the run's input source, in the flow: ``RunSource``.)
package struct InputFeed {
    package var reader = FrameInputReader()

    /// A `--watch`ed level loaded again, for the next tick.
    package var reloaded: LevelReload?
    /// What hosting or joining from the menus came to, for the next tick.
    package var online: OnlineNews?

    package init() {}

    /// Nothing waits for the next tick (no key, tap or reload).
    package var isIdle: Bool { reader.isIdle && reloaded == nil && online == nil }

    /// The tick's input. `pausing`: the game pauses itself at this tick (focus lost, the pad
    /// in use left), carried in the world's input so a replay pauses at the same tick.
    package mutating func take(from registry: ControllerRegistry, seats: inout Seating, steering: Controller, pausing: Bool,
                               sourceIndex: (String) -> Int) -> FrameInput {
        var input = reader.take(from: registry, seats: &seats, steering: steering, sourceIndex: sourceIndex)
        if pausing { input.play?.pressed.insert(.pauseRequest) }
        input.reloaded = reloaded
        input.online = online
        reloaded = nil
        online = nil
        return input
    }
}
