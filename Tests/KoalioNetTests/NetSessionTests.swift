import KoalioCore
import KoalioNet
import KoalioSim
import KoalioTestSupport
import XCTest

/// Machines on a made-up network: datagrams delayed, lost, duplicated by a seeded generator, in
/// frames of 1/60 s. Each machine runs the real level through its `NetSession`.
struct Network {
    struct Conditions {
        var oneWayFrames = 0
        var jitterFrames = 0
        var lossPercent = 0
        var duplicatePercent = 0
    }

    var machines: [NetSession]
    var addresses: [NetAddress]
    var conditions: Conditions
    var random = SplitMix64(seed: 7)
    var inFlight: [(at: Int, to: Int, from: Int, bytes: [UInt8])] = []
    var frame = 0
    /// Each machine's confirmed ticks: (tick, checksum of the game after it).
    var confirmed: [[(tick: Int, checksum: UInt64)]]
    var maxDepth = 0
    /// Machines not heard (their datagrams dropped) during these frames.
    var silent: [Int: Range<Int>] = [:]
    /// A machine that keeps talking but gives no more inputs (it steps nothing forward).
    var starving: Int?
    /// A machine that talks every frame but gives an input only every so many frames.
    var trickling: (machine: Int, everyFrames: Int)?

    init(machines: [NetSession], conditions: Conditions) {
        self.machines = machines
        addresses = machines.indices.map { NetAddress(host: [127, 0, 0, UInt8(1 + $0)], port: 7000) }
        self.conditions = conditions
        confirmed = Array(repeating: [], count: machines.count)
    }

    var now: Double { Double(frame) / 60 }

    /// Seat `seat`'s scripted input for tick `tick`: walks, jumps and dashes in a pattern of its own.
    static func input(seat: Int, tick: Int) -> SeatInput {
        var buttons: SeatInput.Buttons = .present
        if (tick / (20 + seat * 7)) % 3 == 1 { buttons.insert(.jump) }
        if tick % (50 + seat * 11) == 0 { buttons.insert(.dash) }
        return SeatInput(moveX: Int8((tick / (40 + seat * 5)) % 3 - 1) * 100, buttons: buttons)
    }

    mutating func run(frames: Int, stageFor: (NetMessage.Welcome) -> NetGame?) {
        for _ in 0..<frames {
            for index in machines.indices {
                var machine = machines[index]
                if case let .welcomed(welcome) = machine.phase {
                    if let game = stageFor(welcome) { machine.ready(game) } else { machine.levelMissing() }
                }
                let tick = machine.rollback?.tick ?? 0
                let local = machine.localSeats.map { Self.input(seat: $0, tick: tick + 1) }
                let trickles = trickling.map { $0.machine == index && frame % $0.everyFrames != 0 } ?? false
                if let result = machine.advance(local: machine.canStep && starving != index && !trickles ? local : nil) {
                    maxDepth = max(maxDepth, result.rollbackDepth)
                    confirmed[index] += result.confirmed.map { ($0.tick, $0.game.checksum) }
                }
                for datagram in machine.outgoing(at: now) {
                    guard !(silent[index]?.contains(frame) ?? false) else { continue }
                    guard let to = addresses.firstIndex(of: datagram.to) else { continue }
                    if Int(random.next() % 100) < conditions.lossPercent { continue }
                    let copies = Int(random.next() % 100) < conditions.duplicatePercent ? 2 : 1
                    for _ in 0..<copies {
                        let jitter = conditions.jitterFrames > 0 ? Int(random.next() % UInt64(conditions.jitterFrames + 1)) : 0
                        inFlight.append((frame + max(1, conditions.oneWayFrames + jitter), to, index, datagram.bytes))
                    }
                }
                machines[index] = machine
            }
            frame += 1
            for datagram in inFlight where datagram.at <= frame {
                var random = self.random
                for answer in machines[datagram.to].receive(datagram.bytes, from: addresses[datagram.from], at: now, random: &random) {
                    if let to = addresses.firstIndex(of: answer.to) { inFlight.append((frame + max(1, conditions.oneWayFrames), to, datagram.to, answer.bytes)) }
                }
                self.random = random
            }
            inFlight.removeAll { $0.at <= frame }
        }
    }
}

final class NetSessionTests: XCTestCase {
    static let sha = Array(repeating: UInt8(7), count: 32)

    static func decoded(_ datagram: Datagram) -> NetMessage? { try? NetMessage(decoding: datagram.bytes) }

    func machines(joiners: Int, endTick: Int, code: String = "123456", joinCode: String = "123456") throws -> [NetSession] {
        let stage = try Repository.stage(named: "level2")
        let host = NetSession.host(code: code, localPlayers: 1, joiners: joiners, inputDelay: 2, levelName: "level2", levelSHA256: Self.sha,
                                   game: NetGame(session: Session(stage: stage)), endTick: endTick)
        let hostAddress = NetAddress(host: [127, 0, 0, 1], port: 7000)
        return [host] + (0..<joiners).map { index in
            NetSession.join(host: hostAddress, code: joinCode, localPlayers: 1, nonce: UInt64(100 + index), at: 0)
        }
    }

    func stage(_ welcome: NetMessage.Welcome) -> NetGame? {
        guard welcome.levelSHA256 == Self.sha, let stage = try? Repository.stage(named: welcome.levelName) else { return nil }
        return NetGame(session: Session(stage: stage))
    }

    /// Two and four machines at 0 ms / 0 %, 60 ms / 2 % and 120 ms / 5 % (round trip, loss):
    /// all finish, agree on every confirmed tick's game, and end where the perfect network ends.
    func testEveryConditionEndsInTheSameGame() throws {
        let conditions = [Network.Conditions(), Network.Conditions(oneWayFrames: 2, jitterFrames: 1, lossPercent: 2, duplicatePercent: 1),
                          Network.Conditions(oneWayFrames: 4, jitterFrames: 2, lossPercent: 5, duplicatePercent: 2)]
        for joiners in [1, 3] {
            var ends: [UInt64] = []
            for condition in conditions {
                var network = Network(machines: try machines(joiners: joiners, endTick: 600), conditions: condition)
                network.run(frames: 1200, stageFor: stage)
                for (index, machine) in network.machines.enumerated() {
                    XCTAssertEqual(machine.phase, .finished(.done), "machine \(index) of \(joiners + 1) at \(condition)")
                    XCTAssertEqual(network.confirmed[index].map(\.tick), Array(1...600), "every tick confirmed once")
                    XCTAssertGreaterThan(machine.stats.checksumsCompared, 0)
                }
                for index in network.machines.indices.dropFirst() {
                    XCTAssertTrue(network.confirmed[index].elementsEqual(network.confirmed[0]) { $0 == $1 }, "the same game on every machine")
                }
                XCTAssertEqual(network.machines[0].shownGame?.session.world.koalas.count, joiners + 1)
                ends.append(network.confirmed[0].last?.checksum ?? 0)
                if condition.oneWayFrames > 0 { XCTAssertGreaterThan(network.maxDepth, 0, "guesses went wrong and were put right") }
                XCTAssertLessThanOrEqual(network.maxDepth, 8)
            }
            XCTAssertEqual(Set(ends).count, 1, "the outcome does not depend on the network")
        }
    }

    /// Two games that are not the same (the joiner given another level behind the same digest):
    /// the first checksum exchanged differs; the host's game is the reference, so the joiner is
    /// told and ends, and the host plays on without its koala.
    func testAJoinerWhoseGameDiffersEndsAndTheHostPlaysOn() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 600), conditions: .init())
        network.run(frames: 1000) { _ in (try? Repository.stage(named: "level3")).map { NetGame(session: Session(stage: $0)) } }
        XCTAssertTrue([.finished(.desync(tick: NetSession.checksumIntervalTicks)), .finished(.otherDesynced)].contains(network.machines[1].phase),
                      "\(network.machines[1].phase)")
        XCTAssertEqual(network.machines[0].phase, .finished(.done))
        XCTAssertEqual(network.machines[0].shownGame?.session.world.koalas.count, 1, "the joiner's koala left")
    }

    /// A joiner that says it is done before the end has left: its seats are emptied, the host plays on.
    func testAByeDoneBeforeTheEndIsALeave() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 600), conditions: .init())
        network.run(frames: 60, stageFor: stage)
        var random = SplitMix64(seed: 9)
        let token = try XCTUnwrap(network.machines[1].linkToken)
        _ = network.machines[0].receive(NetMessage.bye(token: token, reason: .done).bytes, from: network.addresses[1], at: network.now, random: &random)
        network.silent = [1: network.frame..<Int.max]  // and it goes quiet
        network.run(frames: 700, stageFor: stage)
        XCTAssertEqual(network.machines[0].phase, .finished(.done))
        XCTAssertEqual(network.machines[0].shownGame?.session.world.koalas.count, 1)
    }

    /// A joiner that keeps talking but sends no inputs for its seat is removed after
    /// ``NetSession/dropSeconds``: it cannot hold the game still.
    func testAJoinerTalkingWithoutPlayingIsRemoved() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 900), conditions: .init())
        network.run(frames: 60, stageFor: stage)
        network.starving = 1
        network.run(frames: 1300, stageFor: stage)
        XCTAssertEqual(network.machines[0].phase, .finished(.done), "the host played on")
        XCTAssertEqual(network.machines[0].shownGame?.session.world.koalas.count, 1)
    }

    /// A joiner that talks every frame but moves its inputs on once every 4 s (each move is
    /// progress, so it is never silent nor idle) held the host at a tick a second: it is removed
    /// once it is ``NetSession/maxSlowdownShare`` and ``NetSession/behindGraceSeconds`` behind
    /// the wall clock, and the host plays on to its end.
    func testAJoinerFallingBehindTheWallClockIsRemoved() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 900), conditions: .init())
        network.run(frames: 30, stageFor: stage)
        XCTAssertEqual(network.machines[0].phase, .playing)
        let started = network.frame
        network.trickling = (machine: 1, everyFrames: 240)
        var removedAt: Int?
        while removedAt == nil && network.frame < started + 1200 {
            network.run(frames: 1, stageFor: stage)
            if network.machines[0].joinerAddresses.isEmpty { removedAt = network.frame }
        }
        let seconds = Double((removedAt ?? .max) - started) / 60
        let limit = (NetSession.behindGraceSeconds + 1) / (1 - NetSession.maxSlowdownShare)
        XCTAssertLessThan(seconds, limit, "removed within \(limit) s of the start")
        XCTAssertGreaterThan(seconds, NetSession.behindGraceSeconds, "not before its grace")
        network.run(frames: 1000, stageFor: stage)
        XCTAssertEqual(network.machines[0].phase, .finished(.done), "the host played on to its end")
        XCTAssertEqual(network.machines[1].phase, .finished(.removed))
    }

    /// A host that is slow itself (its own player's input given every other frame only, as an
    /// overloaded machine would) removes nobody: only waiting a joiner causes is charged to it.
    func testASlowHostRemovesNobody() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 600), conditions: .init())
        network.run(frames: 30, stageFor: stage)
        network.trickling = (machine: 0, everyFrames: 2)
        network.run(frames: 1500, stageFor: stage)
        XCTAssertEqual(network.machines.map(\.phase), [.finished(.done), .finished(.done)], "both played to the end")
        XCTAssertEqual(network.machines[0].shownGame?.session.world.koalas.count, 2, "the joiner's koala is still there")
    }

    /// A stranger's datagram is turned away by its first bytes alone: a made-up token, a kind
    /// this machine takes no more, a welcome to a nonce it never sent; a live link's token, a
    /// hello to a host and the answer to our own hello pass on to be decoded.
    func testTheFirstBytesTellWhatMayConcernTheSession() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 2000), conditions: .init())
        network.run(frames: 30, stageFor: stage)
        let (host, joiner) = (network.machines[0], network.machines[1])
        let token = try XCTUnwrap(joiner.linkToken)
        func input(_ token: UInt64) -> [UInt8] { NetMessage.input(NetMessage.InputPacket(token: token, seats: 2, startPresent: 3, tick: 1, acks: [1, 1])).bytes }
        func concerns(_ session: NetSession, _ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { session.mayConcern($0) } }
        XCTAssertTrue(concerns(host, input(token)))
        XCTAssertTrue(concerns(joiner, input(token)))
        XCTAssertFalse(concerns(host, input(token &+ 1)), "a made-up token")
        XCTAssertTrue(concerns(host, NetMessage.bye(token: token, reason: .quit).bytes))
        XCTAssertFalse(concerns(host, NetMessage.bye(token: 7, reason: .quit).bytes))
        let hello = NetMessage.hello(NetMessage.Hello(nonce: 1, code: Array("123456".utf8), players: 1)).bytes
        XCTAssertTrue(concerns(host, hello), "a host answers hellos (a started game with a refusal)")
        XCTAssertFalse(concerns(joiner, hello))
        XCTAssertFalse(concerns(host, Array(hello.dropLast())), "a hello is its exact length")
        XCTAssertFalse(concerns(joiner, NetMessage.refuse(nonce: 100, reason: .full).bytes), "a joiner welcomed already")
        let waiting = NetSession.join(host: network.addresses[0], code: "123456", localPlayers: 1, nonce: 42, at: 0)
        XCTAssertTrue(concerns(waiting, NetMessage.refuse(nonce: 42, reason: .full).bytes))
        XCTAssertFalse(concerns(waiting, NetMessage.refuse(nonce: 43, reason: .full).bytes), "not our nonce")
        XCTAssertFalse(concerns(host, Array(input(token).prefix(11))), "shorter than the prefix")
        XCTAssertFalse(concerns(host, [0x4B, 0x4E, 2] + Array(input(token).dropFirst(3))), "another version")
        XCTAssertFalse(concerns(host, Array(repeating: 0, count: 700)), "longer than any datagram")
        XCTAssertEqual(host.joinerAddresses, [network.addresses[1]])
        XCTAssertEqual(joiner.joinerAddresses, [], "a joiner has none")
    }

    /// No input delay: the last tick's inputs go out the frame they are made, and both machines
    /// still finish (a joiner waits for the host to have heard them).
    func testNoInputDelayStillEndsOnBoth() throws {
        let stage = try Repository.stage(named: "level2")
        let host = NetSession.host(code: "123456", localPlayers: 1, joiners: 1, inputDelay: 0, levelName: "level2", levelSHA256: Self.sha,
                                   game: NetGame(session: Session(stage: stage)), endTick: 300)
        let joiner = NetSession.join(host: NetAddress(host: [127, 0, 0, 1], port: 7000), code: "123456", localPlayers: 1, nonce: 5, at: 0)
        for condition in [Network.Conditions(), Network.Conditions(oneWayFrames: 3, jitterFrames: 2, lossPercent: 10)] {
            var network = Network(machines: [host, joiner], conditions: condition)
            network.run(frames: 1000, stageFor: self.stage)
            XCTAssertEqual(network.machines.map(\.phase), [.finished(.done), .finished(.done)], "\(condition)")
            XCTAssertTrue(network.confirmed[1].elementsEqual(network.confirmed[0]) { $0 == $1 })
        }
    }

    /// In the lobby a joiner that leaves frees its seat for the next, who takes the lowest free
    /// one: no two machines share a seat, and the game starts with every seat played.
    func testALobbySeatLeftIsTakenByTheNext() throws {
        var random = SplitMix64(seed: 4)
        var host = try machines(joiners: 2, endTick: 60)[0]
        func hello(_ nonce: UInt64) -> [UInt8] { NetMessage.hello(NetMessage.Hello(nonce: nonce, code: Array("123456".utf8), players: 1)).bytes }
        func seat(_ answer: [Datagram]) -> Int? {
            if case let .welcome(welcome)? = answer.first.flatMap(Self.decoded) { return welcome.firstSeat }
            return nil
        }
        let a = NetAddress(host: [10, 0, 0, 1], port: 1), b = NetAddress(host: [10, 0, 0, 2], port: 1), c = NetAddress(host: [10, 0, 0, 3], port: 1)
        XCTAssertEqual(seat(host.receive(hello(1), from: a, at: 0, random: &random)), 1)
        XCTAssertEqual(seat(host.receive(hello(2), from: b, at: 0, random: &random)), 2)
        _ = host.outgoing(at: NetSession.dropSeconds + 1)  // both silent: both leave the lobby
        XCTAssertEqual(host.machinesHere, 1)
        XCTAssertEqual(seat(host.receive(hello(3), from: c, at: 7, random: &random)), 1, "the lowest free seat")
        XCTAssertEqual(seat(host.receive(hello(4), from: b, at: 7, random: &random)), 2)
        XCTAssertEqual(seat(host.receive(hello(4), from: b, at: 7, random: &random)), 2, "a hello again gets the same welcome")
    }

    /// A host of the game's own menus waits for up to four machines: asked to start with the one
    /// that came (after a wait longer than a silent machine is given), it starts with two
    /// koalas and keeps them, and a later hello is refused as full.
    func testAHostAskedToStartNowStartsWithTheMachinesHere() throws {
        var all = try machines(joiners: 3, endTick: 120)
        all = [all[0], all[1]]
        XCTAssertFalse(all[0].startNow(), "nobody has joined yet")
        var network = Network(machines: all, conditions: Network.Conditions())
        network.run(frames: Int(NetSession.dropSeconds * 60) + 120, stageFor: stage)
        XCTAssertEqual(network.machines[0].phase, .lobby, "it waits for three joiners")
        XCTAssertEqual(network.machines[0].machinesHere, 2)
        XCTAssertTrue(network.machines[0].startNow())
        network.run(frames: 400, stageFor: stage)
        XCTAssertEqual(network.machines.map(\.phase), [.finished(.done), .finished(.done)])
        XCTAssertEqual(network.machines[0].shownGame?.session.world.koalas.count, 2)
        XCTAssertTrue(network.confirmed[1].elementsEqual(network.confirmed[0]) { $0 == $1 })
        var random = SplitMix64(seed: 1)
        var late = network.machines[0]
        let hello = NetMessage.hello(NetMessage.Hello(nonce: 9, code: Array("123456".utf8), players: 1)).bytes
        guard case .refuse? = late.receive(hello, from: NetAddress(host: [10, 0, 0, 9], port: 1), at: 1, random: &random).first.flatMap(Self.decoded) else {
            return XCTFail("a late hello is refused")
        }
    }

    /// Four koalas start the game by themselves, however many machines they are on: a host
    /// waiting for three machines starts when one joiner brings three players.
    func testFourKoalasStartTheGameWhateverTheMachines() throws {
        let level2 = try Repository.stage(named: "level2")
        let host = NetSession.host(code: "123456", localPlayers: 1, joiners: 3, inputDelay: 2, levelName: "level2", levelSHA256: Self.sha,
                                   game: NetGame(session: Session(stage: level2)), endTick: 60)
        let joiner = NetSession.join(host: NetAddress(host: [127, 0, 0, 1], port: 7000), code: "123456", localPlayers: 3, nonce: 5, at: 0)
        var network = Network(machines: [host, joiner], conditions: Network.Conditions())
        network.run(frames: 300, stageFor: stage)
        XCTAssertEqual(network.machines.map(\.phase), [.finished(.done), .finished(.done)])
        XCTAssertEqual(network.machines[0].seatCount, 4)
    }

    /// A host (hostile, or broken) whose welcome seats us past the game's seats: the joiner ends, no trap.
    func testAWelcomeOutsideTheGamesSeatsEndsTheJoiner() throws {
        var random = SplitMix64(seed: 2)
        let hostAddress = NetAddress(host: [127, 0, 0, 1], port: 7000)
        var joiner = NetSession.join(host: hostAddress, code: "123456", localPlayers: 1, nonce: 5, at: 0)
        _ = joiner.outgoing(at: 0)
        let welcome = NetMessage.Welcome(nonce: 5, token: 9, firstSeat: 3, seatCount: 1, inputDelay: 2, levelName: "level2", levelSHA256: Self.sha)
        _ = joiner.receive(NetMessage.welcome(welcome).bytes, from: hostAddress, at: 0.1, random: &random)
        joiner.ready(NetGame(session: Session(stage: try Repository.stage(named: "level2"))))
        let start = NetMessage.input(NetMessage.InputPacket(token: 9, seats: 2, startPresent: 3, tick: 0, acks: [2, 2]))
        _ = joiner.receive(start.bytes, from: hostAddress, at: 0.2, random: &random)
        XCTAssertEqual(joiner.phase, .finished(.hostLost))
        XCTAssertNil(joiner.advance(local: [.idle]))
        XCTAssertFalse(joiner.outgoing(at: 0.3).isEmpty, "it says it leaves")
    }

    func testAWrongCodeIsRefusedAndTheSessionsBudgetRunsOut() throws {
        var random = SplitMix64(seed: 1)
        var host = try machines(joiners: 1, endTick: 60)[0]
        func hello(_ code: String, nonce: UInt64 = 1) -> [UInt8] {
            NetMessage.hello(NetMessage.Hello(nonce: nonce, code: Array(code.utf8), players: 1)).bytes
        }
        // Twenty wrong codes from twenty addresses (no lockout) spend the budget…
        for index in 0..<NetDoor.codeFailureBudget {
            let answer = host.receive(hello("000000"), from: NetAddress(host: [10, 0, 0, UInt8(index)], port: 5), at: 0, random: &random)
            XCTAssertEqual(answer.map(Self.decoded), [NetMessage.refuse(nonce: 1, reason: .wrongCode)])
            XCTAssertLessThan(answer[0].bytes.count, NetMessage.helloBytes)
        }
        // …then even the right code is refused.
        let late = host.receive(hello("123456"), from: NetAddress(host: [10, 0, 1, 1], port: 5), at: 1, random: &random)
        XCTAssertEqual(late.map(Self.decoded), [NetMessage.refuse(nonce: 1, reason: .codeOff)])
        XCTAssertEqual(host.phase, .lobby)
        XCTAssertTrue(host.codeOff)
        // The host's player makes a new code: the old one stays refused, the new one lets in.
        host.renewCode("777777")
        XCTAssertFalse(host.codeOff)
        XCTAssertEqual(host.hostCode, "777777")
        let old = host.receive(hello("123456", nonce: 2), from: NetAddress(host: [10, 0, 1, 2], port: 5), at: 2, random: &random)
        XCTAssertEqual(old.map(Self.decoded), [NetMessage.refuse(nonce: 2, reason: .wrongCode)])
        let new = host.receive(hello("777777", nonce: 3), from: NetAddress(host: [10, 0, 1, 3], port: 5), at: 2, random: &random)
        guard case .welcome? = new.first.flatMap(Self.decoded) else { return XCTFail("the new code lets in: \(new.map(Self.decoded))") }
    }

    func testOneAddressIsLockedOutAfterFiveWrongCodes() throws {
        var random = SplitMix64(seed: 1)
        var host = try machines(joiners: 1, endTick: 60)[0]
        let stranger = NetAddress(host: [10, 0, 0, 9], port: 5)
        for _ in 0..<5 {
            _ = host.receive(NetMessage.hello(NetMessage.Hello(nonce: 1, code: Array("999999".utf8), players: 1)).bytes, from: stranger, at: 0, random: &random)
        }
        let answer = host.receive(NetMessage.hello(NetMessage.Hello(nonce: 2, code: Array("123456".utf8), players: 1)).bytes, from: stranger, at: 1, random: &random)
        XCTAssertEqual(answer.map(Self.decoded), [NetMessage.refuse(nonce: 2, reason: .lockedOut(seconds: 59))])
        XCTAssertEqual(host.codeFailures, 5, "a locked-out try spends nothing")
    }

    func testAJoinerWithTheWrongCodeNeverPlays() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 60, joinCode: "654321"), conditions: .init())
        network.run(frames: 60, stageFor: stage)
        XCTAssertEqual(network.machines[1].phase, .finished(.refused(.wrongCode)))
        XCTAssertEqual(network.machines[0].phase, .lobby)
    }

    func testAJoinerWithoutTheLevelSaysSoAndLeaves() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 60), conditions: .init())
        network.run(frames: 30) { _ in nil }
        XCTAssertEqual(network.machines[1].phase, .finished(.noLevel))
    }

    /// Datagrams from an address that is not seated, with the wrong token, or not a datagram at
    /// all, are dropped unanswered.
    func testOnlyASeatedAddressWithItsTokenIsHeard() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 2000), conditions: .init())
        network.run(frames: 30, stageFor: stage)
        XCTAssertEqual(network.machines[0].phase, .playing)
        var host = network.machines[0]
        var random = SplitMix64(seed: 3)
        let tick = host.rollback?.tick ?? 0
        let forged = NetMessage.input(NetMessage.InputPacket(token: 0, seats: 2, startPresent: 3, tick: tick, acks: [tick, tick],
                                                             blocks: [NetMessage.SeatInputs(seat: 1, firstTick: tick + 20, inputs: [.absent])]))
        let dropped = host.stats.datagramsDropped
        _ = host.receive(forged.bytes, from: network.addresses[1], at: network.now, random: &random)  // the right address, no token
        _ = host.receive(forged.bytes, from: NetAddress(host: [10, 1, 1, 1], port: 1), at: network.now, random: &random)
        XCTAssertEqual(host.stats.datagramsDropped, dropped + 2)
        XCTAssertEqual(host.receive(Array(repeating: 0xFF, count: 600), from: network.addresses[1], at: network.now, random: &random), [])
        XCTAssertEqual(host.stats.datagramsDropped, dropped + 3)
        XCTAssertEqual(host.rollback?.lastHeard(seat: 1), network.machines[0].rollback?.lastHeard(seat: 1), "nothing heard from them")
    }

    /// A joiner not heard for two seconds is shown as reconnecting, then comes back: nobody
    /// leaves, and the game goes on to its end on both machines.
    func testAJoinerThatComesBackWithinSecondsPlaysOn() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 900), conditions: .init())
        network.silent = [1: 200..<320]
        network.run(frames: 290, stageFor: stage)
        XCTAssertEqual(network.machines[0].reconnectingPlayers(at: network.now), [2])
        network.run(frames: 1000, stageFor: stage)
        XCTAssertEqual(network.machines.map(\.phase), [.finished(.done), .finished(.done)])
        XCTAssertEqual(network.machines[0].shownGame?.session.world.koalas.count, 2, "player 2 is still in the game")
        XCTAssertTrue(network.confirmed[1].elementsEqual(network.confirmed[0]) { $0 == $1 })
    }

    /// A joiner that goes quiet is shown as reconnecting, then its koala leaves and the host plays
    /// on; the joiner, whose datagrams stopped getting through, is told it was removed.
    func testAJoinerAwayTooLongLeavesAndTheOthersPlayOn() throws {
        var network = Network(machines: try machines(joiners: 1, endTick: 900), conditions: .init())
        network.silent = [1: 200..<Int.max]
        network.run(frames: 200 + 90, stageFor: stage)
        XCTAssertEqual(network.machines[0].reconnectingPlayers(at: network.now), [2])
        network.run(frames: 1200, stageFor: stage)
        XCTAssertEqual(network.machines[0].phase, .finished(.done))
        XCTAssertEqual(network.machines[0].shownGame?.session.world.koalas.count, 1, "player 2's koala left")
        XCTAssertEqual(network.confirmed[0].map(\.tick), Array(1...900))
        XCTAssertEqual(network.machines[1].phase, .finished(.removed))
    }
}
