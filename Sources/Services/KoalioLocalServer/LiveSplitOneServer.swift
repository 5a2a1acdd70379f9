import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import KoalioSockets

/// The WebSocket server LiveSplit One's "Connect to Server" attaches to (`--livesplit-one`):
/// on loopback only, the game sends each timer connected the run's commands
/// (``LiveSplitFeed/liveSplitOne(_:)``) and a timer that connects during a run is brought up to
/// date at once. Built from the phone server's pieces (its handshake limits, SwiftNIO's
/// upgrader); what a timer sends (LiveSplit One answers every command) is read and dropped.
///
/// **Threads.** Everything the server keeps (the feed, the timers, the handshakes) lives on its
/// one event loop and is touched there alone: the game's thread only hands events over
/// (`execute`), so no lock is ever held across I/O and nothing the network does can make the
/// game's frame wait. (A lock held while writing, taken again by a close that the failed write
/// fired, once froze the game for good.) The one value the game reads back, ``connected``, is a
/// counter behind a lock that guards nothing else.
///
/// **Sockets.** At most ``maxHandshakes`` connections not yet upgraded, each closed
/// ``handshakeSeconds`` after it was accepted however slowly it sends (a deadline, not an idle
/// timer; when they are all taken the oldest goes for a newcomer), and at most
/// ``maxConnections`` timers (a newcomer replaces the one silent the longest): so the server
/// holds at most 16 sockets, far below the file limit. An upgrade from a web page is let in
/// only from LiveSplit One's own origins (``allowedOrigins``); a native app sends no `Origin`.
/// An HTTP request that is not an upgrade gets 426.
public final class LiveSplitOneServer: @unchecked Sendable {  // its state on `loop` only
    public static let maxConnections = 8
    public static let maxHandshakes = 8
    /// From its accept, a connection must be a WebSocket within this.
    public static let handshakeSeconds: Int64 = 5
    /// The pages that may connect: LiveSplit One on the web and its desktop app's web view.
    public static let allowedOrigins: Set<String> = ["https://one.livesplit.org", "tauri://localhost", "http://tauri.localhost",
                                                     "https://tauri.localhost"]
    /// LiveSplit One's answers are short JSON objects.
    static let maxFrameBytes = 16 * 1024
    /// How long a goodbye may wait to be written before the socket goes without it.
    static let closeWaitMilliseconds: Int64 = 200

    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let loop: EventLoop
    private var listener: Channel?
    private var feed = LiveSplitFeed()
    /// Timers connected, with when each last sent anything (the one silent longest goes first).
    private var timers: [ObjectIdentifier: (channel: Channel, heard: NIODeadline)] = [:]
    /// Connections not yet upgraded, with when each was accepted.
    private var handshakes: [ObjectIdentifier: (channel: Channel, accepted: NIODeadline)] = [:]
    private let timerCount = NIOLockedValueBox(0)
    /// Set by ``stop()``; the game's thread alone calls it, ``send(_:)`` and ``note(gameTime:)``.
    private var stopped = false
    /// Where it listens, `127.0.0.1:PORT` (the port it got, when 0 was asked for).
    public private(set) var address = ""

    /// Whether `listen` is on loopback (127.0.0.0/8 or ::1): the only addresses it takes.
    public static func isLoopback(_ listen: LocalListener.ListenAddress) -> Bool {
        LocalListener.addressBytes(listen.host).map(isLoopback(bytes:)) ?? false
    }

    /// Whether an address's 4 or 16 bytes are loopback's (127.0.0.0/8, ::1).
    public static func isLoopback(bytes: [UInt8]) -> Bool {
        bytes.count == 4 ? bytes[0] == 127 : bytes == Array(repeating: 0, count: 15) + [1]
    }

    /// Listens on `listen`, which must be a loopback address.
    public init(listen: LocalListener.ListenAddress) throws(LocalListener.Failure) {
        loop = group.next()
        guard Self.isLoopback(listen) else {
            try? group.syncShutdownGracefully()
            throw .cannotListen(address: "\(listen.host):\(listen.port)", reason: "not a loopback address (127.0.0.1 or ::1)")
        }
        do {
            let channel = try ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelOption(.writeBufferWaterMark, value: PhoneServer.writeWaterMark)
                .childChannelInitializer { [unowned self] channel in configure(channel) }
                .bind(to: try SocketAddress(ipAddress: listen.host, port: listen.port)).wait()
            listener = channel
            let port = channel.localAddress?.port ?? listen.port
            address = listen.host.contains(":") ? "[\(listen.host)]:\(port)" : "\(listen.host):\(port)"
        } catch {
            try? group.syncShutdownGracefully()
            throw LocalListener.Failure.binding("\(listen.host):\(listen.port)", error)
        }
    }

    deinit { stop() }

    /// Each timer told goodbye with a close frame (going away), then the server closed; a timer
    /// that does not read is not waited for.
    public func stop() {
        guard !stopped, let listener else { return }
        stopped = true
        self.listener = nil
        let closing = loop.submit { [self] in
            for timer in timers.values.map(\.channel) {
                var status = timer.allocator.buffer(capacity: 2)
                status.write(webSocketErrorCode: .goingAway)
                timer.writeAndFlush(WebSocketFrame(fin: true, opcode: .connectionClose, data: status)).whenComplete { _ in timer.close(promise: nil) }
                timer.eventLoop.scheduleTask(in: .milliseconds(Self.closeWaitMilliseconds)) { timer.close(promise: nil) }
            }
            for handshake in handshakes.values { handshake.channel.close(promise: nil) }
            timers = [:]
            handshakes = [:]
            timerCount.withLockedValue { $0 = 0 }
        }
        try? closing.wait()
        try? listener.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Tells every timer connected (and remembers it for those that connect later). Returns at
    /// once: the telling happens on the server's thread.
    public func send(_ event: LiveSplitFeed.Event) {
        guard !stopped else { return }
        loop.execute { [self] in
            let event = feed.note(event)
            for timer in timers.values { write(LiveSplitFeed.liveSplitOne(event), to: timer.channel) }
        }
    }

    /// The run's in-game time now, told to a timer only when it connects. Returns at once.
    public func note(gameTime milliseconds: Int) {
        guard !stopped else { return }
        loop.execute { [self] in feed.gameTime = milliseconds }
    }

    /// Timers connected now (tests wait for theirs).
    public var connected: Int { timerCount.withLockedValue { $0 } }

    private func write(_ commands: [String], to channel: Channel) {
        for command in commands {
            channel.write(WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(string: command)), promise: nil)
        }
        channel.flush()
    }

    // MARK: - On the loop

    /// A connection accepted: counted among the handshakes (the oldest closed when they are all
    /// taken), and closed at its deadline unless it became a timer by then.
    private func accepted(_ channel: Channel) {
        loop.preconditionInEventLoop()
        if handshakes.count >= Self.maxHandshakes, let oldest = handshakes.min(by: { $0.value.accepted < $1.value.accepted }) {
            handshakes[oldest.key] = nil
            oldest.value.channel.close(promise: nil)
        }
        let id = ObjectIdentifier(channel)
        handshakes[id] = (channel, .now())
        let deadline = loop.scheduleTask(in: .seconds(Self.handshakeSeconds)) { [self] in
            if handshakes.removeValue(forKey: id) != nil { channel.close(promise: nil) }
        }
        channel.closeFuture.whenComplete { [self] _ in
            deadline.cancel()
            handshakes[id] = nil
            if timers.removeValue(forKey: id) != nil { timerCount.withLockedValue { $0 = timers.count } }
        }
    }

    /// A timer's WebSocket is open: no longer a handshake; the timer silent the longest makes
    /// room when all are taken; it is brought up to date, then told what comes.
    fileprivate func opened(_ channel: Channel) {
        loop.preconditionInEventLoop()
        let id = ObjectIdentifier(channel)
        guard handshakes.removeValue(forKey: id) != nil else { return channel.close(promise: nil) }  // past its deadline
        if timers.count >= Self.maxConnections, let silent = timers.min(by: { $0.value.heard < $1.value.heard }) {
            timers[silent.key] = nil
            silent.value.channel.close(promise: nil)
        }
        timers[id] = (channel, .now())
        timerCount.withLockedValue { $0 = timers.count }
        for event in feed.catchUp { write(LiveSplitFeed.liveSplitOne(event), to: channel) }
    }

    /// A timer said something: it is not silent.
    fileprivate func heard(_ channel: Channel) {
        loop.preconditionInEventLoop()
        timers[ObjectIdentifier(channel)]?.heard = .now()
    }

    /// Whether an upgrade request may become a timer: no `Origin` (a native app) or one of
    /// LiveSplit One's own.
    static func mayUpgrade(_ head: HTTPRequestHead) -> Bool {
        let origins = head.headers["Origin"]
        return origins.isEmpty || (origins.count == 1 && origins.allSatisfy(allowedOrigins.contains))
    }

    private func configure(_ channel: Channel) -> EventLoopFuture<Void> {
        accepted(channel)
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: Self.maxFrameBytes,
            automaticErrorHandling: true,
            shouldUpgrade: { channel, head in channel.eventLoop.makeSucceededFuture(Self.mayUpgrade(head) ? HTTPHeaders() : nil) },
            upgradePipelineHandler: { [unowned self] channel, _ in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(TimerHandler(server: self)) }
            })
        return LocalListener.configureWebSocket(channel, upgrader: upgrader, fallback: UpgradeRequired())
    }

    /// A connected timer: its frames read and dropped, its pings answered, its closing noted
    /// (by its channel's close future). A timer may be quiet for as long as it likes.
    private final class TimerHandler: ChannelInboundHandler, @unchecked Sendable {  // on its channel's event loop only
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame

        private let server: LiveSplitOneServer

        init(server: LiveSplitOneServer) { self.server = server }

        func handlerAdded(context: ChannelHandlerContext) { server.opened(context.channel) }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            server.heard(context.channel)
            switch frame.opcode {
            case .connectionClose: context.close(promise: nil)
            case .ping: context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
            default: break
            }
        }
    }

    /// A request that was not upgraded: 403 for a page of another origin, 426 for a plain HTTP
    /// request; the connection closed.
    private final class UpgradeRequired: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private var foreign = false

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case let .head(request): foreign = !LiveSplitOneServer.mayUpgrade(request)
            case .body: return
            case .end: break
            }
            guard case .end = unwrapInboundIn(data) else { return }
            var head = HTTPResponseHead(version: .http1_1, status: foreign ? .forbidden : .upgradeRequired)
            if !foreign { head.headers.add(name: "Upgrade", value: "websocket") }
            head.headers.add(name: "Content-Length", value: "0")
            head.headers.add(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
        }
    }
}
