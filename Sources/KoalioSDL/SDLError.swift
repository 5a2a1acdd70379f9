import CSDL2

/// A failed SDL call: what koalio was doing, and SDL's own reason from `SDL_GetError()`.
public struct SDLError: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var reason: String
    /// SDL found no display to open a window on (see ``noDisplay``): bad input to the player's
    /// session rather than a fault, told apart by this flag, not by the message's words.
    public private(set) var isNoDisplay = false

    /// Captures `SDL_GetError()` now, while it still describes the failure.
    public init(_ operation: String) {
        self.operation = operation
        self.reason = String(cString: SDL_GetError())
    }

    public init(operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    /// SDL found no X11 or Wayland display and fell back to an invisible driver: a window
    /// nobody can see, so the game says so and stops instead (over ssh, say).
    public static let noDisplay: SDLError = {
        var error = SDLError(
            operation: "opening a window",
            reason: "no display found (DISPLAY and WAYLAND_DISPLAY name none that answers); run koalio in a desktop session, or use --headless --ticks N")
        error.isNoDisplay = true
        return error
    }()

    public var description: String { isNoDisplay ? reason : "\(operation) failed: \(reason)" }
}

/// Loading one of the game's files through SDL failed (an image, a controller mapping file).
public struct DataFileError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "\(file): \(reason)" }
}
