import KoalioCore

/// The datagrams' side of ``NetSession``: a hello answered, inputs and acknowledgements taken,
/// what each link is owed sent, and time running out.
extension NetSession {
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
            var link = Link(address: address, token: welcome.token, nonce: nonce, seats: 0..<0, welcome: welcome, at: now, acks: welcome.inputDelay)
            link.ready = true
            links = [link]
            inputDelay = welcome.inputDelay
            endTick = welcome.endTick
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
    /// refusal, or a welcome with the lowest free seats.
    private mutating func answer(_ hello: NetMessage.Hello, from address: NetAddress, at now: Double,
                                 random: inout some RandomNumberGenerator) -> NetMessage {
        let repeated = links.first { $0.address == address && $0.nonce == hello.nonce }?.welcome
        guard repeated != nil || phase == .lobby else { return .refuse(nonce: hello.nonce, reason: .started) }
        let others = links.filter { $0.address != address }
        let firstSeat = repeated?.firstSeat ?? Self.freeSeats(hello.players, taken: Array(localSeats) + others.flatMap { Array($0.seats) })
        guard let firstSeat, repeated != nil || others.count < expectedJoiners else { return .refuse(nonce: hello.nonce, reason: .full) }
        if let refusal = door?.check(hello, from: address, at: now) { return .refuse(nonce: hello.nonce, reason: refusal) }
        if let repeated { return .welcome(repeated) }
        var token: UInt64 = 0
        while token == 0 || links.contains(where: { $0.token == token }) { token = random.next() }
        let welcome = NetMessage.Welcome(nonce: hello.nonce, token: token, firstSeat: firstSeat, seatCount: hello.players, inputDelay: inputDelay,
                                         levelName: levelName, levelSHA256: levelSHA256, endTick: endTick)
        links = others + [Link(address: address, token: token, nonce: hello.nonce, seats: firstSeat..<firstSeat + hello.players, welcome: welcome,
                               at: now, acks: inputDelay)]
        return .welcome(welcome)
    }

    /// The first of `count` seats in a row that nobody has, nil when there are none.
    static func freeSeats(_ count: Int, taken: [Int]) -> Int? {
        (0...max(0, NetMessage.maxSeats - count)).first { first in (first..<first + count).allSatisfy { !taken.contains($0) } }
    }

    private mutating func take(_ packet: NetMessage.InputPacket, on index: Int, at now: Double) {
        links[index].lastReceived = now
        links[index].ready = true
        if role == .joiner, packet.seats > 0, case .lobby = phase { start(seats: packet.seats, present: packet.startPresent, at: now) }
        guard case .playing = phase, var rollback, packet.seats == seatCount else { return }
        var link = links[index]
        for seat in 0..<seatCount where seat < packet.acks.count { link.acks[seat] = max(link.acks[seat], packet.acks[seat]) }
        link.lastStamp = Stamp(stamp: packet.stamp, at: now)
        if packet.echo != 0 || packet.echoAgeMilliseconds != 0 {
            let elapsed = UInt16(truncatingIfNeeded: Self.milliseconds(now)) &- packet.echo &- packet.echoAgeMilliseconds
            if elapsed < Self.longestRoundTripMilliseconds {
                let seconds = Double(elapsed) / 1000
                link.roundTripSeconds = link.roundTripSeconds.map { $0 + (seconds - $0) * Self.roundTripSmoothing } ?? seconds
            }
        }
        let oneWayTicks = (link.roundTripSeconds ?? 0) / 2 * Double(Tick.perSecond)
        let advantage = Double(rollback.tick) - (Double(packet.tick) + oneWayTicks)
        link.advantage += (advantage - link.advantage) * Self.advantageSmoothing
        let heardBefore = link.seats.map { rollback.lastHeard(seat: $0) }
        for block in packet.blocks where link.seats.contains(block.seat) && !localSeats.contains(block.seat) && !emptySeats.contains(block.seat) {
            for (offset, input) in block.inputs.enumerated() { rollback.hear(input, seat: block.seat, tick: block.firstTick + offset) }
        }
        if link.seats.map({ rollback.lastHeard(seat: $0) }) != heardBefore { link.lastProgress = now }
        if let checksum = packet.checksum, checksum.tick > link.comparedUpTo {
            if let mine = myChecksums[checksum.tick] {
                link.comparedUpTo = checksum.tick
                links[index] = link
                self.rollback = rollback
                compare(mine, checksum.value, tick: checksum.tick, link: index)
                return
            } else if checksum.tick > rollback.confirmedTick {
                link.theirChecksums[checksum.tick] = checksum.value
                if link.theirChecksums.count > Self.checksumsKept, let oldest = link.theirChecksums.keys.min() { link.theirChecksums[oldest] = nil }
            }
        }
        links[index] = link
        self.rollback = rollback
    }

    private mutating func takeBye(_ reason: NetMessage.ByeReason, on index: Int) {
        switch (role, reason) {
        case (.host, .done):
            // Done only with every input of its seats heard to the end; else it left early.
            let all = rollback.map { rollback in links[index].seats.allSatisfy { rollback.lastHeard(seat: $0) >= (endTick ?? .max) } } ?? false
            if all { links[index].done = true } else { remove(index) }
        case (.host, _):
            remove(index)  // it quit, has not the level, or found its game differs: the others play on
        case (.joiner, .done):
            // The host has every tick, and has heard every input: we finish by ourselves once our
            // last tick is confirmed (nothing more is needed from the network).
            links[index].done = true
        case (.joiner, .desync):
            finish(.otherDesynced, bye: nil)
        case (.joiner, .removed):
            finish(.removed, bye: nil)
        case (.joiner, _):
            finish(.hostLost, bye: nil)
        }
    }

    /// What to send this frame: a hello again (a joiner not answered yet), every live link's
    /// inputs not yet acknowledged with our acknowledgements, tick and latest checksum, or the
    /// byes of an ending. Also where time runs out: a joiner removed, the host lost, the run done.
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
            for index in links.indices where links[index].isLive && links[index].ready {
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
        let checksum = link.checksumSends < Self.checksumCopies ? latestChecksum.map { ($0.tick, $0.value) } : nil
        var packet = NetMessage.InputPacket(token: link.token, seats: seatCount, startPresent: startPresent, tick: rollback?.tick ?? 0,
                                            acks: (0..<seatCount).map { rollback?.lastHeard(seat: $0) ?? 0 }, checksum: checksum)
        packet.stamp = max(1, UInt16(truncatingIfNeeded: Self.milliseconds(now)))
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

    /// Time running out (a joiner unanswered, a link gone), the host's start, and the end: every
    /// tick confirmed here, and the other side known to have all it needs from us.
    private mutating func checkTime(at now: Double) {
        switch (role, phase) {
        case (.joiner, .joining):
            if now - joinStartedAt > Self.joinGiveUpSeconds { phase = .finished(.noAnswer) }
        case (.joiner, .welcomed), (.joiner, .lobby):
            if let link = links.first, now - link.lastReceived > Self.dropSeconds { finish(.hostLost, bye: nil) }
        case (.joiner, .playing):
            guard let link = links.first, link.isLive else { break }
            let silent = now - link.lastReceived > Self.dropSeconds
            if silent && rollback.map({ $0.confirmedTick >= (endTick ?? .max) }) == true {
                finish(.done, bye: nil)  // every tick is ours; the host finished and its byes were lost
            } else if silent || (now - link.lastProgress > Self.dropSeconds && stillNeeds(link)) {
                finish(.hostLost, bye: .quit)
            }
        case (.host, .lobby):
            for index in links.indices.reversed() where now - links[index].lastReceived > Self.dropSeconds { remove(index) }
            // Every machine awaited, or every seat taken (four koalas, however many machines).
            let seated = localSeats.count + links.reduce(0) { $0 + $1.seats.count }
            if (links.count == expectedJoiners || seated == NetMessage.maxSeats) && !links.isEmpty && links.allSatisfy(\.ready) {
                start(seats: (Array(localSeats) + links.flatMap { Array($0.seats) }).max().map { $0 + 1 } ?? 1, present: startMask, at: now)
            }
        case (.host, .playing):
            chargeWaiting(at: now)
            // Gone: silent, talking without its seats' inputs moving on while the game waits for
            // them, or having held the game back too long (moving them on too slowly).
            for index in links.indices where links[index].isLive && (now - links[index].lastReceived > Self.dropSeconds
                || (now - links[index].lastProgress > Self.dropSeconds && stillNeeds(links[index])) || fallsBehind(links[index], at: now)) {
                remove(index)
            }
        default:
            break
        }
        guard case .playing = phase, let endTick, let rollback, rollback.confirmedTick >= endTick else { return }
        if role == .joiner {
            // Done once the host has heard every input of ours to the end (its acks say so).
            // (or has said it is done, which it says only with every input heard).
            if let host = links.first, host.done || localSeats.allSatisfy({ host.acks[$0] >= endTick }) { finish(.done, bye: host.done ? nil : .done) }
        } else if links.allSatisfy({ link in !link.isLive || (0..<seatCount).allSatisfy { link.seats.contains($0) || link.acks[$0] >= endTick } }) {
            finish(.done, bye: .done)
        }
    }

    /// The time since the last count charged to whoever the host's game waits on: a frame that
    /// could not step, to the links whose seats' inputs are the furthest behind; a frame time
    /// sync stretched, its stretched share to the link furthest behind in ticks.
    private mutating func chargeWaiting(at now: Double) {
        defer { heldCountedAt = now }
        guard let since = heldCountedAt, let rollback else { return }
        let seconds = min(max(0, now - since), Self.longestChargedSeconds)
        let waited = links.indices.filter { links[$0].isLive && stillNeeds(links[$0]) }
        guard !waited.isEmpty else { return }
        if !rollback.canAdvance && rollback.tick < (endTick ?? .max) {
            func behind(_ index: Int) -> Int {
                links[index].seats.filter { !localSeats.contains($0) && !emptySeats.contains($0) }.map { rollback.lastHeard(seat: $0) }.min() ?? .max
            }
            // The seat furthest behind, this machine's own among them: when it is ours, nobody is charged.
            let furthest = (0..<seatCount).filter { !emptySeats.contains($0) }.map { rollback.lastHeard(seat: $0) }.min() ?? .max
            for index in waited where behind(index) == furthest { links[index].heldSeconds += seconds }
        } else if frameStretch > 1, let slowest = waited.max(by: { links[$0].advantage < links[$1].advantage }) {
            links[slowest].heldSeconds += seconds * (1 - 1 / frameStretch)
        }
    }

    /// Whether the game has waited on `link` for longer than ``maxSlowdownShare`` of the time
    /// since the start and ``behindGraceSeconds`` (a joiner sending an input now and then held
    /// the others at a tick a second, as long as it liked).
    func fallsBehind(_ link: Link, at now: Double) -> Bool {
        guard let playStartedAt else { return false }
        return link.heldSeconds > (now - playStartedAt) * Self.maxSlowdownShare + Self.behindGraceSeconds
    }

    /// Whether the game still waits for inputs of `link`'s seats (not all heard to the end).
    private func stillNeeds(_ link: Link) -> Bool {
        guard let rollback else { return false }
        return link.seats.contains { !localSeats.contains($0) && !emptySeats.contains($0) && rollback.lastHeard(seat: $0) < (endTick ?? .max) }
    }

    /// Each machine's first player is in play from the start.
    private var startMask: UInt8 {
        links.reduce(UInt8(1)) { $0 | (1 << UInt8($1.seats.lowerBound)) }
    }
}
