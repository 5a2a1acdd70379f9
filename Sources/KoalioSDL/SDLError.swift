import CSDL2

/// A failed SDL call: what koalio was doing, and SDL's own reason from `SDL_GetError()`.
public struct SDLError: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var reason: String

    /// Captures `SDL_GetError()` now, while it still describes the failure.
    init(_ operation: String) {
        self.operation = operation
        self.reason = String(cString: SDL_GetError())
    }

    public var description: String { "\(operation) failed: \(reason)" }
}

/// Loading one of the game's images failed: names the file.
public struct ImageError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "\(file): cannot load image: \(reason)" }
}
