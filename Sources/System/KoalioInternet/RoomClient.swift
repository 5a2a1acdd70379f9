import CStrophe
import Glibc
import KoalioCore

/// The game's side of a rendezvous's rooms: one anonymous XMPP session (libstrophe), polled once
/// a frame without waiting. A host logs in to the rendezvous's domain, which may make rooms; a
/// joiner to its guests' domain, which may only enter them, so a wrong code is refused instead of
/// making an empty room (server/prosody.cfg.lua.in). TLS is required and the certificate checked
/// (against the system's authorities, or `caFile` for a community's self-signed one).
public final class RoomClient {
    public enum Role: Sendable { case host, guest }

    /// A STUN or TURN service the rendezvous hands this session (XEP-0215), with its short-lived
    /// credential for TURN.
    public struct Service: Equatable, Sendable {
        public var type: String
        public var host: String
        public var port: UInt16
        public var username: String?
        public var password: String?
    }

    /// What the session heard, in order.
    public enum Event: Equatable, Sendable {
        /// Logged in (TLS, anonymous): rooms and services may be asked for.
        case online
        case services([Service])
        /// This session is in the room.
        case joined
        /// The room refused us: `condition` is XMPP's (`not-allowed`: no such room for a joiner).
        case refused(condition: String)
        /// Someone else entered, or left, the room.
        case arrived(nick: String)
        case left(nick: String)
        /// A message in the room from another occupant.
        case message(nick: String, body: String)
        /// The session ended or never began: the system's words when its connection failed,
        /// nil when the rendezvous ended it.
        case closed(detail: String?)
    }

    public enum Failure: Error, Equatable, Sendable {
        case cannotConnect
        /// libstrophe is not installed (it is loaded when a room's game begins, not linked).
        case missing
    }

    /// libstrophe loaded and started, once: whether it is there.
    private static let loaded: Bool = {
        guard koalio_strophe_load() == 1 else { return false }
        koalio_xmpp_initialize()
        return true
    }()
    private let context: OpaquePointer
    private let connection: OpaquePointer
    private var events: [Event] = []
    private let domain: String
    /// The domain this session logged in to (the rendezvous's, or its guests').
    private let loginDomain: String
    private var room: String?
    private var nick: String?
    public private(set) var isClosed = false

    /// Starts connecting to `server` (a numeric address: the rendezvous) on `port`.
    public init(server: String, port: UInt16 = 5222, domain: String, role: Role, caFile: String?) throws(Failure) {
        guard Self.loaded else { throw .missing }
        guard let context = koalio_xmpp_ctx_new(nil, nil) else { throw .cannotConnect }
        guard let connection = koalio_xmpp_conn_new(context) else {
            koalio_xmpp_ctx_free(context)
            throw .cannotConnect
        }
        self.context = context
        self.connection = connection
        self.domain = domain
        loginDomain = role == .host ? domain : "guest." + domain
        koalio_xmpp_conn_set_jid(connection, loginDomain)  // no local part: SASL ANONYMOUS
        _ = koalio_xmpp_conn_set_flags(connection, koalio_xmpp_mandatory_tls())
        if let caFile { koalio_xmpp_conn_set_cafile(connection, caFile) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        koalio_xmpp_handler_add(connection, { _, stanza, userdata in
            guard let stanza, let userdata else { return 1 }
            Unmanaged<RoomClient>.fromOpaque(userdata).takeUnretainedValue().heard(stanza)
            return 1
        }, nil, nil, nil, me)
        let started = koalio_xmpp_connect_client(connection, server, port, { _, event, error, _, userdata in
            guard let userdata else { return }
            Unmanaged<RoomClient>.fromOpaque(userdata).takeUnretainedValue().connection(event, error: error)
        }, me)
        guard started == 0 else { throw .cannotConnect }  // deinit lets the connection and context go
    }

    deinit {
        if !isClosed, koalio_xmpp_conn_is_connected(connection) != 0 { koalio_xmpp_disconnect(connection) }
        for _ in 0..<8 where koalio_xmpp_conn_is_connected(connection) != 0 { koalio_xmpp_run_once(context, 0) }
        koalio_xmpp_conn_release(connection)
        koalio_xmpp_ctx_free(context)
    }

    /// Runs what is due without waiting; what was heard since the last poll.
    public func poll() -> [Event] {
        koalio_xmpp_run_once(context, 0)
        defer { events = [] }
        return events
    }

    /// Asks for the rendezvous's STUN and TURN services (answered with ``Event/services(_:)``).
    public func askForServices() {
        send("<iq type='get' id='services' to='\(XMLText.escaped(loginDomain))'><services xmlns='urn:xmpp:extdisco:2'/></iq>")
    }

    /// Enters (a host: makes) the room `name` as `nick`.
    public func join(room name: String, nick: String) {
        room = name + "@rooms." + domain
        self.nick = nick
        send("<presence to='\(XMLText.escaped(name + "@rooms." + domain + "/" + nick))'><x xmlns='http://jabber.org/protocol/muc'/></presence>")
    }

    /// Says `body` to everyone in the room.
    public func say(_ body: String) {
        guard let room else { return }
        send("<message type='groupchat' to='\(XMLText.escaped(room))'><body>\(XMLText.escaped(body))</body></message>")
    }

    /// Leaves the rendezvous.
    public func close() {
        guard !isClosed else { return }
        koalio_xmpp_disconnect(connection)
    }

    private func send(_ xml: String) {
        guard !isClosed else { return }
        var bytes = Array(xml.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { $0.withMemoryRebound(to: CChar.self, capacity: buffer.count) { koalio_xmpp_send_raw(connection, $0, buffer.count) } }
        }
    }

    private func connection(_ event: xmpp_conn_event_t, error: Int32) {
        switch event {
        case XMPP_CONN_CONNECT: events.append(.online)
        case XMPP_CONN_RAW_CONNECT: break
        default:
            isClosed = true
            events.append(.closed(detail: error != 0 ? String(cString: strerror(error)) : nil))
        }
    }

    private func heard(_ stanza: OpaquePointer) {
        let name = text(koalio_xmpp_stanza_get_name(stanza))
        let type = text(koalio_xmpp_stanza_get_type(stanza))
        let from = text(koalio_xmpp_stanza_get_from(stanza))
        switch name {
        case "presence":
            guard let room, from.hasPrefix(room + "/") else { return }
            let who = String(from.dropFirst(room.count + 1))
            if type == "error" {
                events.append(.refused(condition: errorCondition(stanza)))
            } else if who == nick || statusCodes(stanza).contains("110") {
                if type != "unavailable" { events.append(.joined) }
            } else {
                events.append(type == "unavailable" ? .left(nick: who) : .arrived(nick: who))
            }
        case "message":
            guard let room, type == "groupchat", from.hasPrefix(room + "/") else { return }
            let who = String(from.dropFirst(room.count + 1))
            guard who != nick, let body = child(stanza, "body") else { return }
            events.append(.message(nick: who, body: bodyText(body)))
        case "iq":
            guard text(koalio_xmpp_stanza_get_id(stanza)) == "services", from.isEmpty || from == loginDomain else { return }
            // A rendezvous without STUN and TURN to offer: the meeting goes on with this
            // machine's own addresses (a direct path only).
            guard type == "result", let services = child(stanza, "services") else {
                if type == "error" { events.append(.services([])) }
                return
            }
            var found: [Service] = []
            var item = koalio_xmpp_stanza_get_children(services)
            while let service = item {
                if text(koalio_xmpp_stanza_get_name(service)) == "service", let port = UInt16(attribute(service, "port")) {
                    found.append(Service(type: attribute(service, "type"), host: attribute(service, "host"), port: port,
                                         username: optionalAttribute(service, "username"), password: optionalAttribute(service, "password")))
                }
                item = koalio_xmpp_stanza_get_next(service)
            }
            events.append(.services(found))
        default: break
        }
    }

    private func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
    private func attribute(_ stanza: OpaquePointer, _ name: String) -> String { text(koalio_xmpp_stanza_get_attribute(stanza, name)) }
    private func optionalAttribute(_ stanza: OpaquePointer, _ name: String) -> String? {
        koalio_xmpp_stanza_get_attribute(stanza, name).map { String(cString: $0) }
    }
    private func child(_ stanza: OpaquePointer, _ name: String) -> OpaquePointer? { koalio_xmpp_stanza_get_child_by_name(stanza, name) }

    private func bodyText(_ body: OpaquePointer) -> String {
        guard let raw = koalio_xmpp_stanza_get_text(body) else { return "" }
        defer { koalio_xmpp_free(context, raw) }
        return String(cString: raw)
    }

    private func statusCodes(_ stanza: OpaquePointer) -> [String] {
        guard let x = child(stanza, "x") else { return [] }
        var codes: [String] = []
        var item = koalio_xmpp_stanza_get_children(x)
        while let element = item {
            if text(koalio_xmpp_stanza_get_name(element)) == "status" { codes.append(attribute(element, "code")) }
            item = koalio_xmpp_stanza_get_next(element)
        }
        return codes
    }

    private func errorCondition(_ stanza: OpaquePointer) -> String {
        guard let error = child(stanza, "error"), let condition = koalio_xmpp_stanza_get_children(error) else { return "error" }
        return text(koalio_xmpp_stanza_get_name(condition))
    }
}
