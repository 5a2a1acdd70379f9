import Foundation
import KoalioTestSupport
import XCTest

/// The internet on one machine (`tools/internet-lab`: namespaces, NAT routers, no link to the
/// machine's own network), for as long as a test needs it; each lab's namespaces are its own.
final class InternetLab {
    let prefix: String
    enum LabFailure: Error { case notUp, noRendezvous }

    /// The rendezvous's public address in every lab.
    static let rendezvousAddress = "203.0.113.10"

    private init(prefix: String) { self.prefix = prefix }

    /// A lab with these two routers (home, fullcone, symmetric); skipped without root.
    static func up(_ nat1: String, _ nat2: String) throws -> InternetLab {
        guard getuid() == 0 else { throw XCTSkip("the internet lab makes network namespaces: it needs root (CI runs as root)") }
        let lab = InternetLab(prefix: "kt\(getpid() % 1000)")
        let run = try lab.tool(["up", nat1, nat2])
        guard run.status == 0 else {
            lab.down()  // whatever half of it was made
            XCTFail("the internet lab did not come up: \(run.stderr)")
            throw LabFailure.notUp
        }
        return lab
    }

    @discardableResult
    func tool(_ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run("/bin/bash", [Repository.path("tools/internet-lab")] + arguments,
                             environment: ProcessInfo.processInfo.environment.merging(["LAB_PREFIX": prefix]) { $1 },
                             directory: Repository.root, deadlineSeconds: 60)
    }

    func down() { _ = try? tool(["down"]) }

    /// `command` run in the lab's namespace `name` (p1, p2, rdv, r1, r2) to its end.
    func run(in name: String, _ command: [String], deadlineSeconds: Double = 120) throws -> ChildProcess.Result {
        try ChildProcess.run("/usr/sbin/ip", ["netns", "exec", "\(prefix)-\(name)"] + command,
                             environment: ProcessInfo.processInfo.environment, directory: Repository.root, deadlineSeconds: deadlineSeconds)
    }

    /// A running `server/run-rendezvous` in the rendezvous's namespace, once it says it is ready.
    struct Rendezvous {
        let process: LineReader
        /// The certificate made for the run (players trust it with --rendezvous-ca) and coturn's
        /// configuration of the run (its shared secret, for the attacker's expired credential).
        let certificate: String
        let turnConfiguration: String

        func stop() { process.stop() }
    }

    func startRendezvous() throws -> Rendezvous {
        let process = try LineReader.start("/usr/sbin/ip", ["netns", "exec", "\(prefix)-rdv", Repository.path("server/run-rendezvous"), Self.rendezvousAddress],
                                           environment: ProcessInfo.processInfo.environment)
        let said = "a self-signed certificate for this run: "
        guard let line = process.line(containing: said, seconds: 20),
              let path = line.components(separatedBy: said).last?.split(separator: " ").first.map(String.init),
              process.line(containing: "run-rendezvous: ready", seconds: 30) != nil else {
            process.stop()
            XCTFail("the rendezvous did not start: \(process.lastLines)")
            throw LabFailure.noRendezvous
        }
        let folder = (path as NSString).deletingLastPathComponent
        return Rendezvous(process: process, certificate: path, turnConfiguration: folder + "/coturn/turnserver.conf")
    }
}

/// The rendezvous's promises (docs/RENDEZVOUS.md) kept against a stranger behind a home router:
/// `tools/rendezvous-attack` speaks XMPP and TURN itself, nothing of koalio's.
final class RendezvousTests: XCTestCase {
    func testTheRendezvousKeepsItsPromisesToAStranger() throws {
        let lab = try InternetLab.up("home", "home")
        defer { lab.down() }
        let rendezvous = try lab.startRendezvous()
        defer { rendezvous.stop() }
        let attack = try lab.run(in: "p1", ["/usr/bin/python3", Repository.path("tools/rendezvous-attack"), InternetLab.rendezvousAddress,
                                            rendezvous.certificate, "--turn-conf", rendezvous.turnConfiguration])
        let lines = attack.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(attack.status, 0, attack.stdout + attack.stderr)
        XCTAssertEqual(lines.filter { $0.hasPrefix("FAIL") }, [], attack.stdout)
        let summary = try XCTUnwrap(lines.last, attack.stderr)
        let passed = Int(summary.split(separator: " ").first ?? "") ?? 0
        XCTAssertTrue(summary.hasSuffix(" passed, 0 failed") && passed >= 27, "every promise tried: \(summary)")
        for promise in ["a code no room has is refused", "the rooms cannot be listed", "wrong codes take", "an expired credential",
                        "a relay toward 10.1.0.2 is refused", "a relay toward ::ffff:10.1.0.2 is refused", "a relay toward 203.0.113.22 is allowed",
                        "of 30 connections opened at once"] {
            XCTAssertTrue(lines.contains { $0.hasPrefix("ok: ") && $0.contains(promise) }, "\(promise): \(attack.stdout)")
        }
    }
}

/// Two machines meet by a room code (`koalio-online-probe`: the game's meeting, ICE and sealing
/// without the game): hiding one's address relays and lets the other learn only the relay's;
/// a code no room has is one line.
final class InternetPathTests: XCTestCase {
    struct Pairing {
        var host: String
        var joiner: String
        var relayOnly = false
        var path: String
    }

    struct Probe {
        var host: [String]
        var joiner: [String]
        /// Each side's "connected in N ms, path P" line's milliseconds and path.
        func connected(_ lines: [String]) -> (milliseconds: Int, path: String)? {
            guard let line = lines.first(where: { $0.hasPrefix("connected in ") }) else { return nil }
            let words = line.split(separator: " ")
            guard words.count >= 6, let milliseconds = Int(words[2]) else { return nil }
            return (milliseconds, String(words[5]))
        }
    }

    static var probeBinary: String { (Koalio.binary as NSString).deletingLastPathComponent + "/koalio-online-probe" }

    func play(_ pairing: Pairing) throws -> Probe {
        let lab = try InternetLab.up(pairing.host, pairing.joiner)
        defer { lab.down() }
        let rendezvous = try lab.startRendezvous()
        defer { rendezvous.stop() }
        let common = ["--rendezvous", InternetLab.rendezvousAddress, "--ca", rendezvous.certificate, "--pings", "50"] + (pairing.relayOnly ? ["--relay-only"] : [])
        let host = try LineReader.start("/usr/sbin/ip", ["netns", "exec", "\(lab.prefix)-p1", Self.probeBinary, "host", "K7M-3QX"] + common,
                                        environment: ProcessInfo.processInfo.environment, readingStdout: true)
        defer { host.stop() }
        XCTAssertNotNil(host.line(containing: "room K7M-3QX", seconds: 15), "the host's room is made: \(host.lastLines)")
        let joiner = try lab.run(in: "p2", [Self.probeBinary, "join", "k7m-3qx"] + common, deadlineSeconds: 60)
        XCTAssertEqual(joiner.status, 0, joiner.stdout + joiner.stderr)
        var hostLines: [String] = []
        while let line = host.nextLine(seconds: 30) { hostLines.append(line) }
        XCTAssertEqual(host.waitForExit(), 0, hostLines.joined(separator: "\n"))
        return Probe(host: hostLines, joiner: joiner.stdout.split(separator: "\n").map(String.init))
    }

    func check(_ pairing: Pairing) throws {
        let probe = try play(pairing)
        let name = "\(pairing.host)-\(pairing.joiner)\(pairing.relayOnly ? " relay-only" : "")"
        for (side, lines) in [("host", probe.host), ("joiner", probe.joiner)] {
            let connected = try XCTUnwrap(probe.connected(lines), "\(name): the \(side) connected: \(lines)")
            XCTAssertEqual(connected.path, pairing.path, "\(name): the \(side)'s path")
            XCTAssertLessThanOrEqual(connected.milliseconds, 10_000, "\(name): the \(side) connected within 10 s")
        }
        XCTAssertTrue(probe.host.contains { $0.hasSuffix("50/50 pings") }, "\(name): every sealed ping answered: \(probe.host)")
        XCTAssertTrue(probe.joiner.contains("echoed 50 pings"), "\(name): \(probe.joiner)")
        if pairing.relayOnly {
            for (side, lines) in [("host", probe.host), ("joiner", probe.joiner)] {
                let offered = try XCTUnwrap(lines.first { $0.hasPrefix("peer candidates: ") }, "\(name): \(lines)")
                let addresses = offered.dropFirst("peer candidates: ".count).split(separator: " ")
                XCTAssertFalse(addresses.isEmpty)
                XCTAssertTrue(addresses.allSatisfy { $0.hasPrefix(InternetLab.rendezvousAddress + ":") && $0.hasSuffix("/relay") },
                              "\(name): the \(side) learns no address but the relay's: \(offered)")
                XCTAssertFalse(lines.joined().contains("203.0.113.2") || lines.joined().contains("10.1.0.") || lines.joined().contains("192.168.2."),
                               "\(name): no player's address in the \(side)'s output")
            }
        }
    }

    // Every pairing's path is the game's to show (InternetGameTests); here, what a hidden
    // address lets the other machine learn, which only the meeting knows.
    func testHidingMyAddressAlwaysRelaysAndShowsNoAddress() throws {
        try check(Pairing(host: "home", joiner: "home", relayOnly: true, path: "relayed"))
    }

    /// A code no room has: one clear line and a non-zero exit within seconds.
    func testACodeNoRoomHasIsOneLineAndAFailure() throws {
        let lab = try InternetLab.up("home", "home")
        defer { lab.down() }
        let rendezvous = try lab.startRendezvous()
        defer { rendezvous.stop() }
        let started = Date()
        let joiner = try lab.run(in: "p2", [Self.probeBinary, "join", "ZZZ-ZZZ", "--rendezvous", InternetLab.rendezvousAddress, "--ca", rendezvous.certificate],
                                 deadlineSeconds: 30)
        XCTAssertEqual(joiner.status, 1)
        XCTAssertEqual(joiner.stderr, "koalio-online-probe: no game has the room code ZZZ-ZZZ\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "within seconds")
    }
}

/// The game itself across the lab's internet: `koalio --host-room` and `koalio --join-room CODE`
/// behind every pairing of routers connect, play level 1 from scripts to its end, exit 0 and
/// record the same run, which verifies; the path each says (`--verbose`) is the one the NATs
/// allow, and a hidden address always relays.
final class InternetGameTests: XCTestCase {
    func play(host nat1: String, joiner nat2: String, relayOnly: Bool = false, path: String) throws {
        let lab = try InternetLab.up(nat1, nat2)
        defer { lab.down() }
        let rendezvous = try lab.startRendezvous()
        defer { rendezvous.stop() }
        let scratch = try Koalio.scratch().path
        let common = ["--data-dir", Koalio.repository, "--headless", "--verbose", "--rendezvous", InternetLab.rendezvousAddress,
                      "--rendezvous-ca", rendezvous.certificate] + (relayOnly ? ["--relay-only"] : [])
        var environment = try TestEnvironment.forChild(dataHome: scratch + "/host")
        let host = try LineReader.start("/usr/sbin/ip", ["netns", "exec", "\(lab.prefix)-p1", Koalio.binary, "--host-room", "--level", "level1", "--ticks", "700",
                                                         "--input-script", Repository.path("Tests/Fixtures/level1-win.keys"), "--record", scratch + "/host.koalioreplay"]
                                        + common, environment: environment)
        defer { host.stop() }
        let roomLine = try XCTUnwrap(host.line(containing: "koalio: room ", seconds: 20), "the host's room: \(host.lastLines)")
        let code = try XCTUnwrap(roomLine.split(separator: " ").last.map(String.init))
        XCTAssertTrue(code.count == 7 && code.dropFirst(3).hasPrefix("-"), "a code shown as K7M-3QX: \(roomLine)")
        environment = try TestEnvironment.forChild(dataHome: scratch + "/joiner")
        let started = Date()
        let joiner = try ChildProcess.run("/usr/sbin/ip", ["netns", "exec", "\(lab.prefix)-p2", Koalio.binary, "--join-room", code.lowercased(),
                                                           "--input-script", Repository.path("Tests/Fixtures/level1-coop.keys"),
                                                           "--record", scratch + "/joiner.koalioreplay"] + common,
                                          environment: environment, directory: Koalio.repository, deadlineSeconds: 90)
        let name = "\(nat1)-\(nat2)\(relayOnly ? " relay-only" : "")"
        XCTAssertEqual(joiner.status, 0, "\(name): \(joiner.stderr)")
        XCTAssertTrue(joiner.stderr.contains("koalio: online path: \(path)\n"), "\(name): the joiner's path: \(joiner.stderr)")
        XCTAssertTrue(joiner.stderr.contains("koalio: joined room \(code) as player 2, on level1"), joiner.stderr)
        XCTAssertNotNil(host.line(containing: "koalio: online path: \(path)", seconds: 5) ?? host.lastLines.first { $0.contains("online path: \(path)") },
                        "\(name): the host's path: \(host.lastLines)")
        XCTAssertEqual(host.waitForExit(seconds: 60), 0, "\(name): the host: \(host.lastLines)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        let hostRun = try Data(contentsOf: URL(fileURLWithPath: scratch + "/host.koalioreplay"))
        XCTAssertEqual(hostRun, try Data(contentsOf: URL(fileURLWithPath: scratch + "/joiner.koalioreplay")), "\(name): the same run recorded")
        let verified = try Koalio.run(["--data-dir", Koalio.repository, "--replay", scratch + "/joiner.koalioreplay", "--headless", "--verify"])
        XCTAssertEqual(verified.status, 0, verified.stdout + verified.stderr)
        XCTAssertTrue(verified.stdout.hasPrefix("ok "), verified.stdout)
        if relayOnly {
            for output in [joiner.stderr, host.lastLines.joined(separator: "\n")] {
                for address in ["203.0.113.21", "203.0.113.22", "10.1.0.2", "192.168.2.2"] {
                    XCTAssertFalse(output.contains(address), "\(name): no player's address in the output: \(output)")
                }
            }
        }
    }

    func testHomeToHome() throws { try play(host: "home", joiner: "home", path: "direct") }
    func testFullConeToSymmetric() throws { try play(host: "fullcone", joiner: "symmetric", path: "direct") }
    func testHomeToSymmetric() throws { try play(host: "home", joiner: "symmetric", path: "relayed") }
    func testSymmetricToSymmetric() throws { try play(host: "symmetric", joiner: "symmetric", path: "relayed") }
    func testHiddenAddresses() throws { try play(host: "home", joiner: "home", relayOnly: true, path: "relayed") }
}
