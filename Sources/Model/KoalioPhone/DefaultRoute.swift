/// Which network interfaces carry the default route: the network the player's phone is on.
/// Read from the kernel's route tables as text (`/proc/net/route`, `/proc/net/ipv6_route`), so
/// docker and VM bridges, VPN tunnels and other links that merely have a private address are
/// left out. The lowest metric wins in each family; a route that is down or a reject route
/// (the kernel's unreachable `::/0` on `lo`) is none.
public enum DefaultRoute {
    static let routeUp: UInt32 = 0x0001
    static let routeReject: UInt32 = 0x0200

    /// The interfaces of the best IPv4 and the best IPv6 default route (none, one or two names).
    public static func interfaces(ipv4Table: String, ipv6Table: String) -> Set<String> {
        Set([best(ipv4(ipv4Table)), best(ipv6(ipv6Table))].compactMap { $0 })
    }

    /// `/proc/net/route`: `Iface Destination Gateway Flags RefCnt Use Metric Mask …`, hex, a header line first.
    static func ipv4(_ table: String) -> [(name: String, metric: UInt32)] {
        table.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard f.count >= 8, f[1] == "00000000", f[7] == "00000000",
                  let flags = UInt32(f[3], radix: 16), flags & routeUp != 0, flags & routeReject == 0,
                  let metric = UInt32(f[6]) else { return nil }
            return (String(f[0]), metric)
        }
    }

    /// `/proc/net/ipv6_route`: `dest plen src plen nexthop metric refcnt use flags iface`, hex, no header.
    static func ipv6(_ table: String) -> [(name: String, metric: UInt32)] {
        table.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count >= 10, f[0].allSatisfy({ $0 == "0" }), f[1] == "00",
                  let metric = UInt32(f[5], radix: 16), let flags = UInt32(f[8], radix: 16),
                  flags & routeUp != 0, flags & routeReject == 0, f[9] != "lo" else { return nil }
            return (String(f[9]), metric)
        }
    }

    private static func best(_ routes: [(name: String, metric: UInt32)]) -> String? {
        routes.min { ($0.metric, $0.name) < ($1.metric, $1.name) }?.name
    }
}
