import KoalioPhone
import NIOCore
import NIOWebSocket

/// A paired phone's WebSocket: binary ``PhoneFrame``s in, to the hub; pings answered. Closed,
/// with one close frame: anything malformed or unmasked, too large (1009 past
/// ``maxFrameBytes``), more than ``PhoneServer/framesPerSecond`` frames of any kind a second or
/// more than ``pingsPerSecond`` pings, and a peer that stops reading (what is written to it
/// backs up past the channel's high water mark for ``stalledSeconds``). Nothing is answered
/// while the peer is not reading, so it cannot make the game hold its messages.
final class PhonePadHandler: ChannelInboundHandler, @unchecked Sendable {  // on its channel's event loop only
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    static let maxFrameBytes = 256
    static let pingsPerSecond = 4
    static let stalledSeconds: Int64 = 1
    /// How long a close frame may wait to be written before the socket goes without it.
    static let closeWaitMilliseconds: Int64 = 200

    private let hub: PhoneHub
    private let connection: PhoneHub.ConnectionID
    private var windowStart = 0.0
    private var framesInWindow = 0
    private var pingsInWindow = 0
    private var closing = false
    private var stallCheck: Scheduled<Void>?

    init(hub: PhoneHub, connection: PhoneHub.ConnectionID) {
        self.hub = hub
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard let (_, resume) = hub.upgraded(connection) else { return close(context, .policyViolation) }
        var buffer = context.channel.allocator.buffer(capacity: 1 + resume.count)
        buffer.writeBytes(PhoneMessage.resume(resume).bytes)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .binary, data: buffer)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard !closing else { return }
        // A client masks every frame it sends (RFC 6455, 5.1).
        guard frame.maskKey != nil else { return close(context, .protocolError) }
        let now = hub.now
        if now - windowStart >= 1 {
            windowStart = now
            framesInWindow = 0
            pingsInWindow = 0
        }
        framesInWindow += 1
        guard framesInWindow <= PhoneServer.framesPerSecond else { return close(context, .policyViolation) }
        switch frame.opcode {
        case .binary where frame.fin:
            let bytes = frame.unmaskedData.readableBytesView
            guard let decoded = try? PhoneFrame(decoding: bytes) else { return close(context, .unacceptableData) }
            hub.received(decoded, from: connection)
        case .ping:
            pingsInWindow += 1
            guard pingsInWindow <= Self.pingsPerSecond else { return close(context, .policyViolation) }
            guard context.channel.isWritable else { return }  // not reading: no answer piles up
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            break
        case .connectionClose:
            close(context, .normalClosure)
        default:
            close(context, .unacceptableData)  // text, fragments, unknown opcodes: not our protocol
        }
    }

    /// The peer stopped reading: closed unless it reads again within ``stalledSeconds``.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stallCheck?.cancel()
            stallCheck = nil
        } else if stallCheck == nil {
            let channel = context.channel
            stallCheck = context.eventLoop.scheduleTask(in: .seconds(Self.stalledSeconds)) {
                if !channel.isWritable { channel.close(promise: nil) }
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent { close(context, .goingAway) } else { context.fireUserInboundEventTriggered(event) }
    }

    /// NIO's frame decoder found a frame too large (1009) or malformed: one close frame, ours.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        let tooLarge = if case .invalidFrameLength? = error as? NIOWebSocketError { true } else { false }
        close(context, tooLarge ? .messageTooLarge : .protocolError)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stallCheck?.cancel()
        context.fireChannelInactive()
    }

    private func close(_ context: ChannelHandlerContext, _ code: WebSocketErrorCode) {
        guard !closing else { return }
        closing = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let channel = context.channel
        // Not waiting on a peer that does not read: the close frame goes if it can, the socket goes anyway.
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))).whenComplete { _ in
            channel.close(promise: nil)
        }
        context.eventLoop.scheduleTask(in: .milliseconds(Self.closeWaitMilliseconds)) { channel.close(promise: nil) }
    }
}
