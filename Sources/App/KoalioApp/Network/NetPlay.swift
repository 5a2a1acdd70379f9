import KoalioAdmission
import KoalioFlow
import KoalioInput
import KoalioNet
import KoalioSockets
import KoalioSim

/// The networked game as the flow's runner reaches it: the rollback session (``NetSession``),
/// the UDP socket it speaks through and the clock, polled once a frame on the game's thread.
@MainActor
final class NetPlay: NetworkDevice {
    /// The names a networked run's recording gives its seats' controllers: the same on every
    /// machine, so the recordings of one session are the same file.
    static let sourceNames = (1...NetMessage.maxSeats).map { "online player \($0)" }
    /// Datagrams read from a peer's own socket in one look at most (it is read until it is
    /// empty: only that peer's datagrams reach it, unless forged from its address)…
    static let datagramsPerPump = 4096
    /// …and from the game's socket, where strangers' datagrams land: enough for every hello a
    /// lobby gets, few enough that a flood costs the frame a fraction of a millisecond (what it
    /// cannot read the kernel drops; the peers' datagrams go to their own sockets meanwhile).
    static let strangerReadsPerPump = 256

    private(set) var session: NetSession
    private let socket: UDPSocket
    /// The host's socket for each joiner, connected to it (nil: none could be made; the game's
    /// socket hears it then).
    private var joinerSockets: [NetAddress: UDPSocket?] = [:]
    private let now: () -> Double
    private var random = SystemRandomNumberGenerator()
    /// When the game started here, and the bytes counted then (the figures count play only).
    private var playStart: (at: Double, sent: Int, received: Int)?

    /// The host's: where to join and the code, for the waiting screen.
    let invitation: (address: String, code: String)?

    init(session: NetSession, socket: UDPSocket, invitation: (address: String, code: String)? = nil, now: @escaping () -> Double) {
        self.session = session
        self.socket = socket
        self.invitation = invitation
        self.now = now
    }

    /// How far the last frame stepped again.
    private(set) var lastRollbackDepth = 0

    /// The world one tick before the one shown, as now known (corrections included): smooth
    /// motion draws between the two, never from a guess since put right.
    var worldBeforeShown: World? {
        guard let rollback = session.rollback, rollback.tick > 0 else { return nil }
        return rollback.game(after: rollback.tick - 1)?.session.world
    }

    /// The trace's `online` object now.
    var traced: TraceRecord.Online {
        var desync: Int?
        if case let .desync(tick) = outcome { desync = tick }
        return TraceRecord.Online(tick: session.rollback?.tick ?? 0, confirmed: session.rollback?.confirmedTick ?? 0, rollback: lastRollbackDepth,
                                  reconnecting: session.reconnectingPlayers(at: now()), desync: desync)
    }

    /// A joiner's game, on the host's level found here: it waits for the host's start.
    func ready(_ game: Session) { session.ready(NetGame(session: game)) }

    /// The host starts the waiting game with the machines here (the A that started it is held
    /// back by the flow until let go: ``LevelRun/jumpHeldOverStart``).
    func startNow() { _ = session.startNow() }

    /// The port the game's socket is bound to (discovery's answers name it).
    var localPort: UInt16? { socket.localAddress?.port }

    /// A host whose game may still be joined (discovery answers for it): not while its code is off.
    var isJoinable: Bool { session.role == .host && session.phase == .lobby && !session.codeOff }

    /// The host's code went off (too many wrong codes) and stderr said so.
    private var codeOffSaid = false

    /// The host's player makes a new code (its code went off): a whole budget again, said on stderr.
    func newCode() {
        guard session.codeOff else { return }
        let code = PairingSecrets(using: &random).code
        session.renewCode(code)
        codeOffSaid = false
        StandardError.writeLine("koalio: new session code \(code)")
    }

    /// Said once when the host's code goes off: nobody joins (and discovery offers the game no
    /// more) until the host makes a new code.
    private func sayCodeOff() {
        guard session.codeOff, !codeOffSaid else { return }
        codeOffSaid = true
        StandardError.writeLine("koalio: too many wrong codes (\(session.codeFailures)): the session code is off; nobody can join until the host makes a new one (A on the waiting screen)")
    }

    /// How the game ended, once it has.
    var outcome: NetOutcome? {
        if case let .finished(outcome) = session.phase { return outcome }
        return nil
    }

    var canStep: Bool {
        pump()
        return session.canStep
    }

    func frame(_ local: TickInput?) -> NetworkTick {
        pump()
        let seats = local.map(localSeats)
        let result = session.advance(local: seats)
        send()
        if playStart == nil, case .playing = session.phase { playStart = (now(), session.stats.bytesSent, session.stats.bytesReceived) }
        var tick = NetworkTick(shown: session.shownGame?.session, status: status)
        tick.localPlayers = session.localSeats.count
        guard let result else { return tick }
        lastRollbackDepth = result.rollbackDepth
        let ownPlayer = session.localSeats.lowerBound + 1
        tick.firstShown = result.steps.filter { $0.kind == .firstShown }.map {
            NetworkTick.Shown(events: $0.report.events, result: $0.report.step, ownKoalaLost: $0.report.lostPlayers.contains(ownPlayer))
        }
        tick.confirmed = result.confirmed.map {
            NetworkTick.Confirmed(input: SeatTick.tickInput($0.inputs), result: $0.report.step, session: $0.game.session)
        }
        return tick
    }

    /// What the player is shown of the network.
    private var status: NetworkTick.Status {
        switch session.phase {
        case .joining, .welcomed, .lobby:
            return .waiting(invitation.map {
                NetworkTick.Invitation(address: $0.address, code: session.hostCode ?? $0.code, here: session.machinesHere,
                                       expected: session.machinesExpected, codeOff: session.codeOff)
            })
        case .playing:
            return .playing(reconnecting: session.reconnectingPlayers(at: now()))
        case let .finished(outcome):
            return Self.end(outcome).map(NetworkTick.Status.ended) ?? .playing(reconnecting: [])
        }
    }

    /// Why a game ended before its end, as the player is shown it (nil: it reached its end, or
    /// this machine left).
    static func end(_ outcome: NetOutcome) -> NetworkTick.End? {
        switch outcome {
        case let .desync(tick): .desync(tick: tick)
        case .otherDesynced: .otherDesync
        case .hostLost: .hostGone
        case .removed, .refused, .noAnswer, .noLevel: .removed
        case .done, .quit: nil
        }
    }

    /// Outside the game's frames (a joiner waiting for the host's answer): what came read, what is due sent.
    func exchange() {
        pump()
        send()
    }

    /// A joiner without the host's level says so and leaves.
    func levelMissing() {
        session.levelMissing()
        send()
    }

    /// The datagrams waiting, read (a hello answered at once): the joiners' own sockets until
    /// they are empty, then at most ``strangerReadsPerPump`` of the host's game socket (a
    /// joiner's, connected to the host, until it is empty); each datagram looked at before it
    /// costs anything (``NetSession/mayConcern(_:)``).
    private func pump() {
        let time = now()
        connectJoiners()
        var turnedAway = 0
        for (socket, budget) in joinerSockets.values.compactMap({ $0 }).map({ ($0, Self.datagramsPerPump) })
            + [(socket, session.role == .joiner ? Self.datagramsPerPump : Self.strangerReadsPerPump)] {
            var reading = UDPSocket.Reading(budget: budget)
            while let (bytes, from) = socket.receive(wanted: { session.mayConcern($0) }, &reading) {
                for answer in session.receive(bytes, from: from, at: time, random: &random) { self.socket.send(answer.bytes, to: answer.to) }
            }
            turnedAway += reading.turnedAway
        }
        session.turnedAway(turnedAway)
        sayCodeOff()
    }

    /// A connected socket for each joiner let in (on the game's port: the joiner sees no
    /// difference), closed when it leaves.
    private func connectJoiners() {
        let joiners = session.joinerAddresses
        guard joiners.count != joinerSockets.count || !joiners.allSatisfy({ joinerSockets.keys.contains($0) }) else { return }
        for address in joinerSockets.keys where !joiners.contains(address) { joinerSockets[address] = nil }
        guard let local = socket.localAddress else { return }
        for address in joiners where joinerSockets[address] == nil {
            joinerSockets[address] = .some(try? UDPSocket.connected(from: local, to: address))
        }
    }

    private func send() {
        for datagram in session.outgoing(at: now()) { socket.send(datagram.bytes, to: datagram.to) }
    }

    /// Says goodbye (the player quit, the window closed) if the game has not ended.
    func leave() {
        session.quit()
        send()
    }

    /// This machine's players' input, one per local seat: player 1's, then each couch partner's
    /// by player number (a seat whose player is not in play is absent).
    private func localSeats(_ input: TickInput) -> [SeatInput] {
        // Start while this machine shows the game playing pauses it, never toggles it back.
        let playing = session.shownGame?.session.state == .playing
        return (0..<session.localSeats.count).map { offset in
            let seat: SeatInput
            if offset == 0 {
                seat = SeatInput(snapshot: input.snapshot, pressed: input.pressed)
            } else if let partner = input.partners.first(where: { $0.player == offset + 1 }), partner.source != PartnerInput.noSource {
                seat = SeatInput(snapshot: partner.snapshot, pressed: partner.pressed)
            } else {
                return .absent
            }
            return playing ? seat.pausing : seat
        }
    }
}

extension NetPlay {
    /// `--verbose`'s closing line: what the network did to play (the figures `make bench` reads).
    var figures: String {
        let stats = session.stats
        let frames = stats.rollbackDepths.reduce(0, +)
        var p99 = 0, counted = 0
        for (depth, count) in stats.rollbackDepths.enumerated() {
            counted += count
            if Double(counted) >= Double(frames) * 0.99 { p99 = depth; break }
        }
        let deepest = stats.rollbackDepths.lastIndex { $0 > 0 } ?? 0
        let seconds = max(0.001, now() - (playStart?.at ?? now()))
        let sent = Double(stats.bytesSent - (playStart?.sent ?? 0)) / seconds
        let received = Double(stats.bytesReceived - (playStart?.received ?? 0)) / seconds
        let stalled = stats.steppedTicks + stats.stalledTicks == 0 ? 0 : Double(stats.stalledTicks) * 100 / Double(stats.steppedTicks + stats.stalledTicks)
        let roundTrip = session.roundTripSeconds.map { "\(Int(($0 * 1000).rounded())) ms" } ?? "unmeasured"
        let depth = "rollback depth p99 \(p99), max \(deepest)"
        let stall = "stalled \(stats.stalledTicks) ticks (\(Double((stalled * 100).rounded()) / 100) %)"
        let bytes = "sent \(Int(sent.rounded())) B/s, received \(Int(received.rounded())) B/s"
        let rest = "round trip \(roundTrip); checksums compared \(stats.checksumsCompared); input delay \(session.inputDelay) ticks; "
            + "datagrams turned away \(stats.datagramsDropped)"
        return "online: \(stats.steppedTicks) ticks; " + [depth, stall, bytes, rest].joined(separator: "; ")
    }
}
