import Glibc
import KoalioCore
import KoalioNet

/// A non-blocking UDP socket, polled by the game loop once a frame: no thread, no callback.
/// Datagrams longer than ``NetMessage/maxBytes`` are read whole into a bigger buffer and
/// dropped (the kernel says how long they were), so none is ever taken for a shorter one.
public final class UDPSocket {
    public struct Failure: Error, CustomStringConvertible {
        public var doing: String
        public var code: Int32
        public var reason: String { String(cString: strerror(code)) }
        public var description: String { "\(doing): \(reason)" }
        /// The reason as data, for the screen to word.
        public var problem: NetworkProblem { NetworkProblem(errno: code) }

        public init(doing: String, code: Int32) {
            self.doing = doing
            self.code = code
        }
    }

    private let descriptor: Int32
    public let family: Int32
    /// Room for any datagram koalio reads and then some: a longer one is seen whole (MSG_TRUNC) and dropped.
    private static let bufferBytes = 2048
    private var buffer = [UInt8](repeating: 0, count: UDPSocket.bufferBytes)

    /// How a socket shares its port.
    public enum Sharing: Sendable {
        /// With nobody: binding a port another socket has fails.
        case none
        /// With every socket that asks (discovery's: every host on this machine hears a probe).
        case shared
        /// With this program's sockets for its peers (``connected(from:to:)``): the port must be
        /// free when bound (another game on it is found out, not joined), then peers' sockets share it.
        case peers
    }

    /// A receive queue for a flood: the kernel caps it at twice `net.core.rmem_max` (about
    /// 416 KiB on a stock system), which holds 60 frames of four machines' datagrams many times over.
    static let receiveBufferBytes: Int32 = 4 << 20

    /// A socket bound to `address` (port 0: any free port), of that address's family.
    /// `broadcast`: it may send to a broadcast address.
    public init(binding address: NetAddress, sharing: Sharing = .none, broadcast: Bool = false, probing: Bool = true) throws(Failure) {
        var address = address
        if sharing == .peers && probing {
            // The port must be free: a socket that does not share it says whether it is (and
            // picks a free one for port 0; the kernel's own pick could be a port this user shares).
            address.port = try Self.freePort(address)
        }
        family = address.host.count == 16 ? AF_INET6 : AF_INET
        descriptor = socket(family, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(doing: "opening a UDP socket", code: errno) }
        var on: Int32 = 1, off: Int32 = 0
        let shares: [Int32] = switch sharing {
        case .none: []
        case .shared: [SO_REUSEADDR, SO_REUSEPORT]
        case .peers: [SO_REUSEPORT]
        }
        let options = shares + (broadcast ? [SO_BROADCAST] : [])
        var failed = options.contains { setsockopt(descriptor, SOL_SOCKET, $0, &on, socklen_t(MemoryLayout<Int32>.size)) != 0 }
        var size = Self.receiveBufferBytes
        if !failed, sharing != .shared {
            failed = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) != 0
        }
        // An IPv6 socket on every address hears IPv4 too (as ::ffff:a.b.c.d, read back as IPv4):
        // a game hosted on `[::]` is reached at either address, whatever the system's default.
        if !failed, family == AF_INET6, address.host.allSatisfy({ $0 == 0 }) {
            failed = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &off, socklen_t(MemoryLayout<Int32>.size)) != 0
        }
        if failed {
            let code = errno
            close(descriptor)
            throw Failure(doing: "setting up a UDP socket", code: code)
        }
        let bound = Self.withSockaddr(address) { bind(descriptor, $0, $1) }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(doing: "listening on \(address)", code: code)
        }
    }

    deinit { close(descriptor) }

    /// `address`'s port if no socket has it, or a free one for port 0; the socket that found out closed.
    private static func freePort(_ address: NetAddress) throws(Failure) -> UInt16 {
        let probe = try UDPSocket(binding: address)
        return probe.localAddress?.port ?? address.port
    }

    /// A socket for one peer: bound to `local`'s address and port (a ``Sharing/peers`` socket's)
    /// and connected to `peer`, so the kernel gives it that peer's datagrams alone and turns
    /// everyone else's away from it: a flood at the game's port cannot crowd the peer out.
    public static func connected(from local: NetAddress, to peer: NetAddress) throws(Failure) -> UDPSocket {
        let socket = try UDPSocket(binding: local, sharing: .peers, probing: false)
        try socket.connect(to: peer)
        return socket
    }

    /// Only `peer`'s datagrams are taken from now on (and sends without an address go to it).
    public func connect(to peer: NetAddress) throws(Failure) {
        guard Self.withSockaddr(onTheWire(peer), { Glibc.connect(descriptor, $0, $1) }) == 0 else { throw Failure(doing: "connecting to \(peer)", code: errno) }
    }

    /// `address` as this socket's family names it: an IPv4 address from an IPv6 socket as ::ffff:a.b.c.d.
    private func onTheWire(_ address: NetAddress) -> NetAddress {
        family == AF_INET6 && address.host.count == 4 ? NetAddress(host: Self.mappedPrefix + address.host, port: address.port) : address
    }

    /// The address the socket is bound to (its port, when 0 was asked for).
    public var localAddress: NetAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return result == 0 ? Self.address(of: storage) : nil
    }

    /// Sends one datagram; a failure (the network down, a full buffer) is a lost datagram,
    /// which the protocol is made for. An IPv4 address from an IPv6 socket goes as ::ffff:a.b.c.d.
    @discardableResult
    public func send(_ bytes: [UInt8], to address: NetAddress) -> Bool {
        let sent = bytes.withUnsafeBytes { buffer in
            Self.withSockaddr(onTheWire(address)) { sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), $0, $1) }
        }
        return sent == bytes.count
    }

    /// One look at a socket: the reads it may still make, and the datagrams it turned away.
    public struct Reading {
        /// Reads left before the look ends whatever waits (a flood must not hold the frame).
        public var budget: Int
        public var turnedAway = 0

        public init(budget: Int) { self.budget = budget }
    }

    /// The next datagram waiting, or nil when none is.
    public func receive() -> (bytes: [UInt8], from: NetAddress)? {
        var reading = Reading(budget: .max)
        return receive(wanted: { _ in true }, &reading)
    }

    /// The next datagram waiting that `wanted` (given its bytes in the socket's own buffer, no
    /// copy made) lets through, or nil when none is or `reading`'s budget is spent; the others
    /// are read, counted and dropped.
    public func receive(wanted: (UnsafeRawBufferPointer) -> Bool, _ reading: inout Reading) -> (bytes: [UInt8], from: NetAddress)? {
        while reading.budget > 0 {
            reading.budget -= 1
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let count = buffer.withUnsafeMutableBytes { buffer in
                withUnsafeMutablePointer(to: &storage) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        recvfrom(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_TRUNC), $0, &length)
                    }
                }
            }
            if count < 0 { return nil }  // EAGAIN: nothing more (or an error the next frame sees again)
            guard count <= NetMessage.maxBytes, buffer.withUnsafeBytes({ wanted(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }),
                  let from = Self.address(of: storage) else {
                reading.turnedAway += 1
                continue
            }
            return (Array(buffer[0..<count]), from)
        }
        return nil
    }

    /// ::ffff:0:0/96, where an IPv6 socket sees IPv4 peers.
    private static let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]

    /// The sender as the game names it: an IPv4 peer of an IPv6 socket by its IPv4 address (its
    /// wrong codes counted against it alone, not against every IPv4 peer's /64).
    private static func address(of storage: sockaddr_storage) -> NetAddress? {
        guard let address = rawAddress(of: storage) else { return nil }
        if address.host.count == 16 && Array(address.host.prefix(12)) == mappedPrefix { return NetAddress(host: Array(address.host.suffix(4)), port: address.port) }
        return address
    }

    private static func rawAddress(of storage: sockaddr_storage) -> NetAddress? {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    let address = pointer.pointee.sin_addr.s_addr  // network order in memory
                    return NetAddress(host: withUnsafeBytes(of: address) { Array($0) }, port: UInt16(bigEndian: pointer.pointee.sin_port))
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    NetAddress(host: withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }, port: UInt16(bigEndian: pointer.pointee.sin6_port))
                }
            }
        default:
            return nil
        }
    }

    public static func withSockaddr<Result>(_ address: NetAddress, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        if address.host.count == 16 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = address.port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin6_addr) { $0.copyBytes(from: address.host) }
            return withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = address.port.bigEndian
        withUnsafeMutableBytes(of: &socketAddress.sin_addr) { $0.copyBytes(from: address.host.prefix(4)) }
        return withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
