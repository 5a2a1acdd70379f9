/// Which addresses a phone server may listen on: private ones (RFC 1918 IPv4, IPv6
/// unique-local and link-local) and loopback, never a public address or `0.0.0.0`, so the
/// pad is reachable from the network the player is on and nowhere else.
public enum PrivateAddress {
    /// Whether the IPv4 address `a.b.c.d` is in 10/8, 172.16/12 or 192.168/16.
    public static func isPrivate(ipv4 bytes: [UInt8]) -> Bool {
        guard bytes.count == 4 else { return false }
        return bytes[0] == 10 || (bytes[0] == 172 && bytes[1] & 0xF0 == 16) || (bytes[0] == 192 && bytes[1] == 168)
    }

    /// Whether the IPv6 address is unique-local (fc00::/7).
    public static func isUniqueLocal(ipv6 bytes: [UInt8]) -> Bool {
        bytes.count == 16 && bytes[0] & 0xFE == 0xFC
    }

    /// Whether the IPv6 address is link-local (fe80::/10): reachable only with a zone, which no
    /// browser takes in an address, so koalio never picks one itself.
    public static func isLinkLocal(ipv6 bytes: [UInt8]) -> Bool {
        bytes.count == 16 && bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80
    }

    /// Whether the IPv6 address is unique-local or link-local.
    public static func isPrivate(ipv6 bytes: [UInt8]) -> Bool {
        isUniqueLocal(ipv6: bytes) || isLinkLocal(ipv6: bytes)
    }

    /// Whether the address (4 or 16 bytes) is loopback: 127/8 or ::1.
    public static func isLoopback(_ bytes: [UInt8]) -> Bool {
        (bytes.count == 4 && bytes[0] == 127) || (bytes.count == 16 && bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1)
    }

    /// Whether `--phones-listen` may name the address (4 or 16 bytes): loopback or private.
    public static func mayListen(on bytes: [UInt8]) -> Bool {
        isLoopback(bytes) || isPrivate(ipv4: bytes) || isPrivate(ipv6: bytes)
    }
}
