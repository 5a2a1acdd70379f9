import KoalioAdmission

/// Where a datagram came from or goes: an IPv4 (4 bytes) or IPv6 (16) address and a port.
public struct NetAddress: Hashable, Sendable, CustomStringConvertible {
    public var host: [UInt8]
    public var port: UInt16

    public init(host: [UInt8], port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Who wrong codes count against: the address (an IPv6 one by its /64).
    public var key: AddressKey { AddressKey(address: host) }

    public var description: String {
        if host.count == 4 { return host.map(String.init).joined(separator: ".") + ":\(port)" }
        return "[" + Self.ipv6Text(host) + "]:\(port)"
    }

    /// An IPv6 address as RFC 5952 writes it: lower-case groups without leading zeros, the
    /// longest run of two or more zero groups (the first of equals) as `::`.
    static func ipv6Text(_ bytes: [UInt8]) -> String {
        let groups = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        var best: Range<Int>?
        var start: Int?
        for index in 0...groups.count {
            if index < groups.count && groups[index] == 0 {
                if start == nil { start = index }
            } else if let from = start {
                if index - from >= 2 && index - from > (best?.count ?? 0) { best = from..<index }
                start = nil
            }
        }
        let text = groups.map { String($0, radix: 16) }
        guard let best else { return text.joined(separator: ":") }
        return text[..<best.lowerBound].joined(separator: ":") + "::" + text[best.upperBound...].joined(separator: ":")
    }

    /// `a.b.c.d:port` or `[v6]:port`, numbers only (no name is looked up); nil otherwise.
    /// `anyPort`: port 0 is taken (a socket to bind: the system picks a free port).
    public init?(parsing text: String, anyPort: Bool = false) {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":"),
                  let port = Self.port(text[text.index(close, offsetBy: 2)...], anyPort: anyPort),
                  let host = Self.ipv6(text[text.index(after: text.startIndex)..<close]) else { return nil }
            self.init(host: host, port: port)
            return
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let port = Self.port(parts[1], anyPort: anyPort) else { return nil }
        let octets = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var host: [UInt8] = []
        for octet in octets {
            guard (1...3).contains(octet.count), octet.allSatisfy(\.isASCIIDigit), let value = UInt8(octet) else { return nil }
            host.append(value)
        }
        self.init(host: host, port: port)
    }

    /// 1…65535 (or 0, `anyPort`), digits only (Swift's integer parsing takes a sign too).
    private static func port(_ text: Substring, anyPort: Bool) -> UInt16? {
        guard (1...5).contains(text.count), text.allSatisfy(\.isASCIIDigit), let port = UInt16(text), port > 0 || anyPort else { return nil }
        return port
    }

    private static func ipv6(_ text: Substring) -> [UInt8]? {
        var halves: [String] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: "::") {
            halves.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        halves.append(String(rest))
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            if part.isEmpty { return [] }
            var result: [UInt16] = []
            for group in part.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(group.count), group.allSatisfy({ $0.isASCII && $0.isHexDigit }), let value = UInt16(group, radix: 16) else { return nil }
                result.append(value)
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        var all = head
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
            all += Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard all.count == 8 else { return nil }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}

/// A datagram to send.
public struct Datagram: Equatable, Sendable {
    public var bytes: [UInt8]
    public var to: NetAddress

    public init(_ message: NetMessage, to: NetAddress) {
        bytes = message.bytes
        self.to = to
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
