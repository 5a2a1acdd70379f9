/// Which of this machine's addresses a phone server may listen on: private ones only (RFC 1918
/// IPv4, IPv6 unique-local and link-local, and loopback for tests), never a public address or
/// `0.0.0.0`, so the pad is reachable from the home network and nowhere else.
public enum PrivateAddress {
    /// Whether the IPv4 address `a.b.c.d` is in 10/8, 172.16/12 or 192.168/16.
    public static func isPrivate(ipv4 bytes: [UInt8]) -> Bool {
        guard bytes.count == 4 else { return false }
        return bytes[0] == 10 || (bytes[0] == 172 && bytes[1] & 0xF0 == 16) || (bytes[0] == 192 && bytes[1] == 168)
    }

    /// Whether the IPv6 address is unique-local (fc00::/7) or link-local (fe80::/10).
    public static func isPrivate(ipv6 bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return false }
        return bytes[0] & 0xFE == 0xFC || (bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80)
    }

    /// Whether the IPv4 address is loopback (127/8): only when asked for by name (`--phones-listen`).
    public static func isLoopback(ipv4 bytes: [UInt8]) -> Bool { bytes.count == 4 && bytes[0] == 127 }
}
