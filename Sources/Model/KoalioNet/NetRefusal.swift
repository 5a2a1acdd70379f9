/// Why a host did not seat a joiner.
public enum NetRefusal: Equatable, Sendable {
    /// A code that is not the session's.
    case wrongCode
    /// The session's budget of wrong codes is spent: nobody joins with a code any more.
    case codeOff
    /// This address typed too many wrong codes: wait.
    case lockedOut(seconds: Int)
    /// Four koalas already (or not room for the joiner's players).
    case full
    /// The game has started.
    case started
    /// Another koalio protocol version.
    case version

    var code: UInt8 {
        switch self {
        case .wrongCode: 1
        case .codeOff: 2
        case .lockedOut: 3
        case .full: 4
        case .started: 5
        case .version: 6
        }
    }

    var seconds: UInt8 { if case let .lockedOut(seconds) = self { UInt8(clamping: seconds) } else { 0 } }

    init?(code: UInt8, seconds: UInt8) {
        switch (code, seconds) {
        case (1, 0): self = .wrongCode
        case (2, 0): self = .codeOff
        case (3, 1...): self = .lockedOut(seconds: Int(seconds))
        case (4, 0): self = .full
        case (5, 0): self = .started
        case (6, 0): self = .version
        default: return nil
        }
    }
}
