import KoalioInput

/// One thing a player or a device did, as the runner takes it (``FlowRunner/apply(_:)``, its one
/// door): the driver decodes each frame's platform events into these, its handlers' answers
/// come as these, and the tests make their own. Each
/// 60 Hz tick then reads what they left, every press once (``FrameInput``).
package enum GameAction: Equatable {
    case keyDown(Key, isRepeat: Bool)
    case keyUp(Key)
    /// The window lost keyboard focus: held keys are let go and the game pauses itself.
    case focusLost
    /// The mouse or a finger, and what the view has under it (a pointer going down where the
    /// flow takes taps, ``FlowState/takesTaps``, taps what is there).
    case pointer(PointerEvent, landsOn: Tapped)
    /// A pad arrived, left or had input.
    case pad(PadEvent)
    /// `--watch`: the level's changed files, loaded again; the next tick takes them.
    case levelReloaded(LevelReload)
    /// What hosting or joining from the menus came to (the online handler heard it); the next
    /// tick takes it.
    case online(OnlineNews)
    /// The datagrams the online handler read for the networked game, and the network's clock.
    case network(NetworkHeard)
}
