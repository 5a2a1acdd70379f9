import Foundation
import KoalioTestSupport
import XCTest

/// The internet on one machine (`tools/internet-lab`: namespaces, NAT routers, no link to the
/// machine's own network), for as long as a test needs it; each lab's namespaces are its own.
final class InternetLab {
    let prefix: String
    /// The rendezvous's public address in every lab.
    static let rendezvousAddress = "203.0.113.10"

    private init(prefix: String) { self.prefix = prefix }

    /// A lab with these two routers (home, fullcone, symmetric); skipped without root.
    static func up(_ nat1: String, _ nat2: String) throws -> InternetLab {
        guard getuid() == 0 else { throw XCTSkip("the internet lab makes network namespaces: it needs root (CI runs as root)") }
        let lab = InternetLab(prefix: "kt\(getpid() % 1000)")
        let run = try lab.tool(["up", nat1, nat2])
        guard run.status == 0 else { throw XCTSkip("no internet lab here: \(run.stderr)") }
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
              let path = line.components(separatedBy: said).last?.split(separator: " ").first.map(String.init) else {
            process.stop()
            throw XCTSkip("run-rendezvous made no certificate: \(process.lastLines)")
        }
        guard process.line(containing: "run-rendezvous: ready", seconds: 30) != nil else {
            process.stop()
            XCTFail("the rendezvous did not start: \(process.lastLines)")
            throw XCTSkip("no rendezvous")
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
