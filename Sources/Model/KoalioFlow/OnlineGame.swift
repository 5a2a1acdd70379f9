import KoalioInput
import KoalioNet
import KoalioSim

/// A networked game as part of the game's value (``FlowState/online``): the rollback session
/// (``NetSession``: who is in, the game stepped and put right, the datagrams in and out), the
/// network's clock as the datagrams last told it, and what the waiting screen and the figures
/// read. Time and datagrams come in as an action (``GameAction/network(_:)``, ``hear(_:)``);
/// datagrams go out as an effect (``OnlineEffect/send(_:)``): the driver keeps only the socket,
/// so the actions a session received step another copy of it to the same state.
package struct OnlineGame: Equatable {
    /// The names a networked run's recording gives its seats' controllers: the same on every
    /// machine, so the recordings of one session are the same file.
    package static let sourceNames = (1...NetMessage.maxSeats).map { "online player \($0)" }

    package var session: NetSession
    /// The host's: where to join and the code it started with, for the waiting screen (a room
    /// code's game: how far its room has come, as the online devices tell it).
    package var invitation: Invitation?
    /// Seconds of the network's clock (monotonic), as the last action told it.
    package private(set) var now: Double
    /// How far the last frame stepped again.
    package private(set) var lastRollbackDepth = 0
    /// When play started here, and the bytes counted then (the figures count play only).
    package private(set) var playStart: PlayStart?

    /// Where to join a hosted game, and its code: an address on this network, or a room code's
    /// rendezvous (`room` then says how far the room has come).
    package struct Invitation: Equatable, Sendable {
        package var address: String
        package var code: String
        package var room: RoomState?

        package init(address: String, code: String, room: RoomState? = nil) {
            self.address = address
            self.code = code
            self.room = room
        }
    }

    package struct PlayStart: Equatable, Sendable {
        package var at: Double
        package var sent: Int
        package var received: Int
    }

    package init(session: NetSession, invitation: Invitation? = nil, now: Double) {
        self.session = session
        self.invitation = invitation
        self.now = now
    }

    // MARK: - In

    /// The datagrams read (each already found to concern the session by its first bytes,
    /// ``NetSession/mayConcern(_:)``), how many were turned away, and the clock: a hello is
    /// answered at once. Returns the answers to send.
    package mutating func hear(_ heard: NetworkHeard) -> [Datagram] {
        now = max(now, heard.at)
        var answers: [Datagram] = []
        for datagram in heard.datagrams {
            var random = Entropy(datagram.entropy)
            answers += session.receive(datagram.bytes, from: datagram.from, at: heard.at, random: &random)
        }
        if heard.turnedAway > 0 { session.turnedAway(heard.turnedAway) }
        return answers
    }

    /// What is due now (inputs, acknowledgements, hellos again, goodbyes).
    package mutating func outgoing() -> [Datagram] { session.outgoing(at: now) }

    // MARK: - A frame

    /// Whether the next tick may step the game (started, no machine too far behind).
    package var canStep: Bool { session.canStep }

    /// One frame: `local` (this machine's players) steps the game one tick; nil only puts
    /// guesses right and confirms. Returns what the flow takes, and the datagrams due.
    package mutating func frame(_ local: TickInput?) -> (tick: NetworkTick, out: [Datagram]) {
        let seats = local.map(localSeats)
        let result = session.advance(local: seats)
        let out = outgoing()
        if playStart == nil, case .playing = session.phase {
            playStart = PlayStart(at: now, sent: session.stats.bytesSent, received: session.stats.bytesReceived)
        }
        var tick = NetworkTick(shown: session.shownGame?.session, status: status)
        tick.localPlayers = session.localSeats.count
        guard let result else { return (tick, out) }
        lastRollbackDepth = result.rollbackDepth
        let ownPlayer = session.localSeats.lowerBound + 1
        tick.firstShown = result.steps.filter { $0.kind == .firstShown }.map {
            NetworkTick.Shown(events: $0.report.events, result: $0.report.step, ownKoalaLost: $0.report.lostPlayers.contains(ownPlayer))
        }
        tick.confirmed = result.confirmed.map {
            NetworkTick.Confirmed(input: SeatTick.tickInput($0.inputs), result: $0.report.step, session: $0.game.session)
        }
        return (tick, out)
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

    // MARK: - What shows

    /// How the game ended, once it has.
    package var outcome: NetOutcome? {
        if case let .finished(outcome) = session.phase { return outcome }
        return nil
    }

    /// A host whose game may still be joined (discovery answers for it): not while its code is off.
    package var isJoinable: Bool { session.role == .host && session.phase == .lobby && !session.codeOff }

    /// The world one tick before the one shown, as now known (corrections included): smooth
    /// motion draws between the two, never from a guess since put right.
    package var worldBeforeShown: World? {
        guard let rollback = session.rollback, rollback.tick > 0 else { return nil }
        return rollback.game(after: rollback.tick - 1)?.session.world
    }

    /// What the player is shown of the network.
    package var status: NetworkTick.Status {
        switch session.phase {
        case .joining, .welcomed, .lobby:
            return .waiting(invitation.map {
                // A room's code is its own (the session's is its symbols, without the hyphen).
                NetworkTick.Invitation(address: $0.address, code: $0.room == nil ? session.hostCode ?? $0.code : $0.code, here: session.machinesHere,
                                       expected: session.machinesExpected, codeOff: session.codeOff, room: $0.room)
            })
        case .playing:
            return .playing(reconnecting: session.reconnectingPlayers(at: now))
        case let .finished(outcome):
            return Self.end(outcome).map(NetworkTick.Status.ended) ?? .playing(reconnecting: [])
        }
    }

    /// Why a game ended before its end, as the player is shown it (nil: it reached its end, or
    /// this machine left).
    package static func end(_ outcome: NetOutcome) -> NetworkTick.End? {
        switch outcome {
        case let .desync(tick): .desync(tick: tick)
        case .otherDesynced: .otherDesync
        case .hostLost: .hostGone
        case .removed, .refused, .noAnswer, .noLevel: .removed
        case .done, .quit: nil
        }
    }
}

/// What the online handler read from the socket since the last time, as one action
/// (``GameAction/network(_:)``): the datagrams that concern the session, each with the
/// randomness its answer may need (a joiner's token), the count turned away, and the clock.
package struct NetworkHeard: Equatable, Sendable {
    package var datagrams: [Received]
    package var turnedAway: Int
    /// Seconds of the network's clock (monotonic) when they were read.
    package var at: Double

    package struct Received: Equatable, Sendable {
        package var bytes: [UInt8]
        package var from: NetAddress
        /// Drawn from the system's generator by the handler: the value holds no randomness of its own.
        package var entropy: UInt64

        package init(bytes: [UInt8], from: NetAddress, entropy: UInt64) {
            self.bytes = bytes
            self.from = from
            self.entropy = entropy
        }
    }

    package init(datagrams: [Received] = [], turnedAway: Int = 0, at: Double) {
        self.datagrams = datagrams
        self.turnedAway = turnedAway
        self.at = at
    }
}

/// The randomness an action carried: its value first, then (never needed but in a token
/// collision, 2⁻⁶⁴) SplitMix64's steps from it.
private struct Entropy: RandomNumberGenerator {
    private var state: UInt64
    private var first: UInt64?

    init(_ value: UInt64) {
        state = value
        first = value
    }

    mutating func next() -> UInt64 {
        if let value = first {
            first = nil
            return value
        }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
