import KoalioPhone
import NIOCore
import NIOHTTP1

/// Plain HTTP: the page at `/`; `/pad/why`, the last refusal of the asker's address (a browser
/// hides a refused upgrade's status from the page); a `/pad` request that was not upgraded is
/// refused with its reason's status (400, 403, 429, or 503 with the "game full" page); anything
/// else is 404, and any request whose `Host` is not the address it came to is 403. Each answer
/// carries the same strict headers and closes the connection.
final class PhoneHTTPHandler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let fullPage = ByteBuffer(string: """
        <!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">\
        <title>koalio</title></head><body style="background:#10202c;color:#eef;font:20px sans-serif;text-align:center">\
        <p>The game is full: four are playing.</p></body></html>
        """)
    /// Every answer's headers besides its type and length: nothing cached, no Referer sent on,
    /// no type sniffed, no framing by another page, no request but to ourselves.
    static let strictHeaders: [(String, String)] = [
        ("Cache-Control", "no-store"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
        ("Connection", "close"),
    ]

    private let gate: PhoneGate
    private var answered = false

    /// The phone's page, with its words in every language.
    let page: ByteBuffer

    init(gate: PhoneGate, page: ByteBuffer) {
        self.gate = gate
        self.page = page
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case let .head(head) = unwrapInboundIn(data), !answered else { return }
        answered = true
        let path = PhoneGate.split(head.uri).path
        guard gate.isOurs(head) else { return text(context, .forbidden, "not this game's address\n") }
        switch (head.method, path) {
        case (.GET, "/"): respond(context, .ok, page, type: "text/html; charset=utf-8")
        case (.GET, "/pad/why"): text(context, .ok, (gate.hub.why(gate.connection)?.why ?? "none") + "\n")
        case (.GET, "/pad"):
            switch gate.refusal {
            case .full?: respond(context, .serviceUnavailable, Self.fullPage, type: "text/html; charset=utf-8")
            case let refusal?: text(context, HTTPResponseStatus(statusCode: refusal.httpStatus), refusal.why + "\n")
            case nil: text(context, .badRequest, "not a WebSocket\n")
            }
        default: text(context, .notFound, "not found\n")
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent { context.close(promise: nil) } else { context.fireUserInboundEventTriggered(event) }
    }

    private func text(_ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ body: String) {
        respond(context, status, ByteBuffer(string: body), type: "text/plain; charset=utf-8")
    }

    private func respond(_ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ body: ByteBuffer, type: String) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        for (name, value) in Self.strictHeaders { headers.add(name: name, value: value) }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
    }
}
