import NIOCore
import NIOHTTP1

/// Plain HTTP: the page at `/`; a `/pad` request that was not upgraded is refused (403, or 429
/// while the address is locked out, or the "game full" page); anything else is 404. Each
/// answer closes the connection.
final class PhoneHTTPHandler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let page = ByteBuffer(string: PhonePage.html)
    static let fullPage = ByteBuffer(string: """
        <!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">\
        <title>koalio</title></head><body style="background:#10202c;color:#eef;font:20px sans-serif;text-align:center">\
        <p>The game is full: four are playing.</p></body></html>
        """)

    private let gate: PhoneGate
    private var answered = false

    init(gate: PhoneGate) { self.gate = gate }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case let .head(head) = unwrapInboundIn(data), !answered else { return }
        answered = true
        let path = PhoneGate.split(head.uri).path
        switch (head.method, path) {
        case (.GET, "/"): respond(context, .ok, Self.page, type: "text/html; charset=utf-8")
        case (.GET, "/pad"):
            switch gate.refusal {
            case .full?: respond(context, .serviceUnavailable, Self.fullPage, type: "text/html; charset=utf-8")
            case .lockedOut?: respond(context, .tooManyRequests, ByteBuffer(string: "locked out for a minute\n"), type: "text/plain")
            default: respond(context, .forbidden, ByteBuffer(string: "not let in\n"), type: "text/plain")
            }
        default: respond(context, .notFound, ByteBuffer(string: "not found\n"), type: "text/plain")
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent { context.close(promise: nil) } else { context.fireUserInboundEventTriggered(event) }
    }

    private func respond(_ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ body: ByteBuffer, type: String) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Referrer-Policy", value: "no-referrer")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Content-Security-Policy", value: "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
    }
}
