import Foundation
import KoalioTestSupport
import XCTest

/// A stranger on the internet's side of a room's game (`tools/ice-attack`, from the lab's
/// public side): while home-home play goes over its direct path, it learns the host's mapped
/// address and port and one genuine sealed datagram the way an eavesdropper on the host's line
/// would (in the host's router's namespace, on its WAN), then sends the host's ICE port forged
/// datagrams and that datagram again, with the peer's address as their source (what the host's
/// router lets in), and forged ones from its own address (which the home router's filter stops
/// before the game: they only show that nothing answers a stranger). The seal turns every one
/// sent as the peer away and the game plays on.
final class InternetAttackTests: XCTestCase {
    /// Forged datagrams and replays sent as the peer, and forged ones from the stranger's own socket.
    static let forged = 100, replays = 20, stranger = 50

    func testForgedDatagramsGetNothing() throws {
        let lab = try InternetLab.up("home", "home")
        defer { lab.down() }
        let rendezvous = try lab.startRendezvous()
        defer { rendezvous.stop() }
        let scratch = try Koalio.scratch().path
        let common = ["--data-dir", Koalio.repository, "--headless", "--verbose", "--rendezvous", InternetLab.rendezvousAddress,
                      "--rendezvous-ca", rendezvous.certificate]
        let host = try LineReader.start("/usr/sbin/ip", ["netns", "exec", "\(lab.prefix)-p1", Koalio.binary, "--host-room", "--level", "level1", "--ticks", "700",
                                                         "--input-script", Repository.path("Tests/Fixtures/level1-win.keys"), "--record", scratch + "/host.koalioreplay"]
                                        + common, environment: try TestEnvironment.forChild(dataHome: scratch + "/host"))
        defer { host.stop() }
        let roomLine = try XCTUnwrap(host.line(containing: "koalio: room ", seconds: 20), "the host's room: \(host.lastLines)")
        let code = try XCTUnwrap(roomLine.split(separator: " ").last.map(String.init))
        let joiner = try LineReader.start("/usr/sbin/ip", ["netns", "exec", "\(lab.prefix)-p2", Koalio.binary, "--join-room", code,
                                                           "--input-script", Repository.path("Tests/Fixtures/level1-coop.keys"),
                                                           "--record", scratch + "/joiner.koalioreplay"] + common,
                                          environment: try TestEnvironment.forChild(dataHome: scratch + "/joiner"))
        defer { joiner.stop() }
        XCTAssertNotNil(joiner.line(containing: "koalio: online path: direct", seconds: 20), "a direct path: \(joiner.lastLines)")

        let attacker = ["/usr/bin/python3", Repository.path("tools/ice-attack")]
        let capture = try lab.run(in: "r1", attacker + ["capture", "203.0.113.22", "203.0.113.21", "--seconds", "10"], deadlineSeconds: 20)
        XCTAssertEqual(capture.status, 0, capture.stderr)
        let captured = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(capture.stdout.utf8)) as? [String: String], capture.stdout)
        let mapped = try XCTUnwrap(captured["mapped"]), peer = try XCTUnwrap(captured["peer"]), genuine = try XCTUnwrap(captured["datagram"])
        let attack = try lab.run(in: "rdv", attacker + ["send", mapped, "--as", peer, "--replay", genuine, "--forged", "\(Self.forged)",
                                                        "--replays", "\(Self.replays)", "--stranger", "\(Self.stranger)", "--listen-seconds", "2"],
                                 deadlineSeconds: 20)
        XCTAssertEqual(attack.status, 0, attack.stderr)
        let sent = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(attack.stdout.utf8)) as? [String: Int], attack.stdout)
        XCTAssertEqual(sent["forged"], Self.forged)
        XCTAssertEqual(sent["replayed"], Self.replays)
        XCTAssertEqual(sent["answers"], 0, "nothing answered the stranger: \(attack.stdout)")

        XCTAssertEqual(joiner.waitForExit(seconds: 60), 0, "the joiner: \(joiner.lastLines)")
        XCTAssertEqual(host.waitForExit(seconds: 60), 0, "the host: \(host.lastLines)")
        // Every datagram sent as the peer reached the game (the host's router let it in) and was
        // turned away, the replays too: had one been taken, fewer would be counted.
        let figures = try XCTUnwrap(host.lastLines.last { $0.contains("koalio: online: ") }, "the host's figures: \(host.lastLines)")
        let turnedAway = try XCTUnwrap(figures.components(separatedBy: "datagrams turned away ").last.flatMap { Int($0.prefix { $0.isNumber }) }, figures)
        XCTAssertGreaterThanOrEqual(turnedAway, Self.forged + Self.replays, "each forged and replayed datagram turned away: \(figures)")
        let hostRun = try Data(contentsOf: URL(fileURLWithPath: scratch + "/host.koalioreplay"))
        XCTAssertEqual(hostRun, try Data(contentsOf: URL(fileURLWithPath: scratch + "/joiner.koalioreplay")), "the same run recorded")
        let verified = try Koalio.run(["--data-dir", Koalio.repository, "--replay", scratch + "/joiner.koalioreplay", "--headless", "--verify"])
        XCTAssertEqual(verified.status, 0, verified.stdout + verified.stderr)
        XCTAssertTrue(verified.stdout.hasPrefix("ok "), verified.stdout)
    }
}
