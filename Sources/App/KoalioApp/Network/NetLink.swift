import KoalioFlow
import KoalioInternet
import KoalioNet
import KoalioSim
import KoalioSockets
import KoalioSystem

/// The networked game's sockets, all the driver keeps of it (the session is in the value,
/// ``OnlineGame``): the game's UDP socket, and on a host one socket per joiner, bound to the
/// game's port and connected to it, so the kernel hands each joiner's datagrams to its own and
/// a flood fills only the game socket's queue. Or, for a room code's game, the room's meeting
/// (``RoomMeeting``): the datagrams cross the internet sealed, over the path ICE found.
@MainActor
final class NetLink {
    /// The other machine of a room's game, as the session knows it: a stand-in (a documentation
    /// address, TEST-NET-1) that names no machine; its datagrams go over the meeting's path.
    static let roomPeer = NetAddress(host: [192, 0, 2, 1], port: 1)
    /// Datagrams read from a peer's own socket in one look at most (it is read until it is
    /// empty: only that peer's datagrams reach it, unless forged from its address)…
    static let datagramsPerPump = 4096
    /// …and from the game's socket, where strangers' datagrams land: enough for every hello a
    /// lobby gets, few enough that a flood costs the frame a fraction of a millisecond (what it
    /// cannot read the kernel drops; the peers' datagrams go to their own sockets meanwhile).
    static let strangerReadsPerPump = 256

    private let socket: UDPSocket?
    /// The host's socket for each joiner, connected to it (nil: none could be made; the game's
    /// socket hears it then).
    private var joinerSockets: [NetAddress: UDPSocket?] = [:]
    private var random = SystemRandomNumberGenerator()
    /// A room code's game: its meeting (once its opening handed it over, for one hosted from the
    /// menus), and whether `--verbose` wants the path said.
    private(set) var meeting: RoomMeeting?
    private var opening: RoomOpening?
    /// The rendezvous a room's game meets at, as the player named it.
    let rendezvous: String?
    private let verbose: Bool
    /// The meeting's failure, said once.
    private var failureSaid = false
    /// What a room's game came to since the flow last heard: its room open, the path found, a
    /// failure (``takeNews()``).
    private var news: [OnlineNews] = []

    init(socket: UDPSocket) {
        self.socket = socket
        meeting = nil
        rendezvous = nil
        verbose = false
    }

    init(meeting: RoomMeeting, rendezvous: String, verbose: Bool) {
        socket = nil
        self.meeting = meeting
        self.rendezvous = rendezvous
        self.verbose = verbose
    }

    /// A room's game whose meeting is still opening (Play online's host: the room is made off
    /// the game's thread); nothing is sent or heard until it is handed over.
    init(opening: RoomOpening, verbose: Bool) {
        socket = nil
        self.opening = opening
        rendezvous = opening.place.rendezvous
        self.verbose = verbose
    }

    /// A room code's game (its meeting opening, or open).
    var isRoom: Bool { meeting != nil || opening != nil }

    /// The port the game's socket is bound to (discovery's answers name it; a room's game has none).
    var localPort: UInt16? { socket?.localAddress?.port }

    /// `--verbose`'s line once a room's game is connected (`koalio: online path: direct`).
    static func pathLine(relayed: Bool) -> String { "koalio: online path: \(relayed ? "relayed" : "direct")" }

    /// What the room's game came to since the last look, for the flow.
    func takeNews() -> [OnlineNews] {
        defer { news = [] }
        return news
    }

    /// A room's game: its opening looked at, then what its meeting did since the last look,
    /// said on stderr (the room once open, the path once connected with `--verbose`, a failure)
    /// and kept for the flow (``takeNews()``); the datagrams that came, from ``roomPeer``, the
    /// forged and replayed ones counted as turned away.
    private func readRoom(at now: Double) -> NetworkHeard {
        if let opening {
            switch opening.take() {
            case nil: return NetworkHeard(at: now)
            case let .opened(opened):
                self.opening = nil
                meeting = opened
                StandardError.writeLine("koalio: room \(opening.code)")
                news.append(.room(.open))
            case let .failed(reason):
                self.opening = nil
                fail(reason, code: opening.code)
                return NetworkHeard(at: now)
            }
        }
        guard let meeting else { return NetworkHeard(at: now) }
        for event in meeting.poll(at: now) {
            switch event {
            case .roomOpen: break  // the opening waited for it (``RoomMeeting/open(clock:pause:)``)
            case let .connected(relayed):
                if verbose { StandardError.writeLine(Self.pathLine(relayed: relayed)) }
                news.append(.room(.connected(relayed: relayed)))
            case let .failed(reason): fail(reason, code: meeting.code)
            }
        }
        let (datagrams, dropped) = meeting.receive()
        return NetworkHeard(datagrams: datagrams.map { NetworkHeard.Received(bytes: $0, from: Self.roomPeer, entropy: random.next()) },
                            turnedAway: dropped, at: now)
    }

    /// The room's game failed: said once on stderr, and, before its path was found, told to the
    /// flow (a game from the menus goes back to its page, saying why; `--host-room` ends). Once
    /// connected, the session itself finds the other machine gone and ends the game, saying so.
    private func fail(_ failure: RoomFailure, code: RoomCode) {
        guard !failureSaid else { return }
        failureSaid = true
        StandardError.writeLine("koalio: room \(code): \(failure)")
        if meeting?.relayed == nil { news.append(.failed(.roomFailed(failure))) }
    }

    /// Ends a room's meeting, or its opening (the game is left).
    func close() {
        opening?.cancel()
        opening = nil
        meeting?.close()
    }

    /// The datagrams waiting for `session`: the joiners' own sockets until they are empty, then
    /// at most ``strangerReadsPerPump`` of the host's game socket (a joiner's, connected to the
    /// host, until it is empty); each looked at before it costs anything
    /// (``NetSession/mayConcern(_:)``), those turned away counted. `now`: the network's clock.
    func read(for session: NetSession, at now: Double) -> NetworkHeard {
        if isRoom { return readRoom(at: now) }
        guard let socket else { return NetworkHeard(at: now) }
        connectJoiners(session.joinerAddresses)
        var heard = NetworkHeard(at: now)
        for (socket, budget) in joinerSockets.values.compactMap({ $0 }).map({ ($0, Self.datagramsPerPump) })
            + [(socket, session.role == .joiner ? Self.datagramsPerPump : Self.strangerReadsPerPump)] {
            var reading = UDPSocket.Reading(budget: budget)
            while let (bytes, from) = socket.receive(wanted: { session.mayConcern($0) }, &reading) {
                heard.datagrams.append(NetworkHeard.Received(bytes: bytes, from: from, entropy: random.next()))
            }
            heard.turnedAway += reading.turnedAway
        }
        return heard
    }

    /// A connected socket for each joiner let in (on the game's port: the joiner sees no
    /// difference), closed when it leaves.
    private func connectJoiners(_ joiners: [NetAddress]) {
        guard joiners.count != joinerSockets.count || !joiners.allSatisfy({ joinerSockets.keys.contains($0) }) else { return }
        for address in joinerSockets.keys where !joiners.contains(address) { joinerSockets[address] = nil }
        guard let local = socket?.localAddress else { return }
        for address in joiners where joinerSockets[address] == nil {
            joinerSockets[address] = .some(try? UDPSocket.connected(from: local, to: address))
        }
    }

    func send(_ datagrams: [Datagram]) {
        if isRoom {
            for datagram in datagrams { meeting?.send(datagram.bytes) }
            return
        }
        for datagram in datagrams { socket?.send(datagram.bytes, to: datagram.to) }
    }
}

/// A networked game on its way into the value: a hosted one until the loop takes it, `--join`'s
/// before the window opens, or the join form's until the host's level is loaded here (then
/// ``OnlineGame`` goes to the flow and the link to the online handler). It reads and answers on
/// its own meanwhile.
@MainActor
final class OnlineStart {
    let link: NetLink
    private(set) var game: OnlineGame

    init(link: NetLink, game: OnlineGame) {
        self.link = link
        self.game = game
    }

    var phase: NetSession.Phase { game.session.phase }

    /// What came read and answered, what is due sent.
    func exchange() {
        link.send(game.hear(link.read(for: game.session, at: MonotonicClock.seconds())))
        link.send(game.outgoing())
    }

    /// Without the host's level: the host is told, and the try is over.
    func levelMissing() {
        game.session.levelMissing()
        link.send(game.outgoing())
    }

    /// The host's level is loaded here (`session`): the game waits for the host's start.
    func ready(_ session: Session) -> OnlineGame {
        game.session.ready(NetGame(session: session))
        return game
    }

    /// Given up (Back, or the window closed): the host is told if it had let us in; a room's
    /// meeting ends.
    func leave() {
        game.session.quit()
        link.send(game.outgoing())
        link.close()
    }
}
