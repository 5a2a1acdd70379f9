/// How a networked game ended, for the player and the exit status.
public enum NetOutcome: Equatable, Sendable {
    /// The run reached its last tick (`--ticks`), every tick confirmed on every machine.
    case done
    /// The games differ: the checksums of this tick do not match.
    case desync(tick: Int)
    /// The other side found the games differ.
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
/// alone, it relays each seat's inputs to the others, and it is the one who says a seat is
/// empty (a joiner away too long): so every machine hears the same inputs for every seat.
/// Pure: the socket, the clock (`now`, seconds) and the randomness are the caller's.
public struct NetSession {
    public static let maxInputDelay = 8
    /// Confirmed ticks between two checksums exchanged.
    public static let checksumIntervalTicks = 30
    /// A machine not heard from for this long is shown as reconnecting…
    public static let reconnectingSeconds = 1.0
    /// …and for this long, gone: its koalas leave and the others play on (a host gone ends the game).
    public static let dropSeconds = 5.0
    public static let helloRetrySeconds = 0.25
    public static let joinGiveUpSeconds = 10.0
    /// Copies of a last datagram (a bye), sent at once: one is likely through.
    static let byeCopies = 3
    /// Datagrams in a row that carry a new checksum.
    static let checksumCopies = 6

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
        /// Frames by how many ticks they stepped again (index 0: none).
        public var rollbackDepths = Array(repeating: 0, count: 9)
        /// Ticks the game could not step for want of a peer's input.
        public var stalledTicks = 0
        public var steppedTicks = 0
        public var bytesSent = 0
        public var bytesReceived = 0
        public var datagramsDropped = 0
        /// Checksums compared with another machine's, all equal.
        public var checksumsCompared = 0
    }

    struct Link {
        let address: NetAddress
        let token: UInt64
        /// The hello's nonce (a repeated hello is answered with the same welcome).
        var nonce: UInt64
        /// The seats this link speaks for: a joiner's players at the host; every seat not ours at a joiner.
        var seats: Range<Int>
        var welcome: NetMessage.Welcome?
        var lastReceived: Double
        /// The last tick the other side has heard each seat's input for.
        var acks: [Int]
        /// The other side's tick when last heard, and when.
        var theirTick = 0
        var theirTickAt = 0.0
        /// How far our tick runs ahead of theirs, smoothed.
        var advantage = 0.0
        var roundTripSeconds: Double?
        var lastStamp: (stamp: UInt16, at: Double)?
        var theirChecksums: [Int: UInt64] = [:]
        /// Their checksums compared up to this tick (each is sent a few times: compared once).
        var comparedUpTo = 0
        /// Our latest checksum has gone out in this many datagrams to them.
        var checksumSends = 0
        /// The joiner has its level and waits for the start (it sends once it has).
        var ready = false
        /// Said bye, done; or removed (away too long).
        var done = false
        var removed = false
    }

    public let role: Role
    public private(set) var phase: Phase
    public private(set) var inputDelay: Int
    public let localPlayers: Int
    /// The last tick the run steps (nil: until someone quits).
    public let endTick: Int?
    public private(set) var stats = Stats()
    public private(set) var rollback: Rollback<NetGame>?
    /// This machine's seats: its players, in order.
    public private(set) var localSeats: Range<Int>
    public private(set) var seatCount = 0
    public private(set) var startPresent: UInt8 = 0

    private var links: [Link] = []
    private var game: NetGame?
    // The host's.
    private var door: NetDoor?
    private var expectedJoiners = 0
    private var levelName = ""
    private var levelSHA256: [UInt8] = []
    private var emptySeats: Set<Int> = []
    // The joiner's.
    private var hostAddress: NetAddress?
    private var code: [UInt8] = []
    private var nonce: UInt64 = 0
    private var joinStartedAt = 0.0
    private var helloSentAt: Double?
    private var myChecksums: [Int: UInt64] = [:]
    private var latestChecksum: (tick: Int, value: UInt64)?
    private var pendingByes: [Datagram] = []

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
    public static func join(host: NetAddress, code: String, localPlayers: Int, nonce: UInt64, endTick: Int?, at now: Double) -> NetSession {
        var session = NetSession(role: .joiner, phase: .joining, inputDelay: 0, localPlayers: localPlayers, endTick: endTick)
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
        self.localPlayers = min(max(1, localPlayers), NetMessage.maxSeats - (role == .host ? 1 : 1))
        self.endTick = endTick
        localSeats = 0..<0
    }

    /// The game as shown now.
    public var shownGame: NetGame? { rollback?.game ?? game }

    /// Players (1-based) whose machine has not been heard from for a while, while it may come back.
    public func reconnectingPlayers(at now: Double) -> [Int] {
        guard case .playing = phase else { return [] }
        return links.filter { !$0.done && !$0.removed && now - $0.lastReceived > Self.reconnectingSeconds }
            .flatMap { link in link.seats.filter { !emptySeats.contains($0) && !localSeats.contains($0) }.map { $0 + 1 } }
    }

    /// Machines in the game so far, this one counted, and how many the host waits for.
    public var machinesHere: Int { role == .host ? links.count + 1 : 0 }
    public var machinesExpected: Int { expectedJoiners + 1 }

    /// The session's code wrong guesses (host).
    public var codeFailures: Int { door?.codeFailures ?? 0 }

    /// How much longer than 1/60 s the next frame should take: the machine ahead of the others
    /// slows a little (never skips) until they catch up.
    public var frameStretch: Double {
        let live = links.filter { !$0.done && !$0.removed }
        guard case .playing = phase, let worst = live.map(\.advantage).max() else { return 1 }
        return 1 + min(Self.maxStretch, max(0, worst - 0.75) * 0.05)
    }
    static let maxStretch = 0.2

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

    /// The player leaves.
    public mutating func quit() {
        if case .finished = phase { return }
        finish(.quit, bye: .quit)
    }

    // MARK: - Datagrams in

    /// A datagram from `address`: read, and answered at once when it is a hello (else the
    /// answer goes with the next ``outgoing(at:)``). Anything not understood, or from an address
    /// or with a token we do not know, is dropped unanswered.
    public mutating func receive(_ bytes: [UInt8], from address: NetAddress, at now: Double,
                                 random: inout some RandomNumberGenerator) -> [Datagram] {
        stats.bytesReceived += bytes.count
        guard let message = try? NetMessage(decoding: bytes) else {
            stats.datagramsDropped += 1
            return []
        }
        switch (role, message) {
        case let (.host, .hello(hello)):
            return [Datagram(answer(hello, from: address, at: now, random: &random), to: address)]
        case let (.joiner, .welcome(welcome)):
            guard address == hostAddress, case .joining = phase, welcome.nonce == nonce else { break }
            links = [Link(address: address, token: welcome.token, nonce: nonce, seats: 0..<0, welcome: welcome, lastReceived: now,
                          acks: Array(repeating: welcome.inputDelay, count: NetMessage.maxSeats))]
            inputDelay = welcome.inputDelay
            localSeats = welcome.firstSeat..<welcome.firstSeat + min(localPlayers, welcome.seatCount)
            phase = .welcomed(welcome)
            return []
        case let (.joiner, .refuse(refusalNonce, reason)):
            guard address == hostAddress, case .joining = phase, refusalNonce == nonce else { break }
            phase = .finished(.refused(reason))
            return []
        case let (_, .input(packet)):
            guard let index = links.firstIndex(where: { $0.address == address && $0.token == packet.token && !$0.removed }) else { break }
            take(packet, on: index, at: now)
            return []
        case let (_, .bye(token, reason)):
            guard let index = links.firstIndex(where: { $0.address == address && $0.token == token && !$0.removed }) else { break }
            takeBye(reason, on: index)
            return []
        default:
            break
        }
        stats.datagramsDropped += 1
        return []
    }

    /// The host's answer to a hello: the same welcome again for a hello it has answered, a
    /// refusal, or a welcome with the next free seats.
    private mutating func answer(_ hello: NetMessage.Hello, from address: NetAddress, at now: Double,
                                 random: inout some RandomNumberGenerator) -> NetMessage {
        if let link = links.first(where: { $0.address == address && $0.nonce == hello.nonce }), let welcome = link.welcome,
           door?.check(hello, from: address, at: now) == nil {
            return .welcome(welcome)
        }
        guard case .lobby = phase else { return .refuse(nonce: hello.nonce, reason: .started) }
        let taken = localPlayers + links.reduce(0) { $0 + $1.seats.count }
        guard links.count < expectedJoiners, taken + hello.players <= NetMessage.maxSeats else { return .refuse(nonce: hello.nonce, reason: .full) }
        if let refusal = door?.check(hello, from: address, at: now) { return .refuse(nonce: hello.nonce, reason: refusal) }
        var token: UInt64 = 0
        while token == 0 || links.contains(where: { $0.token == token }) { token = random.next() }
        let welcome = NetMessage.Welcome(nonce: hello.nonce, token: token, firstSeat: taken, seatCount: hello.players, inputDelay: inputDelay,
                                         levelName: levelName, levelSHA256: levelSHA256)
        links.removeAll { $0.address == address }
        links.append(Link(address: address, token: token, nonce: hello.nonce, seats: taken..<taken + hello.players, welcome: welcome,
                          lastReceived: now, acks: Array(repeating: inputDelay, count: NetMessage.maxSeats)))
        return .welcome(welcome)
    }

    private mutating func take(_ packet: NetMessage.InputPacket, on index: Int, at now: Double) {
        links[index].lastReceived = now
        links[index].ready = true
        if role == .joiner, packet.seats > 0, case .lobby = phase { start(seats: packet.seats, present: packet.startPresent) }
        guard case .playing = phase, var rollback, packet.seats == seatCount else { return }
        var link = links[index]
        for seat in 0..<seatCount where seat < packet.acks.count { link.acks[seat] = max(link.acks[seat], packet.acks[seat]) }
        if packet.tick >= link.theirTick {
            link.theirTick = packet.tick
            link.theirTickAt = now
        }
        if let (stamp, at) = link.lastStamp, at > now { link.lastStamp = (stamp, now) }
        link.lastStamp = (packet.stamp, now)
        if packet.echo != 0 || packet.echoAgeMilliseconds != 0 {
            let elapsed = UInt16(truncatingIfNeeded: Self.milliseconds(now)) &- packet.echo &- packet.echoAgeMilliseconds
            if elapsed < 10_000 {
                let seconds = Double(elapsed) / 1000
                link.roundTripSeconds = link.roundTripSeconds.map { $0 * 0.875 + seconds * 0.125 } ?? seconds
            }
        }
        let oneWayTicks = (link.roundTripSeconds ?? 0) / 2 * 60
        let advantage = Double(rollback.tick) - (Double(packet.tick) + oneWayTicks)
        link.advantage = link.advantage * 0.9 + advantage * 0.1
        for block in packet.blocks where link.seats.contains(block.seat) && !localSeats.contains(block.seat) {
            for (offset, input) in block.inputs.enumerated() { rollback.hear(input, seat: block.seat, tick: block.firstTick + offset) }
        }
        if let checksum = packet.checksum, checksum.tick > link.comparedUpTo {
            if let mine = myChecksums[checksum.tick] {
                link.comparedUpTo = checksum.tick
                compare(mine, checksum.value, tick: checksum.tick)
            } else if checksum.tick > (rollback.confirmedTick) {
                link.theirChecksums[checksum.tick] = checksum.value
                if link.theirChecksums.count > 64, let oldest = link.theirChecksums.keys.min() { link.theirChecksums[oldest] = nil }
            }
        }
        links[index] = link
        self.rollback = rollback
    }

    private mutating func takeBye(_ reason: NetMessage.ByeReason, on index: Int) {
        switch (role, reason) {
        case (.host, .done):
            links[index].done = true
        case (.host, .desync):
            finish(.otherDesynced, bye: .desync)
        case (.host, _):
            remove(index)
        case (.joiner, .done):
            // The host has every tick and we have heard every input: we finish by ourselves
            // once our last tick is confirmed (nothing more is needed from the network).
            links[index].done = true
        case (.joiner, .desync):
            finish(.otherDesynced, bye: nil)
        case (.joiner, .removed):
            finish(.removed, bye: nil)
        case (.joiner, _):
            finish(.hostLost, bye: nil)
        }
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
            while rollback.lastHeard(seat: seat) < rollback.tick + 1 + inputDelay { rollback.hear(.absent, seat: seat, tick: rollback.lastHeard(seat: seat) + 1) }
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
            latestChecksum = (confirmed.tick, value)
            if myChecksums.count > 64, let oldest = myChecksums.keys.min() { myChecksums[oldest] = nil }
            for index in links.indices {
                links[index].checksumSends = 0
                if let theirs = links[index].theirChecksums.removeValue(forKey: confirmed.tick) {
                    links[index].comparedUpTo = max(links[index].comparedUpTo, confirmed.tick)
                    compare(value, theirs, tick: confirmed.tick)
                }
            }
        }
        return frame
    }

    private mutating func compare(_ mine: UInt64, _ theirs: UInt64, tick: Int) {
        if case .finished = phase { return }
        guard mine == theirs else {
            finish(.desync(tick: tick), bye: .desync)
            return
        }
        stats.checksumsCompared += 1
    }

    private mutating func start(seats: Int, present: UInt8) {
        guard let game, seats > 0 else { return }
        seatCount = seats
        startPresent = present
        let start = (0..<seats).map { present & (1 << $0) != 0 ? SeatInput.idle : SeatInput.absent }
        rollback = Rollback(game: game, start: start, inputDelay: inputDelay)
        if role == .joiner, !links.isEmpty {
            links[0].seats = 0..<seats
        }
        phase = .playing
    }

    /// A joiner away too long (or that said it quits): its seats are empty from the next tick
    /// not heard, and it is told so.
    private mutating func remove(_ index: Int) {
        guard !links[index].removed else { return }
        links[index].removed = true
        if case .playing = phase {
            emptySeats.formUnion(links[index].seats)
            pendingByes += Array(repeating: Datagram(.bye(token: links[index].token, reason: .removed), to: links[index].address), count: Self.byeCopies)
        } else {
            links.remove(at: index)  // in the lobby its seats are free for another
        }
    }

    private mutating func finish(_ outcome: NetOutcome, bye: NetMessage.ByeReason?) {
        if case .finished = phase { return }
        phase = .finished(outcome)
        guard let bye else { return }
        for link in links where !link.removed && !link.done {
            pendingByes += Array(repeating: Datagram(.bye(token: link.token, reason: bye), to: link.address), count: Self.byeCopies)
        }
    }

    // MARK: - Datagrams out

    /// What to send this frame: a hello again (a joiner not answered yet), every link's inputs
    /// not yet acknowledged with our acknowledgements, tick and latest checksum, or the byes of
    /// an ending. Also where time runs out: a joiner removed, the host lost, the run done.
    public mutating func outgoing(at now: Double) -> [Datagram] {
        checkTime(at: now)
        var out = pendingByes
        pendingByes = []
        switch phase {
        case .joining:
            if let hostAddress, helloSentAt.map({ now - $0 >= Self.helloRetrySeconds }) ?? true {
                helloSentAt = now
                out.append(Datagram(.hello(NetMessage.Hello(nonce: nonce, code: code, players: localPlayers)), to: hostAddress))
            }
        case .welcomed:
            break  // a joiner speaks once it has the level: the host starts when all have spoken
        case .lobby, .playing:
            for index in links.indices where !links[index].removed && !links[index].done {
                out.append(Datagram(.input(packet(for: index, at: now)), to: links[index].address))
                links[index].checksumSends += 1
            }
        case .finished:
            break
        }
        for datagram in out { stats.bytesSent += datagram.bytes.count }
        return out
    }

    private func packet(for index: Int, at now: Double) -> NetMessage.InputPacket {
        let link = links[index]
        // A new checksum goes out in a few datagrams in a row (one is likely through), not in every one.
        let checksum = link.checksumSends < Self.checksumCopies ? latestChecksum : nil
        var packet = NetMessage.InputPacket(token: link.token, seats: seatCount, startPresent: startPresent, tick: rollback?.tick ?? 0,
                                            acks: (0..<seatCount).map { rollback?.lastHeard(seat: $0) ?? 0 }, checksum: checksum)
        packet.stamp = UInt16(truncatingIfNeeded: Self.milliseconds(now))
        if packet.stamp == 0 { packet.stamp = 1 }
        if let last = link.lastStamp {
            packet.echo = last.stamp
            packet.echoAgeMilliseconds = UInt16(clamping: Int((now - last.at) * 1000))
        }
        guard let rollback else { return packet }
        // The host sends every seat but the link's own; a joiner, its own.
        let seats = role == .host ? (0..<seatCount).filter { !link.seats.contains($0) } : Array(localSeats)
        for seat in seats {
            let first = link.acks[seat] + 1
            let last = min(rollback.lastHeard(seat: seat), first + NetMessage.maxInputsPerSeat - 1)
            guard first <= last else { continue }
            var inputs: [SeatInput] = []
            for tick in first...last {
                guard let input = rollback.heardInput(seat: seat, tick: tick) else { break }
                inputs.append(input)
            }
            if !inputs.isEmpty { packet.blocks.append(NetMessage.SeatInputs(seat: seat, firstTick: first, inputs: inputs)) }
        }
        return packet
    }

    private mutating func checkTime(at now: Double) {
        switch (role, phase) {
        case (.joiner, .joining):
            if now - joinStartedAt > Self.joinGiveUpSeconds { phase = .finished(.noAnswer) }
        case (.joiner, .welcomed), (.joiner, .lobby), (.joiner, .playing):
            if let link = links.first, !link.done, now - link.lastReceived > Self.dropSeconds { finish(.hostLost, bye: nil) }
        case (.host, .lobby):
            if let index = links.firstIndex(where: { now - $0.lastReceived > Self.dropSeconds }) { remove(index) }
            if links.count == expectedJoiners && links.allSatisfy(\.ready) { start(seats: localPlayers + links.reduce(0) { $0 + $1.seats.count }, present: startMask) }
        case (.host, .playing):
            for index in links.indices where !links[index].done && now - links[index].lastReceived > Self.dropSeconds { remove(index) }
        default:
            break
        }
        // The end: every tick confirmed here; the host also waits for each joiner to have all it needs.
        guard case .playing = phase, let endTick, let rollback, rollback.confirmedTick >= endTick else { return }
        if role == .joiner {
            finish(.done, bye: .done)
        } else if links.allSatisfy({ link in link.done || link.removed
            || (0..<seatCount).allSatisfy { link.seats.contains($0) || link.acks[$0] >= endTick } }) {
            finish(.done, bye: .done)
        }
    }

    /// Each machine's first player is in play from the start.
    private var startMask: UInt8 {
        links.reduce(UInt8(1)) { $0 | (1 << UInt8($1.seats.lowerBound)) }
    }

    static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded(.down)) }
}
