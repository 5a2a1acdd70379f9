import Glibc
import KoalioPhone
import KoalioText
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The phone pads' server: HTTP for the page, a WebSocket per phone, on one event-loop thread of
/// its own, and only while phones are on. By default it listens on the private addresses of the
/// interface that carries the default route (the network the player is on; not a docker or VM
/// bridge, a VPN tunnel or another point-to-point link), or on the one `--phones-listen` names.
/// Everything a connection must show (its `Host` the address it came to, its `Origin` the
/// page's own, the token or the code) is checked before the upgrade; ``PhoneDoor`` keeps the
/// rules, swept every ``sweepMilliseconds``.
public final class PhoneServer {
    /// A connected phone must send within this (it sends 4 frames a second when idle).
    static let idleSeconds: Int64 = 10
    /// Frames of any kind a phone may send a second (the page sends at most about 30).
    static let framesPerSecond = 120
    /// How often deadlines are looked at: a socket past one is closed within this.
    static let sweepMilliseconds: Int64 = 250
    /// Writes to a phone queue at most this much before it counts as not reading.
    static let writeWaterMark = ChannelOptions.Types.WriteBufferWaterMark(low: 2048, high: 8192)

    public let hub: PhoneHub
    /// What the server listens on, as `ADDRESS:PORT` (IPv6 in brackets): the card's addresses.
    public private(set) var addresses: [String] = []
    /// The interface each address is on ("" for one `--phones-listen` named).
    public private(set) var interfaces: [String] = []
    private let group: MultiThreadedEventLoopGroup
    private var channels: [Channel] = []
    private var sweeper: RepeatedTask?

    /// Listens on `listen`, or on the default route's private addresses at `port`; the page
    /// speaks each of `words`' languages (the phone picks its own).
    public init(hub: PhoneHub, listen: LocalListener.ListenAddress?, port: Int = 8765, words: [Words] = [.english]) throws(LocalListener.Failure) {
        self.hub = hub
        let page = ByteBuffer(string: PhonePage.html(words: words))
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let targets: [(host: String, interface: String)]
        if let listen {
            targets = [(listen.host, "")]
        } else {
            let (found, routes) = Self.defaultRouteAddresses()
            guard !found.isEmpty else {
                try? group.syncShutdownGracefully()
                throw .noPrivateAddress(interfaces: routes)
            }
            targets = found
        }
        let port = listen?.port ?? port
        for target in targets {
            do {
                let channel = try ServerBootstrap(group: group)
                    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                    .childChannelOption(.writeBufferWaterMark, value: Self.writeWaterMark)
                    .childChannelInitializer { [hub] channel in Self.configure(channel, hub: hub, page: page) }
                    .bind(to: try LocalListener.socketAddress(target.host, port: port)).wait()
                channels.append(channel)
                let bound = channel.localAddress?.port ?? port
                addresses.append(target.host.contains(":") ? "[\(target.host)]:\(bound)" : "\(target.host):\(bound)")
                interfaces.append(target.interface)
            } catch let failure as LocalListener.Failure {
                stop()
                throw failure
            } catch {
                stop()
                throw LocalListener.Failure.binding("\(target.host):\(port)", error)
            }
        }
        sweeper = group.next().scheduleRepeatedTask(initialDelay: .milliseconds(Self.sweepMilliseconds),
                                                    delay: .milliseconds(Self.sweepMilliseconds)) { [hub] _ in hub.sweep() }
    }

    deinit { stop() }

    /// Closes every socket and stops the thread. Again: nothing.
    public func stop() {
        sweeper?.cancel()
        sweeper = nil
        for channel in channels { try? channel.close().wait() }
        channels = []
        try? group.syncShutdownGracefully()
    }

    // MARK: - Where to listen

    /// The private addresses (RFC 1918 IPv4, then IPv6 unique-local) of the interfaces that carry
    /// the default route, with their interface; and those interfaces' names.
    package static func defaultRouteAddresses() -> (addresses: [(host: String, interface: String)], routes: [String]) {
        let routes = DefaultRoute.interfaces(ipv4Table: readText("/proc/net/route"), ipv6Table: readText("/proc/net/ipv6_route"))
        let found = interfaceAddresses().filter { routes.contains($0.interface) }
        return (found.sorted { ($0.host.contains(":") ? 1 : 0, $0.host) < ($1.host.contains(":") ? 1 : 0, $1.host) }.map { ($0.host, $0.interface) },
                routes.sorted())
    }

    private static func readText(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = fread(&chunk, 1, chunk.count, file)
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every private address of an interface that is up and not point-to-point (a tunnel).
    private static func interfaceAddresses() -> [(host: String, interface: String)] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [(String, String)] = []
        var next = list
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            let flags = entry.pointee.ifa_flags
            guard let address = entry.pointee.ifa_addr, let name = entry.pointee.ifa_name,
                  flags & UInt32(IFF_UP) != 0, flags & UInt32(IFF_POINTOPOINT) == 0,
                  flags & UInt32(IFF_LOOPBACK) == 0 else { continue }
            let interface = String(cString: name)
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var raw = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                guard PrivateAddress.isPrivate(ipv4: withUnsafeBytes(of: raw) { Array($0) }),
                      inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil else { continue }
            case AF_INET6:
                var raw = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                guard PrivateAddress.isUniqueLocal(ipv6: withUnsafeBytes(of: raw) { Array($0) }),
                      inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { continue }
            default:
                continue
            }
            found.append((String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), interface))
        }
        return found
    }

    // MARK: - A connection

    /// A socket's peer address, its 4 or 16 bytes.
    static func bytes(of address: SocketAddress?) -> [UInt8] {
        switch address {
        case let .v4(v4)?: withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case let .v6(v6)?: withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        default: []
        }
    }

    /// The address a connection arrived on, as a `Host` header names it.
    static func hostHeader(_ address: SocketAddress?) -> String {
        guard let address, let ip = address.ipAddress, let port = address.port else { return "" }
        return address.protocol == .inet6 ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }

    private static func configure(_ channel: Channel, hub: PhoneHub, page: ByteBuffer) -> EventLoopFuture<Void> {
        guard let connection = hub.opened(channel, from: bytes(of: channel.remoteAddress)) else { return channel.close() }
        channel.closeFuture.whenComplete { _ in hub.closed(connection) }
        let gate = PhoneGate(hub: hub, connection: connection, host: hostHeader(channel.localAddress))
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: PhonePadHandler.maxFrameBytes,
            automaticErrorHandling: false,  // PhonePadHandler closes, with one close frame
            shouldUpgrade: { channel, head in channel.eventLoop.makeSucceededFuture(gate.check(head)) },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PhonePadHandler(hub: hub, connection: connection))
                }
            })
        // One read timeout for the whole connection; the door's deadlines cover the handshake.
        return LocalListener.configureWebSocket(channel, upgrader: upgrader, fallback: PhoneHTTPHandler(gate: gate, page: page),
                                  before: [IdleStateHandler(readTimeout: .seconds(Self.idleSeconds))])
    }
}
