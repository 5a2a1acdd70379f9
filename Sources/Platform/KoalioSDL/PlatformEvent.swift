import KoalioInput

/// What the platform layer reports from SDL's event queue, in koalio's own terms.
public enum PlatformEvent: Equatable, Sendable {
    case quit
    case keyDown(Key, isRepeat: Bool)
    case keyUp(Key)
    case focusLost
    /// The window's pixels may no longer show the last picture presented: it was exposed (on
    /// X11 without a compositor, a window that covered it leaves its own pixels behind), resized,
    /// moved to another display, shown or restored, or given focus again.
    case repaint
    /// The real mouse moved (not a finger, with or without a button held).
    case mouseMoved
    /// The mouse's left button or a finger, in logical-view coordinates.
    case pointer(PointerEvent)
    /// A game pad arrived, left, or had input (for ``ControllerRegistry/apply(_:)``).
    case pad(PadEvent)
}
