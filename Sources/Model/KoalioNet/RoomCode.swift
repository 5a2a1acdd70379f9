/// A room's short code for play across the internet (issue 51): six symbols of Crockford's
/// base 32 (digits and letters without I, L, O and U, so nothing reads as another), 30 bits,
/// shown in two halves (`K7M-3QX`) as people read codes aloud. Typed back, case, spaces and
/// hyphens do not matter, and the letters people confuse with digits read as those digits
/// (I and L as 1, O as 0), as Crockford's decoding says. Pure: the bits come from the caller
/// (the platform's randomness), so a code is a value tests can write.
public struct RoomCode: Hashable, Sendable, CustomStringConvertible {
    /// Crockford's base-32 alphabet, in value order.
    public static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// Symbols in a code.
    public static let symbols = 6
    /// The bits a code holds: 5 a symbol.
    public static let bits = 5 * symbols

    /// The code's value, below 2³⁰.
    public let value: UInt32

    /// The code of the low 30 bits of `bits` (a random draw's).
    public init(bits: UInt32) {
        value = bits & (1 << Self.bits - 1)
    }

    /// A typed code, or nil when it is not one: six symbols of the alphabet once spaces and
    /// hyphens are dropped, any case, I and L read as 1, O as 0 (U is no symbol).
    public init?(_ typed: String) {
        var value: UInt32 = 0, count = 0
        for character in typed.uppercased() where character != " " && character != "-" {
            let read: Character = switch character {
            case "I", "L": "1"
            case "O": "0"
            default: character
            }
            guard count < Self.symbols, let digit = Self.alphabet.firstIndex(of: read) else { return nil }
            value = value << 5 | UInt32(digit)
            count += 1
        }
        guard count == Self.symbols else { return nil }
        self.value = value
    }

    /// The six symbols, without the hyphen (as a rendezvous names the room).
    public var symbols: String {
        String((0..<Self.symbols).reversed().map { Self.alphabet[Int(value >> UInt32(5 * $0) & 31)] })
    }

    /// As shown and read aloud: `K7M-3QX`.
    public var description: String {
        let all = symbols
        return all.prefix(Self.symbols / 2) + "-" + all.suffix(Self.symbols / 2)
    }
}
