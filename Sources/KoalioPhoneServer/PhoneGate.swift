import KoalioPhone
import NIOCore
import NIOHTTP1

/// The checks a connection passes before its WebSocket upgrade, on the event loop's thread:
/// the path, `Host` one of the addresses we listen on (no DNS rebinding), `Origin` the page's
/// own, and a token, typed code or resume token the hub accepts. One per connection.
final class PhoneGate: @unchecked Sendable {  // used on its channel's event loop only
    let hub: PhoneHub
    let address: String
    /// The seat the hub gave this connection, once it passed.
    private(set) var admittedSeat: Int?
    /// Why the last request was refused (the HTTP handler answers it).
    private(set) var refusal: PhoneHub.Refusal?

    init(hub: PhoneHub, address: String) {
        self.hub = hub
        self.address = address
    }

    /// The headers to upgrade with, or nil: refused (``refusal`` says why, or it was not `/pad`).
    func check(_ head: HTTPRequestHead, localPort: Int?) -> HTTPHeaders? {
        refusal = nil
        guard admittedSeat == nil, head.method == .GET else { return nil }
        let (path, query) = Self.split(head.uri)
        guard path == "/pad" else { return nil }
        guard let host = head.headers.first(name: "Host"), hub.isOurs(host: host),
              head.headers.first(name: "Origin") == "http://" + host else {
            refusal = .badSecret
            return nil
        }
        switch hub.admit(token: query["token"], code: query["code"], resume: query["resume"], from: address) {
        case let .success(seat):
            admittedSeat = seat
            return HTTPHeaders()
        case let .failure(reason):
            refusal = reason
            return nil
        }
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
