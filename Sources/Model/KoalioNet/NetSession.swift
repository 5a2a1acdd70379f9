/// How a networked game ended, for the player and the exit status.
public enum NetOutcome: Equatable, Sendable {
    /// The run reached its last tick (`--ticks`), every tick confirmed on every machine.
    case done
    /// The games differ: the checksums of this tick do not match.
    case desync(tick: Int)
    /// The host found this machine's game differs from its own (the host's is the reference).
    case otherDesynced
    /// The host stopped answering, or left.
    case hostLost
    /// The host did not let us in.
    case refused(NetRefusal)
    /// Nobody answered at the address.
    case noAnswer
    /// The host plays a level this machine does not have.
    case noLevel
    /// The host removed this machine (it was away too long).
    case removed
    /// The player left.
    case quit
}

/// One machine's side of a networked game: who is in it, the datagrams in and out, and the
/// rollback core stepping the level. The host is the star's centre: every joiner talks to it
/// alone, it relays each seat's inputs to the others, it is the one who says a seat is empty
/// (a joiner away too long, or gone), and its game is the reference a joiner's checksums are
/// held to: so every machine hears the same inputs for every seat, and no joiner can end the
/// game for the others. Pure: the socket, the clock (`now`, seconds) and the randomness are
/// the caller's. (The datagrams' side is in NetSession+Datagrams.swift.)
public struct NetSession: Equatable {
    public static let maxInputDelay = 8
    /// Confirmed ticks between two checksums exchanged.
    public static let checksumIntervalTicks = 30
    /// A machine not heard from for this long is shown as reconnecting…
    public static let reconnectingSeconds = 1.0
    /// …and one whose seats' inputs have not moved on for this long (silent, or talking without
    /// playing) is gone: its koalas leave and the others play on (a host gone ends the game).
    public static let dropSeconds = 5.0
    /// The most one machine may slow the game for the others, as a share of the wall clock since
    /// the start: a joiner the host's game has waited on for longer than that (and
    /// ``behindGraceSeconds`` more) is removed, however it talks. Only waiting a joiner causes
    /// counts (the frames the game could not step for its inputs, and what time sync stretched
    /// frames for it): a host that is slow itself removes nobody.
    public static let maxSlowdownShare = 0.2
    public static let behindGraceSeconds = 5.0
    public static let helloRetrySeconds = 0.25
    public static let joinGiveUpSeconds = 10.0
    /// Copies of a last datagram (a bye), sent at once: one is likely through.
    static let byeCopies = 3
    /// Datagrams in a row that carry a new checksum.
    static let checksumCopies = 6
    /// Checksums kept while the other side's or ours is not there yet.
    static let checksumsKept = 64
    /// Frame advantage (ticks, smoothed) tolerated before the machine ahead slows down, how much
    /// it slows per tick ahead, at most (a share of a frame), and the smoothing's weight of a new sample.
    static let advantageSlackTicks = 0.75
    static let stretchPerTickAhead = 0.05
    static let maxStretch = 0.2
    static let advantageSmoothing = 0.1
    /// The round trip's smoothing (RFC 6298's 1/8), and the longest a measured one may be (ms):
    /// a stamp older than that is a stale echo, not a round trip.
    static let roundTripSmoothing = 0.125
    static let longestRoundTripMilliseconds: UInt16 = 10_000

    public enum Role: Equatable, Sendable { case host, joiner }

    public enum Phase: Equatable, Sendable {
        /// A joiner's hello is out; no answer yet.
        case joining
        /// A joiner was let in: the caller finds the level (``ready(_:)`` or ``levelMissing()``).
        case welcomed(NetMessage.Welcome)
        /// Waiting for the game to start (the host for its joiners, a joiner for the host's first input).
        case lobby
        case playing
        case finished(NetOutcome)
    }

    /// What the network did, for `make bench`, the trace and the closing lines.
    public struct Stats: Equatable, Sendable {
        /// Frames by how many ticks they stepped again (index 0: none; the last, as deep as play goes).
        public var rollbackDepths = Array(repeating: 0, count: Rollback<NetGame>.defaultMaxRollback + 1)
        /// Ticks the game could not step for want of a peer's input.
        public var stalledTicks = 0
        public var steppedTicks = 0
        public var bytesSent = 0
        public var bytesReceived = 0
        public var datagramsDropped = 0
        /// Checksums compared with another machine's, all equal.
        public var checksumsCompared = 0
    }

    struct Link: Equatable {
        let address: NetAddress
        let token: UInt64
        /// The hello's nonce (a repeated hello is answered with the same welcome).
        var nonce: UInt64
        /// The seats this link speaks for: a joiner's players at the host; every seat not ours at a joiner.
        var seats: Range<Int>
        var welcome: NetMessage.Welcome?
        var lastReceived: Double
        /// When the inputs of this link's seats last moved on (a link that talks without playing is gone too).
        var lastProgress: Double
        /// The last tick the other side has heard each seat's input for.
        var acks: [Int]
        /// How far our tick runs ahead of theirs, smoothed.
        var advantage = 0.0
        /// Seconds the host's game has waited on this link since the start: frames it could not
        /// step for this link's inputs, and the share of frames time sync stretched for it.
        var heldSeconds = 0.0
        var roundTripSeconds: Double?
        var lastStamp: Stamp?
        var theirChecksums: [Int: UInt64] = [:]
        /// Their checksums compared up to this tick (each is sent a few times: compared once).
        var comparedUpTo = 0
        /// Our latest checksum has gone out in this many datagrams to them.
        var checksumSends = 0
        /// The other side has spoken with its token (the host sends nothing to a link before:
        /// a hello with a forged source earns one welcome, no stream of datagrams).
        var ready = false
        /// Said bye, done; or removed (away too long, or gone).
        var done = false
        var removed = false

        init(address: NetAddress, token: UInt64, nonce: UInt64, seats: Range<Int>, welcome: NetMessage.Welcome?, at now: Double, acks: Int) {
            self.address = address
            self.token = token
            self.nonce = nonce
            self.seats = seats
            self.welcome = welcome
            lastReceived = now
            lastProgress = now
            self.acks = Array(repeating: acks, count: NetMessage.maxSeats)
        }

        var isLive: Bool { !done && !removed }
    }

    public let role: Role
    public internal(set) var phase: Phase
    public internal(set) var inputDelay: Int
    public let localPlayers: Int
    /// The last tick the run steps on every machine (nil: until someone quits): the host's,
    /// which a joiner learns from the welcome.
    public internal(set) var endTick: Int?
    public internal(set) var stats = Stats()
    public internal(set) var rollback: Rollback<NetGame>?
    /// This machine's seats: its players, in order.
    public internal(set) var localSeats: Range<Int>
    public internal(set) var seatCount = 0
    public internal(set) var startPresent: UInt8 = 0

    var links: [Link] = []
    var game: NetGame?
    // The host's.
    var door: NetDoor?
    var expectedJoiners = 0
    public internal(set) var levelName = ""
    var levelSHA256: [UInt8] = []
    /// Seats nobody plays: the host says each is absent, from the tick it stopped hearing it.
    var emptySeats: Set<Int> = []
    // The joiner's.
    var hostAddress: NetAddress?
    var code: [UInt8] = []
    var nonce: UInt64 = 0
    var joinStartedAt = 0.0
    var helloSentAt: Double?
    var myChecksums: [Int: UInt64] = [:]
    var latestChecksum: TickChecksum?
    var pendingByes: [Datagram] = []
    /// When the game started here (the wall clock a joiner falling behind is measured against),
    /// and when the host last counted who it waits on.
    var playStartedAt: Double?
    var heldCountedAt: Double?
    /// The longest gap between two counts that is charged to a joiner (a hitch of the host's
    /// own is not the joiner's doing).
    static let longestChargedSeconds = 0.1

    /// The port a game hosted from the menus listens on (any free one when it is taken), and the
    /// join form's port when none is typed.
    public static let defaultPort: UInt16 = 24820

    /// A host: the game on its level, waiting for `joiners` machines before it starts.
    public static func host(code: String, localPlayers: Int, joiners: Int, inputDelay: Int, levelName: String, levelSHA256: [UInt8],
                            game: NetGame, endTick: Int?) -> NetSession {
        var session = NetSession(role: .host, phase: .lobby, inputDelay: inputDelay, localPlayers: localPlayers, endTick: endTick)
        session.door = NetDoor(code: code)
        session.expectedJoiners = max(1, joiners)
        session.levelName = levelName
        session.levelSHA256 = levelSHA256
        session.game = game
        session.localSeats = 0..<session.localPlayers
        return session
    }

    /// A joiner: it says hello to `host` with `code`. `nonce`: a random number for this try.
    /// (The run's last tick is the host's.)
    public static func join(host: NetAddress, code: String, localPlayers: Int, nonce: UInt64, at now: Double) -> NetSession {
        var session = NetSession(role: .joiner, phase: .joining, inputDelay: 0, localPlayers: localPlayers, endTick: nil)
        session.hostAddress = host
        session.code = Array(code.utf8)
        session.nonce = nonce
        session.joinStartedAt = now
        return session
    }

    private init(role: Role, phase: Phase, inputDelay: Int, localPlayers: Int, endTick: Int?) {
        self.role = role
        self.phase = phase
        self.inputDelay = min(max(0, inputDelay), Self.maxInputDelay)
        self.localPlayers = min(max(1, localPlayers), NetMessage.maxSeats - 1)
        self.endTick = endTick
        localSeats = 0..<0
    }

    /// The game as shown now.
    public var shownGame: NetGame? { rollback?.game ?? game }

    /// Players (1-based) whose machine has not been heard from for a while, while it may come back.
    public func reconnectingPlayers(at now: Double) -> [Int] {
        guard case .playing = phase else { return [] }
        return links.filter { $0.isLive && now - $0.lastReceived > Self.reconnectingSeconds }
            .flatMap { link in link.seats.filter { !emptySeats.contains($0) && !localSeats.contains($0) }.map { $0 + 1 } }
    }

    /// Machines in the game so far, this one counted, and how many the host waits for.
    public var machinesHere: Int { role == .host ? links.count + 1 : 0 }
    public var machinesExpected: Int { expectedJoiners + 1 }

    /// A joiner's token (tests play a joiner's datagrams with it).
    package var linkToken: UInt64? { role == .joiner ? links.first?.token : nil }

    /// The session's code wrong guesses (host).
    public var codeFailures: Int { door?.codeFailures ?? 0 }

    /// The host's code took too many wrong guesses: no joiner is let in until it has a new one
    /// (``renewCode(_:)``), and discovery does not offer the game meanwhile.
    public var codeOff: Bool { door?.codeOff ?? false }

    /// The host's code now (a new one replaces it when it went off).
    public var hostCode: String? { door.map { String(decoding: $0.code, as: UTF8.self) } }

    /// The host's player asked for a new code: the old one is no longer taken, the new one has
    /// a whole budget of wrong guesses.
    public mutating func renewCode(_ code: String) {
        door?.renew(code: code)
    }

    /// How much longer than a frame the next frame should take: the machine ahead of the others
    /// slows a little (never skips) until they catch up.
    public var frameStretch: Double {
        guard case .playing = phase, let worst = links.filter(\.isLive).map(\.advantage).max() else { return 1 }
        return 1 + min(Self.maxStretch, max(0, worst - Self.advantageSlackTicks) * Self.stretchPerTickAhead)
    }

    /// The round trip to the host (a joiner) or the slowest joiner (the host), when measured.
    public var roundTripSeconds: Double? { links.compactMap(\.roundTripSeconds).max() }

    // MARK: - The level (a joiner's)

    /// The welcome's level is here: the joiner waits for the game to start.
    public mutating func ready(_ game: NetGame) {
        guard case .welcomed = phase else { return }
        self.game = game
        phase = .lobby
    }

    /// The welcome's level is not here: the joiner leaves.
    public mutating func levelMissing() {
        guard case .welcomed = phase else { return }
        finish(.noLevel, bye: .noLevel)
    }

    /// A host waiting for more machines than came (the game's own menus wait for up to four):
    /// it starts with those here, as soon as each is ready. False when nobody has joined yet.
    @discardableResult
    public mutating func startNow() -> Bool {
        guard role == .host, phase == .lobby, !links.isEmpty else { return false }
        expectedJoiners = links.count  // later hellos are refused as full; the lobby's check starts it
        return true
    }

    /// The player leaves.
    public mutating func quit() {
        if case .finished = phase { return }
        finish(.quit, bye: .quit)
    }

    // MARK: - The game

    /// Whether this frame may step the game forward (playing, not past the end, not too far
    /// ahead of the confirmed tick). When false, ``advance(local:)`` still puts right and confirms.
    public var canStep: Bool {
        guard case .playing = phase, let rollback else { return false }
        return rollback.canAdvance && rollback.tick < (endTick ?? .max)
    }

    /// One frame of the game: this machine's players' inputs (seat order; missing ones absent)
    /// heard for the tick the input delay says, and one tick stepped, when ``canStep``; the
    /// wrong guesses put right; the ticks newly confirmed. nil before the game starts.
    public mutating func advance(local: [SeatInput]?) -> Rollback<NetGame>.Frame? {
        guard case .playing = phase, var rollback else { return nil }
        let forward = local != nil && canStep
        if forward, let local {
            for (offset, seat) in localSeats.enumerated() { rollback.addLocal(offset < local.count ? local[offset] : .absent, seat: seat) }
        }
        // The host speaks for an empty seat: nobody, from the next tick it has not heard on.
        for seat in emptySeats {
            while rollback.lastHeard(seat: seat) < rollback.tick + 1 + inputDelay {
                guard rollback.hear(.absent, seat: seat, tick: rollback.lastHeard(seat: seat) + 1) else { break }
            }
        }
        let wanted = rollback.tick < (endTick ?? .max)
        let frame = rollback.advanceFrame(forward: forward)
        self.rollback = rollback
        stats.rollbackDepths[min(frame.rollbackDepth, stats.rollbackDepths.count - 1)] += 1
        if wanted && frame.steps.allSatisfy({ $0.kind != .firstShown }) { stats.stalledTicks += 1 }
        if frame.steps.contains(where: { $0.kind == .firstShown }) { stats.steppedTicks += 1 }
        for confirmed in frame.confirmed where confirmed.tick % Self.checksumIntervalTicks == 0 {
            let value = confirmed.game.checksum
            myChecksums[confirmed.tick] = value
            latestChecksum = TickChecksum(tick: confirmed.tick, value: value)
            if myChecksums.count > Self.checksumsKept, let oldest = myChecksums.keys.min() { myChecksums[oldest] = nil }
            for index in links.indices {
                links[index].checksumSends = 0
                if let theirs = links[index].theirChecksums.removeValue(forKey: confirmed.tick) {
                    links[index].comparedUpTo = max(links[index].comparedUpTo, confirmed.tick)
                    compare(value, theirs, tick: confirmed.tick, link: index)
                }
            }
        }
        return frame
    }

    /// Our checksum of `tick` against the one `link` sent. The host's game is the reference: a
    /// joiner that differs is told so and removed (the others play on); a joiner that differs
    /// from the host ends.
    mutating func compare(_ mine: UInt64, _ theirs: UInt64, tick: Int, link index: Int) {
        if case .finished = phase { return }
        guard mine == theirs else {
            if role == .host {
                remove(index, saying: .desync)
            } else {
                finish(.desync(tick: tick), bye: .desync)
            }
            return
        }
        stats.checksumsCompared += 1
    }

    /// The game starts: `seats` in all, those in `present` in play from the first tick. A seat
    /// nobody took (a joiner that left the lobby) is empty from the start.
    mutating func start(seats: Int, present: UInt8, at now: Double) {
        guard let game, seats > 0 else { return }
        // Nobody's inputs could move on before the start: however long the wait, each link's
        // progress is counted from now (else a joiner that waited was dropped at once).
        for index in links.indices { links[index].lastProgress = now }
        playStartedAt = now
        guard localSeats.upperBound <= seats, seats <= NetMessage.maxSeats else {
            finish(.hostLost, bye: .quit)  // a host that does not seat us where it said: nothing to play
            return
        }
        seatCount = seats
        startPresent = present
        let start = (0..<seats).map { present & (1 << $0) != 0 ? SeatInput.idle : SeatInput.absent }
        rollback = Rollback(game: game, start: start, inputDelay: inputDelay)
        if role == .joiner, !links.isEmpty {
            links[0].seats = 0..<seats
        } else {
            let owned = Set(localSeats).union(links.flatMap { Array($0.seats) })
            emptySeats = Set(0..<seats).subtracting(owned)
        }
        phase = .playing
    }

    /// A joiner gone (away too long, said it quits, or its game differs from ours): its seats
    /// are empty from the next tick not heard, and it is told why. In the lobby its seats are
    /// free for another.
    mutating func remove(_ index: Int, saying reason: NetMessage.ByeReason = .removed) {
        guard !links[index].removed else { return }
        links[index].removed = true
        if case .playing = phase {
            emptySeats.formUnion(links[index].seats)
            pendingByes += Array(repeating: Datagram(.bye(token: links[index].token, reason: reason), to: links[index].address), count: Self.byeCopies)
        } else {
            links.remove(at: index)
        }
    }

    mutating func finish(_ outcome: NetOutcome, bye: NetMessage.ByeReason?) {
        if case .finished = phase { return }
        phase = .finished(outcome)
        guard let bye else { return }
        for link in links where link.isLive {
            pendingByes += Array(repeating: Datagram(.bye(token: link.token, reason: bye), to: link.address), count: Self.byeCopies)
        }
    }

    static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded(.down)) }
}

extension NetSession {
    /// A peer's last time stamp and when it came (the round trip is measured from it).
    struct Stamp: Equatable {
        var stamp: UInt16
        var at: Double
    }

    /// A confirmed tick's state checksum.
    struct TickChecksum: Equatable {
        var tick: Int
        var value: UInt64
    }
}
