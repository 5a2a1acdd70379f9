/// Why a phone was not let in. The HTTP status answers the WebSocket upgrade; a browser hides
/// it (it reports close 1006), so the page asks `/pad/why` and gets ``why`` back: the last
/// refusal of its address, a word and maybe seconds.
public enum Refusal: Error, Equatable, Sendable {
    /// A typed code that is not the code.
    case wrongCode
    /// A typed code while no pairing card shows (or shown longer than a code lives).
    case noCard
    /// The shown code had its budget of wrong tries: no code is taken until the player makes a new one.
    case codeOff
    /// This address typed too many wrong codes: code attempts (never tokens) wait this long.
    case lockedOut(seconds: Int)
    /// A token that is not the token, or one not shown lately.
    case badToken
    /// A resume token alone that takes no seat back (koalio restarted, the seat expired).
    case staleResume
    /// Four are playing.
    case full
    /// Too many seats taken from this address lately: wait this long.
    case busy(seconds: Int)
    /// No secret at all, or an upgrade with a body.
    case badRequest
    /// A `Host` that is not the address the connection arrived on (DNS rebinding), or an
    /// `Origin` that is not the page's own.
    case notOurs

    public var httpStatus: Int {
        switch self {
        case .wrongCode, .noCard, .badToken, .staleResume, .notOurs: 403
        case .codeOff, .lockedOut, .busy: 429
        case .full: 503
        case .badRequest: 400
        }
    }

    /// The line `/pad/why` answers (the page's protocol: see PhonePage).
    public var why: String {
        switch self {
        case .wrongCode: "wrong-code"
        case .noCard: "no-card"
        case .codeOff: "code-off"
        case let .lockedOut(seconds): "locked \(seconds)"
        case .badToken: "bad-token"
        case .staleResume: "stale"
        case .full: "full"
        case let .busy(seconds): "busy \(seconds)"
        case .badRequest, .notOurs: "bad-request"
        }
    }
}
