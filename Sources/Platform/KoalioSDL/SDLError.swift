import CSDL2

/// A failed SDL call: what koalio was doing, and SDL's own reason from `SDL_GetError()`.
public enum SDLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An SDL call (or a step of the game's own around SDL) failed, with SDL's reason.
    case failed(operation: String, reason: String)
    /// SDL found no X11 or Wayland display and fell back to an invisible driver: a window
    /// nobody can see, so the game says so and stops instead (over ssh, say). Bad input to the
    /// player's session rather than a fault.
    case noDisplay

    /// Captures `SDL_GetError()` now, while it still describes the failure.
    public init(_ operation: String) {
        self = .failed(operation: operation, reason: String(cString: SDL_GetError()))
    }

    public init(operation: String, reason: String) {
        self = .failed(operation: operation, reason: reason)
    }

    public var reason: String {
        switch self {
        case let .failed(_, reason): return reason
        case .noDisplay:
            return "no display found (DISPLAY and WAYLAND_DISPLAY name none that answers); run koalio in a desktop session, or use --headless --ticks N"
        }
    }

    public var description: String {
        switch self {
        case let .failed(operation, reason): return "\(operation) failed: \(reason)"
        case .noDisplay: return reason
        }
    }
}

/// Loading one of the game's files through SDL failed (an image, a controller mapping file).
public struct DataFileError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "\(file): \(reason)" }
}
