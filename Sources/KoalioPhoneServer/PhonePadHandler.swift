import KoalioPhone
import NIOCore
import NIOWebSocket

/// A paired phone's WebSocket: binary ``PhoneFrame``s in, to the hub; pings answered; anything
/// malformed, too large (NIO closes with 1009 past ``maxFrameBytes``) or too frequent closes it.
final class PhonePadHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    static let maxFrameBytes = 256

    private let hub: PhoneHub
    private let seat: Int
    private let address: String
    private var windowStart = 0.0
    private var framesInWindow = 0
    private var closing = false

    init(hub: PhoneHub, seat: Int, address: String) {
        self.hub = hub
        self.seat = seat
        self.address = address
    }

    func handlerAdded(context: ChannelHandlerContext) {
        hub.connected(seat, channel: context.channel, from: address)
    }

    func channelInactive(context: ChannelHandlerContext) {
        hub.disconnected(seat)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard !closing else { return }
        switch frame.opcode {
        case .binary where frame.fin:
            let now = hub.now
            if now - windowStart >= 1 {
                windowStart = now
                framesInWindow = 0
            }
            framesInWindow += 1
            guard framesInWindow <= PhoneServer.framesPerSecond else { return close(context, .policyViolation) }
            let bytes = frame.unmaskedData.readableBytesView
            guard let decoded = try? PhoneFrame(decoding: bytes) else { return close(context, .unacceptableData) }
            hub.received(decoded, seat: seat)
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            break
        case .connectionClose:
            close(context, .normalClosure)
        default:
            close(context, .unacceptableData)  // text, fragments, unknown opcodes: not our protocol
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent { close(context, .goingAway) } else { context.fireUserInboundEventTriggered(event) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        close(context, .protocolError)
    }

    private func close(_ context: ChannelHandlerContext, _ code: WebSocketErrorCode) {
        guard !closing else { return }
        closing = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))).whenComplete { [channel = context.channel] _ in
            channel.close(promise: nil)
        }
    }
}
