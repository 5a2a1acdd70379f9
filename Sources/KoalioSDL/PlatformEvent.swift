import KoalioInput

/// What the platform layer reports from SDL's event queue, in koalio's own terms.
public enum PlatformEvent: Equatable, Sendable {
    case quit
    case keyDown(Key, isRepeat: Bool)
    case keyUp(Key)
    case focusLost
    /// The mouse's left button or a finger, in logical-view coordinates.
    case pointer(PointerEvent)
    /// A game pad arrived, left, or had input (for ``ControllerRegistry/apply(_:)``).
    case pad(PadEvent)
}
