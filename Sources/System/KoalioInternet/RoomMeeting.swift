import KoalioNet

/// Two machines meeting through a rendezvous by a room code, up to the moment their game's
/// datagrams flow: the room (``RoomClient``), what is said there (``RoomTalk``), the ICE link
/// (``IceLink``) and the seal (``DatagramSeal``) with the host's key. Polled once a frame; nothing
/// in it waits.
///
/// The host makes the room and gathers its candidates at once; a joiner enters, gathers, and
/// says hello (whether it hides its address); the host answers with the key and its description
/// (gathered again relay-only if either hides), the joiner with its own; ICE then picks the path.
public final class RoomMeeting {
    public enum Role: Sendable { case host, joiner }

    public enum Event: Equatable, Sendable {
        /// The host's room is made: a joiner may come with its code.
        case roomOpen
        /// Datagrams flow: directly between the two, or through the rendezvous's relay.
        case connected(relayed: Bool)
        /// The meeting ended before (or after) it connected: why.
        case failed(RoomFailure)
    }

    /// How long a meeting may take, from the first poll to connected: longer means something
    /// is wrong (no joiner is waited for: the host's room stays open until one comes).
    public static let connectSeconds = 20.0

    public let role: Role
    public let code: RoomCode
    public let relayOnly: Bool
    /// Whether the path goes through the relay (nil until connected).
    public private(set) var relayed: Bool?
    public private(set) var isOver = false
    /// The other machine's ICE description as it came: everything this machine learned of it
    /// (its candidates' addresses).
    public private(set) var peerDescription: String?

    private let client: RoomClient
    private var stun: (address: String, port: UInt16)?
    private var relay: IceLink.Relay?
    private var link: IceLink?
    /// Links given up for relay-only ones: ending one waits (briefly) for the relay to let its
    /// allocation go, which no frame may do, so they end with the meeting.
    private var retired: [IceLink] = []
    private var seal: DatagramSeal?
    private var key: [UInt8]?
    private var peerRelayOnly = false
    private var described = false
    private var theirDescription: String?
    /// When the joiner came (the host), or the meeting began (a joiner): the clock for ``connectSeconds``.
    private var startedAt: Double?
    private var saidOpen = false
    /// The rendezvous let this machine in (its TLS handshake done): no poll waits any more.
    private var loggedIn = false

    /// - Parameters:
    ///   - rendezvous: the rendezvous's numeric address (rooms on 5222; its relay is where its
    ///     rooms say).
    ///   - domain: its XMPP domain, which its certificate names (its address or name as the
    ///     player gave it; by default the address).
    ///   - caFile: a certificate to trust for it (a community's self-signed one), else the system's.
    public init(role: Role, code: RoomCode, rendezvous: String, domain: String? = nil, caFile: String?, relayOnly: Bool) throws(RoomFailure) {
        self.role = role
        self.code = code
        self.relayOnly = relayOnly
        do {
            client = try RoomClient(server: rendezvous, domain: domain ?? rendezvous, role: role == .host ? .host : .guest, caFile: caFile)
        } catch .missing {
            throw .missing(package: "libstrophe0")
        } catch {
            throw .unreachable(rendezvous: domain ?? rendezvous)
        }
    }

    /// A meeting let go without ``close()`` still ends its links apart.
    deinit { close() }

    /// Runs what is due; what happened since the last poll. `now`: a monotonic clock, seconds.
    public func poll(at now: Double) -> [Event] {
        guard !isOver else { return [] }
        var events: [Event] = []
        if role == .joiner, startedAt == nil { startedAt = now }
        for event in client.poll() {
            if let failure = heard(event, at: now) { return end(events + [.failed(failure)]) }
            if case .joined = event, role == .host, !saidOpen {
                saidOpen = true
                events.append(.roomOpen)
            }
        }
        guard let link else { return events + timeout(now) }
        link.poll()
        if let description = link.localDescription, !described, link.relayOnly == (relayOnly || peerRelayOnly) {
            if role == .host, let key {
                described = true
                client.say(RoomTalk.offer(relayOnly: relayOnly || peerRelayOnly, key: key, ice: description).line)
            } else if role == .joiner, seal != nil {
                described = true
                client.say(RoomTalk.answer(ice: description).line)
            }
        }
        if let description = theirDescription {
            theirDescription = nil
            peerDescription = description
            if !link.setRemoteDescription(description) { return end(events + [.failed(.peerRefused)]) }
        }
        switch link.state {
        case .failed: return end(events + [.failed(.noPath)])
        case .ready:
            if relayed == nil, let path = link.relayed {
                relayed = path
                events.append(.connected(relayed: path))
                client.close()  // the room's work is done
            }
        default: break
        }
        return events + timeout(now)
    }

    /// Runs the meeting until it is past the rendezvous's TLS handshake, which libstrophe
    /// finishes in one go, so never in a frame: until the host's room is made, or a joiner is
    /// logged in (it enters the room as it is polled). Before the game's window (`--host-room`,
    /// `--join-room`) or on a thread of its own (the menus: RoomOpening). `pause` waits a
    /// little between polls and says whether to go on (false: given up). Returns the failure,
    /// or nil. `clock`: seconds, monotonic.
    public func open(clock: () -> Double, pause: () -> Bool) -> RoomFailure? {
        let deadline = clock() + Self.connectSeconds
        while clock() < deadline {
            let events = poll(at: clock())
            // A failure in the same batch as the room's opening wins: the meeting is over then.
            for case let .failed(reason) in events { return reason }
            if events.contains(.roomOpen) || (role == .joiner && loggedIn) { return nil }
            guard pause() else { break }
        }
        close()
        return .rendezvousSilent(hosting: role == .host, seconds: Int(Self.connectSeconds))
    }

    /// Sends one of the game's datagrams, sealed; false before the path is there.
    @discardableResult
    public func send(_ datagram: [UInt8]) -> Bool {
        guard relayed != nil, let link, var sealer = seal else { return false }
        defer { seal = sealer }
        return link.send(sealer.seal(datagram))
    }

    /// The game's datagrams that came, opened; anything forged, damaged or replayed is dropped
    /// unanswered (`dropped` counts them).
    public func receive() -> (datagrams: [[UInt8]], dropped: Int) {
        guard relayed != nil, let link, var sealer = seal else { return ([], 0) }
        var datagrams: [[UInt8]] = [], dropped = 0
        while let sealed = link.receive() {
            if let opened = sealer.open(sealed) { datagrams.append(opened) } else { dropped += 1 }
        }
        seal = sealer
        return (datagrams, dropped)
    }

    /// Leaves the room and lets the links go, once (later calls do nothing). Ending a link waits
    /// for its relay to let the allocation go (up to half a second: CIce), which no frame may
    /// do, so they end on a thread of their own (``IceLink/endApart(_:)``).
    public func close() {
        guard !isOver else { return }
        isOver = true
        client.close()
        let ending = (link.map { [$0] } ?? []) + retired
        link = nil
        retired = []
        IceLink.endApart(consume ending)
    }

    private func end(_ events: [Event]) -> [Event] {
        close()
        return events
    }

    private func timeout(_ now: Double) -> [Event] {
        guard relayed == nil, let startedAt, now - startedAt > Self.connectSeconds else { return [] }
        return end([.failed(.timedOut(seconds: Int(Self.connectSeconds)))])
    }

    /// What the room said; a failure, or nil.
    private func heard(_ event: RoomClient.Event, at now: Double) -> RoomFailure? {
        switch event {
        case .online:
            loggedIn = true
            client.askForServices()
        case let .services(services):
            if let found = services.first(where: { $0.type == "stun" }) { stun = (found.host, found.port) }
            if let found = services.first(where: { $0.type == "turn" }), let user = found.username, let password = found.password {
                relay = IceLink.Relay(address: found.host, port: found.port, username: user, password: password)
            }
            client.join(room: code.symbols.lowercased(), nick: role == .host ? "host" : "joiner")
            return makeLink(relayOnly: relayOnly)  // gathering starts while the room is set up
        case .joined:
            if role == .joiner { client.say(RoomTalk.hello(relayOnly: relayOnly).line) }
        case let .refused(condition):
            return condition == "not-allowed" || condition == "item-not-found" ? .noSuchRoom(code)
                : condition == "conflict" ? .roomTaken(code) : .refused(code, condition: condition)
        case let .message(_, body):
            switch RoomTalk(line: body) {
            case let .hello(theirs)? where role == .host && key == nil:
                startedAt = now
                peerRelayOnly = theirs
                do {
                    let fresh = try DatagramSeal.newKey()
                    key = fresh
                    seal = try DatagramSeal(key: fresh, side: .host)
                } catch { return .missing(package: "libsodium23") }
                if theirs && !relayOnly { return makeLink(relayOnly: true) }  // they hide their address: so do we
            case let .offer(theirs, offeredKey, ice)? where role == .joiner && seal == nil:
                peerRelayOnly = theirs
                do { seal = try DatagramSeal(key: offeredKey, side: .joiner) } catch { return .peerRefused }
                theirDescription = ice
                if theirs && !relayOnly { return makeLink(relayOnly: true) }
            case let .answer(ice)? where role == .host && key != nil:
                theirDescription = ice
            default: break
            }
        case let .closed(detail):
            if relayed == nil { return .disconnected(detail: detail) }
        case .arrived, .left: break
        }
        return nil
    }

    private func makeLink(relayOnly hidden: Bool) -> RoomFailure? {
        if let old = link { retired.append(old) }
        do { link = try IceLink(controlling: role == .host, stun: stun, relay: relay, relayOnly: hidden) } catch { return .missing(package: "libnice10") }
        described = false
        return nil
    }
}
