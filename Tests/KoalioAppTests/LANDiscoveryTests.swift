import KoalioAdmission
@testable import KoalioApp
@testable import KoalioSockets
import Glibc
import KoalioCore
import KoalioFlow
import KoalioLevelFile
import KoalioNet
import KoalioSim
import KoalioTestSupport
import XCTest

/// Discovery on this machine's real sockets: a game hosted here, waiting, is found once (heard
/// on loopback and on the network's broadcast address alike); a stranger's junk gets no answer
/// and a flood of probes only a few. Loopback delivers a datagram before `sendto` returns, so
/// each step reads what the last one sent, with no waiting.
final class LANDiscoveryTests: XCTestCase {
    /// A port of this test's own (not a game's on this machine).
    static let port = UInt16(20000 + getpid() % 20000)

    @MainActor
    static func hosted() throws -> OnlineStart {
        let level = try LevelFile.load(Repository.path("Levels/level1.tmx"))
        return try NetSetup.hostFromMenus(try GameOptions.parse(["--session-code", "123456"]), levelName: level.map.name,
                                          sha256: level.sha256, session: Session(stage: level.stage))
    }

    func testAGameWaitingHereIsFoundOnce() throws {
        try MainActor.assumeIsolated {
            let host = try Self.hosted()
            let responder = try LANDiscovery.Responder(port: Self.port)
            let finder = try LANDiscovery.Finder(port: Self.port)
            XCTAssertEqual(finder.poll(at: 0).map(OnlineMenus.foundGame), [], "probes sent, nothing heard yet")
            responder.answer(gamePort: host.link.localPort, session: host.game.session, at: 0)
            let found = finder.poll(at: 0.1).map(OnlineMenus.foundGame)
            XCTAssertEqual(found.count, 1, "one game, however many addresses it was heard at: \(found)")
            XCTAssertEqual(found.first?.levelName, "level1")
            XCTAssertEqual(found.first.map { ($0.here, $0.expected) }?.0, 1)
            XCTAssertEqual(found.first?.expected, NetMessage.maxSeats)
            XCTAssertTrue(found.first?.address.hasSuffix(":\(host.link.localPort ?? 0)") ?? false, "\(found)")
            XCTAssertEqual(finder.poll(at: LANDiscovery.forgetSeconds + 1).map(OnlineMenus.foundGame), [], "a game gone quiet is forgotten")
            host.leave()
        }
    }

    /// A second of probes forged at 1,000 a second, each from its own address (127.x.y.z), read
    /// by the responder each frame; a real finder probes half-way through: it is answered all
    /// the same (a budget of answers a second in all once spent it on the forgers).
    func testForgedProbesCannotStarveARealFinder() throws {
        try MainActor.assumeIsolated {
            let host = try Self.hosted()
            let responder = try LANDiscovery.Responder(port: Self.port)
            let to = NetAddress(host: [127, 0, 0, 1], port: Self.port)
            let finder = try LANDiscovery.Finder(port: Self.port)
            for frame in 0..<60 {
                for n in frame * 17..<(frame + 1) * 17 {
                    let forged = try UDPSocket(binding: NetAddress(host: [127, 1, UInt8(n / 250), UInt8(2 + n % 250)], port: 0))
                    forged.send(Discovery.probe, to: to)
                }
                if frame == 30 { XCTAssertEqual(finder.poll(at: 0.5).map(OnlineMenus.foundGame), []) }
                responder.answer(gamePort: host.link.localPort, session: host.game.session, at: Double(frame) / 60)
            }
            XCTAssertEqual(finder.poll(at: 1).map(OnlineMenus.foundGame).map(\.levelName), ["level1"], "the real finder was answered")
            host.leave()
        }
    }

    /// Eight strangers answer first (from other loopback addresses, with the same level's name),
    /// then the game hosted here: the list keeps the order first heard, the game here takes a
    /// stranger's place and is the one marked as on this machine's network, and a long name is
    /// cut so that the address stays whole.
    func testTheGameHereIsListedAndMarkedAmongForgedAnswers() throws {
        try MainActor.assumeIsolated {
            let host = try Self.hosted()
            let responder = try LANDiscovery.Responder(port: Self.port)
            let finder = try LANDiscovery.Finder(port: Self.port)
            XCTAssertEqual(finder.poll(at: 0).map(OnlineMenus.foundGame), [])
            // The finder's port: a stranger learns it from the probe it hears.
            let probing = NetAddress(host: [127, 0, 0, 1], port: try XCTUnwrap(finder.localPort))
            for n in 0..<8 {
                let stranger = try UDPSocket(binding: NetAddress(host: [127, 0, 9, UInt8(2 + n)], port: 0))
                let name = n == 0 ? String(repeating: "level1", count: 8) : "level1"
                stranger.send(Discovery.answer(gamePort: 24820, levelName: name, here: 1, expected: 4, id: UInt32(n + 1)), to: probing)
            }
            let strangers = finder.poll(at: 0.1).map(OnlineMenus.foundGame)
            XCTAssertEqual(strangers.map(\.address), (0..<8).map { "127.0.9.\(2 + $0):24820" }, "in the order first heard")
            XCTAssertEqual(strangers.filter(\.onThisNetwork), [], "another loopback address is not this machine")
            XCTAssertLessThanOrEqual(strangers[0].shownLevelName.count, FoundGame.shownNameCharacters, "the long name cut")
            _ = finder.poll(at: 1.2).map(OnlineMenus.foundGame)  // the next probe, which the game here answers
            responder.answer(gamePort: host.link.localPort, session: host.game.session, at: 1.2)
            let found = finder.poll(at: 1.3).map(OnlineMenus.foundGame)
            XCTAssertLessThanOrEqual(found.count, LANDiscovery.mostGames)
            let here = found.filter(\.onThisNetwork)
            XCTAssertEqual(here.count, 1, "the game here, listed once and marked: \(found)")
            XCTAssertTrue(here.first?.address.hasSuffix(":\(host.link.localPort ?? 0)") ?? false)
            XCTAssertEqual(found.last, here.first, "heard last, listed last")
            let kept = found.dropLast().map(\.address)
            XCTAssertEqual(kept, strangers.map(\.address).filter(kept.contains), "the strangers kept stay in the order first heard")
            host.leave()
        }
    }

    func testJunkGetsNoAnswerAndAFloodOnlyAFew() throws {
        try MainActor.assumeIsolated {
            let host = try Self.hosted()
            let responder = try LANDiscovery.Responder(port: Self.port)
            let stranger = try UDPSocket(binding: NetAddress(host: [127, 0, 0, 1], port: 0))
            let to = NetAddress(host: [127, 0, 0, 1], port: Self.port)
            stranger.send(Array(Discovery.probe.dropLast()), to: to)
            stranger.send(Discovery.probe + [0], to: to)
            stranger.send(Array(repeating: 0x41, count: 500), to: to)
            responder.answer(gamePort: host.link.localPort, session: host.game.session, at: 0)
            XCTAssertNil(stranger.receive(), "only the exact probe is answered")
            for _ in 0..<100 { stranger.send(Discovery.probe, to: to) }
            responder.answer(gamePort: host.link.localPort, session: host.game.session, at: 0.5)
            var answers = 0
            while let (bytes, _) = stranger.receive() {
                answers += 1
                XCTAssertLessThanOrEqual(bytes.count, Discovery.probe.count, "never longer than the probe")
            }
            XCTAssertEqual(answers, LANDiscovery.answersPerSourcePerSecond, "a few for each source")
            host.leave()
        }
    }

    /// The join form's digits are the session code's.
    func testTheFormsCodeIsTheSessionCodesLength() {
        XCTAssertEqual(JoinForm.codeDigits, PairingSecrets.codeDigits)
    }

    func testTheJoinFormsAddressTakesADefaultPort() {
        XCTAssertEqual(NetSetup.joinAddress("192.168.1.20"), NetAddress(host: [192, 168, 1, 20], port: NetSession.defaultPort))
        XCTAssertEqual(NetSetup.joinAddress("192.168.1.20:7000"), NetAddress(host: [192, 168, 1, 20], port: 7000))
        XCTAssertEqual(NetSetup.joinAddress("fd00::2")?.port, NetSession.defaultPort)
        XCTAssertEqual(NetSetup.joinAddress("[fd00::2]:7000")?.port, 7000)
        XCTAssertEqual(NetSetup.joinAddress("[fd00::2]")?.port, NetSession.defaultPort)
        XCTAssertNil(NetSetup.joinAddress("192.168.1."))
        XCTAssertNil(NetSetup.joinAddress("1.2.3.4:"))
        XCTAssertNil(NetSetup.joinAddress(""))
    }

    /// A port already taken is a problem the screen words ("the port is taken"), not the
    /// system's English; an address not this machine's is "no network reaches it".
    func testARefusedSocketIsATypedProblem() throws {
        let taken = try UDPSocket(binding: NetAddress(host: [127, 0, 0, 1], port: 0))
        let port = try XCTUnwrap(taken.localAddress?.port)
        do {
            _ = try UDPSocket(binding: NetAddress(host: [127, 0, 0, 1], port: port))
            XCTFail("the port is taken")
        } catch {
            XCTAssertEqual(error.problem, .portInUse)
        }
        do {
            _ = try UDPSocket(binding: NetAddress(host: [192, 0, 2, 1], port: 0))  // TEST-NET-1: on no interface here
            XCTFail("no interface has that address")
        } catch {
            XCTAssertEqual(error.problem, .noNetwork)
        }
    }
}
