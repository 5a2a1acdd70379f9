/// Which controller: the keyboard, the on-screen controls, or a game pad by SDL's joystick
/// instance id (stable while the pad is connected; a pad plugged in again gets a new one).
public enum ControllerID: Hashable, Sendable, CustomStringConvertible {
    case keyboard
    case onScreen
    case pad(Int)

    /// The platform's id for a pad; nil for the keyboard and the on-screen controls.
    public var padID: Int? {
        if case let .pad(id) = self { return id }
        return nil
    }

    public var description: String {
        switch self {
        case .keyboard: return "keyboard"
        case .onScreen: return "on-screen"
        case let .pad(id): return "pad \(id)"
        }
    }
}
