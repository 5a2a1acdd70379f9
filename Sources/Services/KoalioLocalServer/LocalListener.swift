import Glibc
import KoalioCore
import KoalioPhone
import KoalioSockets
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// The local WebSocket listener both servers are made of, the phones' page and pads
/// (``PhoneServer``) and LiveSplit One's timer (``LiveSplitOneServer``): where it may listen (an
/// address given as a number, loopback or private), and one connection's pipeline: a bounded
/// handshake, SwiftNIO's HTTP server with its WebSocket upgrade, a fallback for what is not
/// upgraded.
public enum LocalListener {
    /// Why a listener cannot run.
    public enum Failure: Error, CustomStringConvertible {
        case noPrivateAddress(interfaces: [String])
        case cannotListen(address: String, reason: String)
        /// The system refused the listening socket (`code`: its errno).
        case cannotBind(address: String, code: Int32)

        public var description: String {
            switch self {
            case let .noPrivateAddress(interfaces) where interfaces.isEmpty:
                "this machine has no default route, so no network to find phones on; use --phones-listen ADDRESS:PORT"
            case let .noPrivateAddress(interfaces):
                "the network of the default route (\(interfaces.joined(separator: ", "))) has no private address (a home or office network's) to listen on; use --phones-listen ADDRESS:PORT"
            case let .cannotListen(address, reason): "cannot listen on \(address): \(reason)"
            case let .cannotBind(address, code): "cannot listen on \(address): \(String(cString: strerror(code)))"
            }
        }

        /// The reason as data, for the screen to word.
        public var problem: NetworkProblem {
            switch self {
            case .noPrivateAddress: .noPrivateNetwork
            case let .cannotListen(address, _): .badAddress(address)
            case let .cannotBind(_, code): NetworkProblem(errno: code)
            }
        }

        /// A failure to bind `address`: NIO's error carries the system's errno.
        static func binding(_ address: String, _ error: any Error) -> Failure {
            if let error = error as? IOError { return .cannotBind(address: address, code: error.errnoCode) }
            return .cannotListen(address: address, reason: "\(error)")
        }
    }

    /// An address to listen on (`--phones-listen`, `--livesplit-one`): `ADDRESS:PORT`, IPv6 in brackets, given as a number
    /// (a link-local one with its zone), loopback or private only.
    public struct ListenAddress: Equatable, Sendable {
        public let host: String
        public let port: Int

        public init(parsing text: String) throws(Failure) {
            guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
                throw .cannotListen(address: text, reason: "not ADDRESS:PORT")
            }
            var host = String(text[..<colon])
            if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard let bytes = LocalListener.addressBytes(String(host.prefix { $0 != "%" })) else {
                throw .cannotListen(address: text, reason: "not an IP address (give a number, e.g. 192.168.1.20:8765)")
            }
            // A zone (`%eth0`) belongs to a link-local IPv6 address alone: anything else with one
            // would be looked up as a name.
            guard !host.contains("%") || PrivateAddress.isLinkLocal(ipv6: bytes) else {
                throw .cannotListen(address: text, reason: "only a link-local IPv6 address takes a zone (fe80::1%eth0)")
            }
            guard PrivateAddress.mayListen(on: bytes) else {
                throw .cannotListen(address: text, reason: "not a loopback or private address: phones are let in from the player's own network only (never 0.0.0.0, :: or a public address)")
            }
            self.host = host
            self.port = port
        }
    }

    /// What one connection may send before its upgrade (a request line and a few headers).
    static let handshakeBytes = 4096
    /// HTTP's limits for the request's headers: a browser's WebSocket request is about 600 bytes.
    static let headerLimits: NIOHTTPDecoderLimitConfiguration = {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = 2048
        limits.maxHeaderListSize = handshakeBytes
        limits.maxHeaderFieldCount = 32
        return limits
    }()
    /// The address to bind: read as a number, never looked up (no resolver, whose modules and
    /// caches would cost the game memory; the options name an address). Only a link-local
    /// IPv6 address with its zone (`fe80::1%eth0`) goes through getaddrinfo, which reads zones.
    static func socketAddress(_ host: String, port: Int) throws -> SocketAddress {
        if host.contains("%") { return try SocketAddress.makeAddressResolvingHost(host, port: port) }
        do { return try SocketAddress(ipAddress: host, port: port) } catch {
            throw Failure.cannotListen(address: "\(host):\(port)", reason: "not an IP address")
        }
    }

    /// An address in text as its 4 or 16 bytes (inet_pton), nil if it is none.
    static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: v6) { Array($0) } }
        return nil
    }

    /// One local WebSocket listener's pipeline (the phones' and LiveSplit One's): at most
    /// ``handshakeBytes`` and the header limits before the upgrade, `before` first, SwiftNIO's
    /// HTTP server with `upgrader`, and `fallback` for a request that is not upgraded; the
    /// fallback and the byte limit removed once the connection is a WebSocket.
    static func configureWebSocket(_ channel: Channel, upgrader: NIOWebSocketServerUpgrader,
                                   fallback: some ChannelInboundHandler & RemovableChannelHandler,
                                   before: [ChannelHandler] = []) -> EventLoopFuture<Void> {
        channel.eventLoop.makeCompletedFuture {
            let limit = HandshakeByteLimit(bytes: handshakeBytes)
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(limit)
            for handler in before { try operations.addHandler(handler) }
            try operations.configureHTTPServerPipeline(
                withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                    context.pipeline.syncOperations.removeHandler(fallback, promise: nil)
                    context.pipeline.syncOperations.removeHandler(limit, promise: nil)
                }),
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: headerLimits)
            try operations.addHandler(fallback)
        }
    }
}

/// Closes a connection that sends more than `bytes` before its upgrade: one request of a few
/// headers is all a phone sends over HTTP (the decoder's own limits count headers, not the
/// request line or what follows). Removed once the connection is a WebSocket.
final class HandshakeByteLimit: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private var left: Int

    init(bytes: Int) { left = bytes }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        left -= unwrapInboundIn(data).readableBytes
        guard left >= 0 else { return context.close(promise: nil) }
        context.fireChannelRead(data)
    }
}
