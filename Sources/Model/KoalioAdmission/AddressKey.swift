/// Who a failure, a lockout or a join is counted against: an IPv4 address whole, an IPv6
/// address by its /64 network. One host on a LAN can use any number of addresses inside its
/// /64 (privacy addresses, link-local ones made up on the spot), so a per-address count would
/// count nothing there; it cannot leave its /64.
public struct AddressKey: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes (IPv4) or the 8 bytes of an IPv6 network.
    public let bytes: [UInt8]

    /// `bytes`: an IPv4 address's 4 bytes or an IPv6 address's 16 (an IPv4-mapped IPv6
    /// address, `::ffff:a.b.c.d`, counts as the IPv4 address it carries).
    public init(address bytes: [UInt8]) {
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            self.bytes = Array(bytes[12..<16])
        } else if bytes.count == 16 {
            self.bytes = Array(bytes[0..<8])
        } else {
            self.bytes = bytes
        }
    }

    public var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: bytes.count - 1, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
