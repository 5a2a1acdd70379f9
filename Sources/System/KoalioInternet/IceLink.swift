import CIce
import Dispatch

/// One ICE link to one peer over libnice (CIce): STUN finds this machine's address as the
/// internet sees it, TURN offers a relay, and the connectivity checks pick the best pair that
/// works, direct when the routers allow a hole, through the relay when not. Polled once a frame,
/// never waiting.
public final class IceLink {
    public enum State: Equatable, Sendable {
        case gathering, gathered, checking, ready, failed
    }

    /// Where the rendezvous's relay is, and this session's credential for it (from the rooms).
    public struct Relay: Equatable, Sendable {
        public var address: String
        public var port: UInt16
        public var username: String
        public var password: String

        public init(address: String, port: UInt16, username: String, password: String) {
            self.address = address
            self.port = port
            self.username = username
            self.password = password
        }
    }

    /// The longest datagram a link carries (the game's are far smaller).
    public static let datagramBytes = 1500
    /// The longest local description (a dozen candidates are under 1 KB).
    static let descriptionBytes = 8192

    private let link: OpaquePointer
    /// Whether only relayed candidates are gathered and offered (the peer never learns this
    /// machine's addresses).
    public let relayOnly: Bool

    public enum Failure: Error, Equatable, Sendable { case noAgent }

    /// - Parameters:
    ///   - controlling: the host's end (it nominates the pair).
    ///   - stun: the rendezvous's STUN address and port (numeric IPv4).
    public init(controlling: Bool, stun: (address: String, port: UInt16)?, relay: Relay?, relayOnly: Bool) throws(Failure) {
        guard let made = koalio_ice_new(controlling ? 1 : 0, stun?.address, UInt32(stun?.port ?? 0), relay?.address, UInt32(relay?.port ?? 0),
                                        relay?.username, relay?.password, relayOnly ? 1 : 0) else { throw .noAgent }
        link = made
        self.relayOnly = relayOnly
    }

    deinit { koalio_ice_free(link) }

    /// The links a meeting ends, handed whole to a thread of their own: each one's end waits
    /// for its relay to let its allocation go (up to half a second: CIce's close), which no
    /// frame may do. The caller keeps no other reference (pass it with `consume`), so the
    /// last one goes, and the wait happens, there.
    public static func endApart(_ links: consuming [IceLink]) {
        guard !links.isEmpty else { return }
        let ending = Ending(links)
        closer.async { ending.links.removeAll() }
    }

    /// Where links end (one at a time: there is rarely more than one).
    private static let closer = DispatchQueue(label: "koalio.ice-closer")

    /// Links on their way to the closer: handed over once, never shared.
    private final class Ending: @unchecked Sendable {
        var links: [IceLink]
        init(_ links: consuming [IceLink]) { self.links = links }
    }

    /// Runs what is due (checks, keep-alives, datagrams in) without waiting.
    public func poll() { koalio_ice_poll(link) }

    public var state: State {
        switch koalio_ice_get_state(link) {
        case KOALIO_ICE_GATHERING: .gathering
        case KOALIO_ICE_GATHERED: .gathered
        case KOALIO_ICE_CHECKING: .checking
        case KOALIO_ICE_READY: .ready
        default: .failed
        }
    }

    /// This end's description for the peer, once gathered: libnice's SDP lines, only the relayed
    /// candidates when ``relayOnly`` (so no other address of this machine is ever written).
    public var localDescription: String? {
        var buffer = [CChar](repeating: 0, count: Self.descriptionBytes)
        let length = koalio_ice_local_description(link, &buffer, buffer.count)
        guard length > 0 else { return nil }
        let text = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return relayOnly ? Self.relayedOnly(text) : text
    }

    /// The peer's description; false if libnice took none of it.
    @discardableResult
    public func setRemoteDescription(_ description: String) -> Bool {
        koalio_ice_set_remote_description(link, description) > 0
    }

    /// Whether the chosen pair goes through the relay (nil until a pair is chosen).
    public var relayed: Bool? {
        switch koalio_ice_relayed(link) {
        case 1: true
        case 0: false
        default: nil
        }
    }

    /// Sends one datagram over the chosen pair; false before one is chosen.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool { koalio_ice_send(link, bytes, bytes.count) >= 0 }

    /// The next datagram that came, or nil.
    public func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Self.datagramBytes)
        while true {
            let length = koalio_ice_receive(link, &buffer, buffer.count)
            if length == 0 { return nil }
            if length > 0 { return Array(buffer.prefix(Int(length))) }
        }
    }

    /// `description` with every candidate line but the relayed ones left out, and those without
    /// their related address (`raddr`, `rport`: this machine's address as the relay saw it).
    static func relayedOnly(_ description: String) -> String {
        description.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> Substring? in
            guard line.hasPrefix("a=candidate:") else { return line }
            guard line.contains(" typ relay") else { return nil }
            var fields = line.split(separator: " ")
            if let related = fields.firstIndex(of: "raddr") { fields.removeSubrange(related..<min(fields.count, related + 4)) }
            return Substring(fields.joined(separator: " "))
        }.joined(separator: "\n")
    }
}
