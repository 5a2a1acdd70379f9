import KoalioFlow
import KoalioInput
import KoalioNet
import KoalioSim

/// The networked game as the flow's runner reaches it: the rollback session (``NetSession``),
/// the UDP socket it speaks through and the clock, polled once a frame on the game's thread.
@MainActor
final class NetPlay: NetworkDevice {
    /// The names a networked run's recording gives its seats' controllers: the same on every
    /// machine, so the recordings of one session are the same file.
    static let sourceNames = (1...NetMessage.maxSeats).map { "online player \($0)" }

    private(set) var session: NetSession
    private let socket: UDPSocket
    private let now: () -> Double
    private var random = SystemRandomNumberGenerator()

    init(session: NetSession, socket: UDPSocket, now: @escaping () -> Double) {
        self.session = session
        self.socket = socket
        self.now = now
    }

    /// A joiner's game, on the host's level found here: it waits for the host's start.
    func ready(_ game: Session) { session.ready(NetGame(session: game)) }

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
        var tick = NetworkTick(shown: session.shownGame?.session)
        if case .playing = session.phase { tick.status = .playing(reconnecting: session.reconnectingPlayers(at: now())) }
        guard let result else { return tick }
        let ownPlayer = session.localSeats.lowerBound + 1
        tick.firstShown = result.steps.filter { $0.kind == .firstShown }.map {
            NetworkTick.Shown(events: $0.report.events, result: $0.report.step, ownKoalaLost: $0.report.lostPlayers.contains(ownPlayer))
        }
        tick.confirmed = result.confirmed.map {
            NetworkTick.Confirmed(input: SeatTick.tickInput($0.inputs), result: $0.report.step, session: $0.game.session)
        }
        return tick
    }

    /// The datagrams waiting, read (a hello answered at once), and what is due sent.
    private func pump() {
        let time = now()
        while let (bytes, from) = socket.receive() {
            for answer in session.receive(bytes, from: from, at: time, random: &random) { socket.send(answer.bytes, to: answer.to) }
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
        (0..<session.localSeats.count).map { offset in
            if offset == 0 { return SeatInput(snapshot: input.snapshot, pressed: input.pressed) }
            guard let partner = input.partners.first(where: { $0.player == offset + 1 }), partner.source != PartnerInput.noSource else { return .absent }
            return SeatInput(snapshot: partner.snapshot, pressed: partner.pressed)
        }
    }
}
