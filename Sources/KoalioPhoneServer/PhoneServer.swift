import Glibc
import KoalioPhone
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The phone pads' server: HTTP for the page, a WebSocket per phone, on one event-loop thread of
/// its own, bound to this machine's private addresses only (or the one `--phones-listen` names),
/// and only while phones are on. Everything a connection must show (its `Host` one of ours,
/// its `Origin` the page's own, the token or the code) is checked before the upgrade.
public final class PhoneServer {
    /// Handshakes and requests must be done within this; a connected phone must send within the idle one.
    static let handshakeSeconds: Int64 = 5
    static let idleSeconds: Int64 = 10
    /// Frames a phone may send a second (the page sends at most about 60).
    static let framesPerSecond = 120

    public let hub: PhoneHub
    /// What the server listens on, as `ADDRESS:PORT` (IPv6 in brackets): the card's addresses.
    public private(set) var addresses: [String] = []
    private let group: MultiThreadedEventLoopGroup
    private var channels: [Channel] = []

    /// Why the server cannot run.
    public enum Failure: Error, CustomStringConvertible {
        case noPrivateAddress
        case cannotListen(address: String, reason: String)

        public var description: String {
            switch self {
            case .noPrivateAddress:
                "phones: this machine has no private network address (a home or office network) to listen on; use --phones-listen ADDRESS:PORT"
            case let .cannotListen(address, reason): "phones: cannot listen on \(address): \(reason)"
            }
        }
    }

    /// Listens on `listen` (`ADDRESS:PORT`), or on every private address of this machine at `port`.
    public init(hub: PhoneHub, listen: String?, port: Int = 8765) throws(Failure) {
        self.hub = hub
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let targets: [(host: String, port: Int)]
        if let listen {
            guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65535).contains(port) else {
                throw .cannotListen(address: listen, reason: "not ADDRESS:PORT")
            }
            let host = listen[..<colon]
            targets = [(String(host.hasPrefix("[") && host.hasSuffix("]") ? host.dropFirst().dropLast() : host), port)]
        } else {
            targets = Self.privateAddresses().map { ($0, port) }
            guard !targets.isEmpty else { throw .noPrivateAddress }
        }
        for target in targets {
            do {
                let channel = try ServerBootstrap(group: group)
                    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                    .childChannelInitializer { [hub] channel in Self.configure(channel, hub: hub) }
                    .bind(to: try Self.socketAddress(target.host, port: target.port)).wait()
                channels.append(channel)
                let port = channel.localAddress?.port ?? target.port
                addresses.append(target.host.contains(":") ? "[\(target.host)]:\(port)" : "\(target.host):\(port)")
            } catch let failure as Failure {
                stop()
                throw failure
            } catch {
                stop()
                throw .cannotListen(address: "\(target.host):\(target.port)", reason: "\(error)")
            }
        }
        hub.setHosts(addresses)
    }

    deinit { stop() }

    /// The address to bind: read as a number, never looked up (no resolver, whose modules and
    /// caches would cost the game memory; `--phones-listen` names an address). Only a link-local
    /// IPv6 address with its zone (`fe80::1%eth0`) goes through getaddrinfo, which reads zones.
    private static func socketAddress(_ host: String, port: Int) throws -> SocketAddress {
        if host.contains("%") { return try SocketAddress.makeAddressResolvingHost(host, port: port) }
        do { return try SocketAddress(ipAddress: host, port: port) } catch {
            throw Failure.cannotListen(address: "\(host):\(port)", reason: "not an IP address")
        }
    }

    /// Closes every socket and stops the thread. Again: nothing.
    public func stop() {
        for channel in channels { try? channel.close().wait() }
        channels = []
        try? group.syncShutdownGracefully()
    }

    /// This machine's private IPv4 and IPv6 addresses (`getifaddrs`), as text: IPv4 first, then
    /// unique-local, then link-local (the card shows the first; a browser takes no zone in a URL).
    static func privateAddresses() -> [String] {
        interfaceAddresses().sorted { rank($0) < rank($1) }
    }

    private static func rank(_ address: String) -> Int {
        address.contains("%") ? 2 : address.contains(":") ? 1 : 0
    }

    private static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var next = list
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                let bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
                }
                if PrivateAddress.isPrivate(ipv4: bytes) { found.append(bytes.map(String.init).joined(separator: ".")) }
            case AF_INET6:
                let (bytes, scope) = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    (withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }, pointer.pointee.sin6_scope_id)
                }
                guard PrivateAddress.isPrivate(ipv6: bytes) else { continue }
                var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
                var raw = in6_addr()
                withUnsafeMutableBytes(of: &raw) { $0.copyBytes(from: bytes) }
                guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else { continue }
                let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let zone = scope != 0 ? entry.pointee.ifa_name.map { "%" + String(cString: $0) } ?? "" : ""
                found.append(name + zone)
            default:
                continue
            }
        }
        return found
    }

    private static func configure(_ channel: Channel, hub: PhoneHub) -> EventLoopFuture<Void> {
        let address = channel.remoteAddress?.ipAddress ?? "?"
        guard hub.socketOpened(from: address) else { return channel.close() }
        let gate = PhoneGate(hub: hub, address: address)
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: Int(PhonePadHandler.maxFrameBytes),
            automaticErrorHandling: true,
            shouldUpgrade: { channel, head in channel.eventLoop.makeSucceededFuture(gate.check(head, localPort: channel.localAddress?.port)) },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    guard let seat = gate.admittedSeat else { throw ChannelError.inappropriateOperationForState }
                    try channel.pipeline.syncOperations.addHandler(PhonePadHandler(hub: hub, seat: seat, address: address))
                }
            })
        return channel.eventLoop.makeCompletedFuture {
            let http = PhoneHTTPHandler(gate: gate)
            // One read timeout for the whole connection (a phone sends 4 frames a second when
            // idle), and a deadline for the handshake, so a stalled client holds no socket.
            try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: .seconds(Self.idleSeconds)))
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                    context.pipeline.syncOperations.removeHandler(http, promise: nil)
                }))
            try channel.pipeline.syncOperations.addHandler(http)
            channel.eventLoop.scheduleTask(in: .seconds(Self.handshakeSeconds)) {
                if gate.admittedSeat == nil { channel.close(promise: nil) }
            }
            channel.closeFuture.whenComplete { _ in hub.socketClosed(from: address, paired: gate.admittedSeat != nil) }
        }
    }
}
