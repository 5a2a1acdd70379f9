/// The secrets that let a phone in: a 128-bit token (in the QR code's address, after `#`, so it
/// never reaches a log or a Referer header) and a 6-digit code to type. Compared in constant
/// time. When each may be used is ``PhoneDoor``'s business.
public struct PairingSecrets: Sendable {
    public static let tokenBytes = 16
    public static let codeDigits = 6
    /// How many codes there are: a guess is right with 1 in this.
    public static let codeCount = 1_000_000

    public private(set) var token: [UInt8]
    public private(set) var code: String

    public init<Random: RandomNumberGenerator>(using random: inout Random) {
        token = Self.randomBytes(using: &random)
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

    /// Whether `text` is the code, in time that does not depend on where it differs.
    public func matches(code text: Substring) -> Bool {
        Self.constantTimeEqual(Array(text.utf8), Array(code.utf8))
    }

    public mutating func renewCode<Random: RandomNumberGenerator>(using random: inout Random) {
        code = Self.newCode(using: &random)
    }

    public mutating func renewToken<Random: RandomNumberGenerator>(using random: inout Random) {
        token = Self.randomBytes(using: &random)
    }

    /// 128 random bits (a token, a resume token).
    public static func randomBytes<Random: RandomNumberGenerator>(using random: inout Random) -> [UInt8] {
        (0..<tokenBytes).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    static func newCode<Random: RandomNumberGenerator>(using random: inout Random) -> String {
        let text = String(Int.random(in: 0..<codeCount, using: &random))
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
