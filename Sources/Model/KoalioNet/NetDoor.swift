import KoalioAdmission

/// Who may join a hosted game: the phone server's lessons for datagrams. Pure; `now` is given.
///
/// - **The session code** is compared in constant time, and every wrong one, from any address,
///   spends the session's budget of ``codeFailureBudget``: then no code is taken any more, so a
///   stranger guesses a 6-digit code with a chance of at most budget / 10⁶ = 2×10⁻⁵ however many
///   addresses they have. An address's five wrong codes in a row lock it out for a minute
///   (``Admission``: so one guesser does not spend the whole budget at once).
/// - **Seats**: up to four koalas in all; a joiner asks for its players' seats at once.
/// - **Nothing is amplified**: only a hello (``NetMessage/helloBytes``, the largest datagram a
///   stranger can make us answer) is answered, with something smaller.
public struct NetDoor: Equatable, Sendable {
    public static var codeFailureBudget: Int { 20 }

    public private(set) var code: [UInt8]
    public private(set) var codeFailures = 0
    private var admission = Admission()

    public init(code: String) { self.code = Array(code.utf8) }

    /// The host's player made a new code: it has a whole budget; addresses locked out stay so.
    public mutating func renew(code: String) {
        self.code = Array(code.utf8)
        codeFailures = 0
    }

    /// The budget is spent: no code is taken any more.
    public var codeOff: Bool { codeFailures >= Self.codeFailureBudget }

    /// Whether `hello`'s code lets `from` in now; the refusal otherwise (the try counted).
    public mutating func check(_ hello: NetMessage.Hello, from address: NetAddress, at now: Double) -> NetRefusal? {
        if codeOff { return .codeOff }
        if let wait = admission.lockout(address.key, at: now) { return .lockedOut(seconds: Admission.wholeSeconds(wait)) }
        guard PairingSecrets.constantTimeEqual(hello.code, code) else {
            codeFailures += 1
            admission.recordWrongCode(from: address.key, at: now)
            admission.forget(at: now)
            return .wrongCode
        }
        admission.recordGoodCode(from: address.key, at: now)
        return nil
    }
}
