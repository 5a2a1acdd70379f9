import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The WebSocket server LiveSplit One's "Connect to Server" attaches to (`--livesplit-one`):
/// on loopback only, the game sends each timer connected the run's commands
/// (``LiveSplitFeed/liveSplitOne(_:)``) and a timer that connects during a run is brought up to
/// date at once. Built from the phone server's pieces (its handshake limits, SwiftNIO's
/// upgrader); what a timer sends (LiveSplit One answers every command) is read and dropped.
/// At most ``maxConnections`` timers; an HTTP request that is not an upgrade gets 426.
public final class LiveSplitOneServer: @unchecked Sendable {  // its state behind `lock`
    public static let maxConnections = 8
    /// LiveSplit One's answers are short JSON objects.
    static let maxFrameBytes = 16 * 1024
    /// How long a goodbye may wait to be written before the socket goes without it.
    static let closeWaitMilliseconds: Int64 = 200

    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private var listener: Channel?
    private let lock = NIOLock()
    private var feed = LiveSplitFeed()
    private var timers: [ObjectIdentifier: Channel] = [:]
    /// Where it listens, `127.0.0.1:PORT` (the port it got, when 0 was asked for).
    public private(set) var address = ""

    /// Whether `listen` is on loopback (127.0.0.0/8 or ::1): the only addresses it takes.
    public static func isLoopback(_ listen: PhoneServer.ListenAddress) -> Bool {
        PhoneServer.addressBytes(listen.host).map(isLoopback(bytes:)) ?? false
    }

    /// Whether an address's 4 or 16 bytes are loopback's (127.0.0.0/8, ::1).
    public static func isLoopback(bytes: [UInt8]) -> Bool {
        bytes.count == 4 ? bytes[0] == 127 : bytes == Array(repeating: 0, count: 15) + [1]
    }

    /// Listens on `listen`, which must be a loopback address.
    public init(listen: PhoneServer.ListenAddress) throws(PhoneServer.Failure) {
        guard Self.isLoopback(listen) else { throw .cannotListen(address: "\(listen.host):\(listen.port)", reason: "not a loopback address (127.0.0.1 or ::1)") }
        do {
            let channel = try ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { [unowned self] channel in configure(channel) }
                .bind(to: try SocketAddress(ipAddress: listen.host, port: listen.port)).wait()
            listener = channel
            let port = channel.localAddress?.port ?? listen.port
            address = listen.host.contains(":") ? "[\(listen.host)]:\(port)" : "\(listen.host):\(port)"
        } catch {
            try? group.syncShutdownGracefully()
            throw .cannotListen(address: "\(listen.host):\(listen.port)", reason: "\(error)")
        }
    }

    deinit { stop() }

    /// Each timer told goodbye with a close frame (going away), then the server closed; a timer
    /// that does not read is not waited for.
    public func stop() {
        lock.withLock {
            for timer in timers.values {
                var status = timer.allocator.buffer(capacity: 2)
                status.write(webSocketErrorCode: .goingAway)
                timer.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, data: status)).whenComplete { _ in timer.close(promise: nil) }
                timer.eventLoop.scheduleTask(in: .milliseconds(Self.closeWaitMilliseconds)) { timer.close(promise: nil) }
            }
            timers = [:]
        }
        try? listener?.close().wait()
        listener = nil
        try? group.syncShutdownGracefully()
    }

    /// Tells every timer connected (and remembers it for those that connect later).
    public func send(_ event: LiveSplitFeed.Event) {
        lock.withLock {
            let event = feed.note(event)
            for timer in timers.values { write(LiveSplitFeed.liveSplitOne(event), to: timer) }
        }
    }

    /// The run's in-game time now, told to a timer only when it connects.
    public func note(gameTime milliseconds: Int) { lock.withLock { feed.gameTime = milliseconds } }

    /// Timers connected now (tests wait for theirs).
    public var connected: Int { lock.withLock { timers.count } }

    private func write(_ commands: [String], to channel: Channel) {
        for command in commands {
            channel.write(WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(string: command)), promise: nil)
        }
        channel.flush()
    }

    /// A timer's WebSocket is open: it is brought up to date, then told what comes.
    fileprivate func opened(_ channel: Channel) -> Bool {
        lock.withLock {
            guard timers.count < Self.maxConnections else { return false }
            for event in feed.catchUp { write(LiveSplitFeed.liveSplitOne(event), to: channel) }
            timers[ObjectIdentifier(channel)] = channel
            return true
        }
    }

    fileprivate func closed(_ channel: Channel) { lock.withLock { _ = timers.removeValue(forKey: ObjectIdentifier(channel)) } }

    private func configure(_ channel: Channel) -> EventLoopFuture<Void> {
        let limit = HandshakeByteLimit(bytes: PhoneServer.handshakeBytes)
        let refusal = UpgradeRequired()
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: Self.maxFrameBytes,
            automaticErrorHandling: true,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
            upgradePipelineHandler: { [unowned self] channel, _ in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(TimerHandler(server: self)) }
            })
        return channel.eventLoop.makeCompletedFuture {
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(limit)
            try operations.addHandler(IdleStateHandler(readTimeout: .seconds(PhoneServer.idleSeconds)))
            try operations.configureHTTPServerPipeline(
                withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                    context.pipeline.syncOperations.removeHandler(refusal, promise: nil)
                    context.pipeline.syncOperations.removeHandler(limit, promise: nil)
                }),
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: PhoneServer.headerLimits)
            try operations.addHandler(refusal)
        }
    }

    /// A connected timer: its frames read and dropped, its pings answered, its closing noted.
    /// Its read timeout is lifted: a timer may be quiet for as long as it likes.
    private final class TimerHandler: ChannelInboundHandler, @unchecked Sendable {  // on its channel's event loop only
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame

        private let server: LiveSplitOneServer

        init(server: LiveSplitOneServer) { self.server = server }

        func handlerAdded(context: ChannelHandlerContext) {
            if let idle = try? context.pipeline.syncOperations.context(handlerType: IdleStateHandler.self) {
                context.pipeline.syncOperations.removeHandler(context: idle, promise: nil)
            }
            if !server.opened(context.channel) { context.close(promise: nil) }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            switch frame.opcode {
            case .connectionClose: context.close(promise: nil)
            case .ping: context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
            default: break
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            server.closed(context.channel)
            context.fireChannelInactive()
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if event is IdleStateHandler.IdleStateEvent { context.close(promise: nil) }
        }
    }

    /// A plain HTTP request (not an upgrade): 426, and the connection closed.
    private final class UpgradeRequired: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            var head = HTTPResponseHead(version: .http1_1, status: .upgradeRequired)
            head.headers.add(name: "Upgrade", value: "websocket")
            head.headers.add(name: "Content-Length", value: "0")
            head.headers.add(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if event is IdleStateHandler.IdleStateEvent { context.close(promise: nil) }
        }
    }
}
