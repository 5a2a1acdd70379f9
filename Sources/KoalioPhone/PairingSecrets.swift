/// The secrets that let a phone in: a 128-bit token (in the QR code's address, after `#`, so it
/// never reaches a log or a Referer header) and a 6-digit code to type (valid only while a
/// pairing card shows, and at most ``codeLifetimeSeconds``). Compared in constant time.
public struct PairingSecrets: Sendable {
    public static let tokenBytes = 16
    public static let codeDigits = 6
    /// The longest a shown code stays valid.
    public static let codeLifetimeSeconds = 600.0

    public private(set) var token: [UInt8]
    public private(set) var code: String
    /// When the code began to be shown (seconds of a monotonic clock); nil while no card shows.
    public private(set) var codeShownSince: Double?

    public init<Random: RandomNumberGenerator>(using random: inout Random) {
        token = (0..<Self.tokenBytes).map { _ in UInt8.random(in: 0...255, using: &random) }
        code = Self.newCode(using: &random)
    }

    /// The token as the address carries it: 32 lower-case hex digits.
    public var tokenText: String { Self.hex(token) }

    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// Whether `text` is the token (32 hex digits), in time that does not depend on where it differs.
    public func matches(token text: Substring) -> Bool {
        Self.constantTimeEqual(Array(text.utf8), Array(tokenText.utf8))
    }

    /// Whether `text` is the code and the code may be used at `now` (a card shows, not for too long).
    public func matches(code text: Substring, at now: Double) -> Bool {
        guard let since = codeShownSince, now - since <= Self.codeLifetimeSeconds else { return false }
        return Self.constantTimeEqual(Array(text.utf8), Array(code.utf8))
    }

    /// The card shows from `now` (a code shown too long is replaced first), or no longer.
    public mutating func setCardShown(_ shown: Bool, at now: Double) {
        guard shown else {
            codeShownSince = nil
            return
        }
        if codeShownSince == nil { codeShownSince = now }
    }

    /// A new code (after too many failures, or when one was shown for its whole lifetime).
    public mutating func renewCode<Random: RandomNumberGenerator>(using random: inout Random, at now: Double?) {
        code = Self.newCode(using: &random)
        codeShownSince = now
    }

    static func newCode<Random: RandomNumberGenerator>(using random: inout Random) -> String {
        let value = Int.random(in: 0..<1_000_000, using: &random)
        let text = String(value)
        return String(repeating: "0", count: codeDigits - text.count) + text
    }

    /// Equal bytes, looking at every byte of the expected value whatever the first difference.
    public static func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}
