import KoalioAdmission
import KoalioPhone
import NIOCore
import NIOHTTP1

/// The checks a connection passes before its WebSocket upgrade, on the event loop's thread:
/// the path, `Host` the very address the connection arrived on (no DNS rebinding), `Origin` the
/// page's own, no body, and a token, typed code or resume token the hub accepts. One per connection.
final class PhoneGate: @unchecked Sendable {  // used on its channel's event loop only
    let hub: PhoneHub
    let connection: PhoneHub.ConnectionID
    /// The address the connection arrived on, as a `Host` header names it (`127.0.0.1:8765`, `[fd00::2]:8765`).
    let host: String
    /// The seat the hub gave this connection, once it passed.
    private(set) var admittedSeat: Int?
    /// Why the last request was refused (the HTTP handler answers it).
    private(set) var refusal: Refusal?

    init(hub: PhoneHub, connection: PhoneHub.ConnectionID, host: String) {
        self.hub = hub
        self.connection = connection
        self.host = host
    }

    /// The forms a browser writes our address in: with its port, and without it on port 80.
    private var hostForms: [String] {
        host.hasSuffix(":80") ? [host, String(host.dropLast(3))] : [host]
    }

    /// Whether the request names us: one `Host`, the address it arrived on.
    func isOurs(_ head: HTTPRequestHead) -> Bool {
        head.headers[canonicalForm: "Host"].count == 1 && hostForms.contains(head.headers.first(name: "Host") ?? "")
    }

    /// The headers to upgrade with, or nil: refused (``refusal`` says why, or it was not `/pad`).
    func check(_ head: HTTPRequestHead) -> HTTPHeaders? {
        refusal = nil
        guard admittedSeat == nil, head.method == .GET else { return nil }
        let (path, query) = Self.split(head.uri)
        guard path == "/pad" else { return nil }
        guard isOurs(head), head.headers.first(name: "Origin").map({ hostForms.map { "http://" + $0 }.contains($0) }) == true else {
            return refuse(.notOurs)
        }
        // A GET has no body; one that claims one could hold the socket admitted but never upgraded.
        guard !head.headers.contains(name: "Content-Length"), !head.headers.contains(name: "Transfer-Encoding") else {
            return refuse(.badRequest)
        }
        switch hub.admit(connection, token: query["token"], code: query["code"], resume: query["resume"]) {
        case let .success(seat):
            admittedSeat = seat
            return HTTPHeaders()
        case let .failure(reason):
            refusal = reason
            return nil
        }
    }

    private func refuse(_ reason: Refusal) -> HTTPHeaders? {
        refusal = reason
        hub.refuse(connection, reason)
        return nil
    }

    /// A request's path and its query's values (`/pad?token=…&resume=…`).
    static func split(_ uri: String) -> (path: Substring, query: [Substring: Substring]) {
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [Substring: Substring] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if kv.count == 2, query[kv[0]] == nil { query[kv[0]] = kv[1] }
            }
        }
        return (parts.first ?? "", query)
    }
}
