import Foundation
import KoalioTestSupport
import XCTest

/// Play online anywhere from the title, as two players do it, across the lab's internet (two
/// home routers): the host's menus host level 1 in a room (Host a game → Anywhere), the joiner
/// types the room code the host's machine said into Join a game's Room code row (keys, as a
/// script presses them, letters among them); both say the path, the host's game starts with the
/// joiner in, and when the host's run ends the joiner is told and ends too.
final class InternetMenuTests: XCTestCase {
    func testHostingAndJoiningARoomFromTheTitle() throws {
        let lab = try InternetLab.up("home", "home")
        defer { lab.down() }
        let rendezvous = try lab.startRendezvous()
        defer { rendezvous.stop() }
        let scratch = try Koalio.scratch()
        func keys(_ names: [String], from start: Int) -> String {
            names.enumerated().map { index, name in "\(start + 4 * index) \(name) down\n\(start + 4 * index + 1) \(name) up\n" }.joined()
        }
        let common = ["--data-dir", Koalio.repository, "--headless", "--verbose", "--rendezvous", InternetLab.rendezvousAddress,
                      "--rendezvous-ca", rendezvous.certificate]
        // Title → Play online (the fifth entry) → Host a game → Anywhere (room code) → level 1.
        let hostScript = scratch.appendingPathComponent("host.keys")
        try keys(["down", "down", "down", "down", "enter", "enter", "down", "enter", "enter"], from: 2)
            .write(to: hostScript, atomically: true, encoding: .utf8)
        let host = try LineReader.start("/usr/sbin/ip", ["netns", "exec", "\(lab.prefix)-p1", Koalio.binary, "--ticks", "1200",
                                                         "--input-script", hostScript.path] + common,
                                        environment: try TestEnvironment.forChild(dataHome: scratch.path + "/host"))
        defer { host.stop() }
        let roomLine = try XCTUnwrap(host.line(containing: "koalio: room ", seconds: 30), "the menus' room: \(host.lastLines)")
        let code = try XCTUnwrap(roomLine.split(separator: " ").last.map(String.init))
        XCTAssertEqual(code.count, 7, roomLine)
        // Title → Play online → Join a game → three rows down to Room code; the code typed (its
        // letters in lower case, no hyphen), Enter joins.
        let typed = code.filter { $0 != "-" }.lowercased().map(String.init)
        let joinerScript = scratch.appendingPathComponent("joiner.keys")
        try keys(["down", "down", "down", "down", "enter", "down", "enter", "down", "down", "down"] + typed + ["enter"], from: 2)
            .write(to: joinerScript, atomically: true, encoding: .utf8)
        let joiner = try LineReader.start("/usr/sbin/ip", ["netns", "exec", "\(lab.prefix)-p2", Koalio.binary, "--ticks", "100000",
                                                           "--input-script", joinerScript.path] + common,
                                          environment: try TestEnvironment.forChild(dataHome: scratch.path + "/joiner"))
        defer { joiner.stop() }
        XCTAssertNotNil(joiner.line(containing: "koalio: joined room \(code) as player 2, on level1", seconds: 30),
                        "the room code typed let in: \(joiner.lastLines)")
        XCTAssertTrue(joiner.lastLines.contains("koalio: online path: direct"), "the joiner's path: \(joiner.lastLines)")
        XCTAssertNotNil(host.line(containing: "koalio: online path: direct", seconds: 10) ?? host.lastLines.first { $0.contains("online path: direct") },
                        "the host's path: \(host.lastLines)")
        XCTAssertEqual(host.waitForExit(seconds: 60), 0, "the host: \(host.lastLines)")
        XCTAssertEqual(joiner.waitForExit(seconds: 30), 0, "the host gone, a headless joiner ends: \(joiner.lastLines)")
    }

    /// The rendezvous named in the settings file (`[online] rendezvous`, `rendezvous_ca`) serves
    /// `--join-room` without `--rendezvous`; a code no room has is one line naming the option and
    /// the code, and exit 1, within seconds.
    func testTheSettingsNameTheRendezvousAndAWrongCodeIsOneLine() throws {
        let lab = try InternetLab.up("home", "home")
        defer { lab.down() }
        let rendezvous = try lab.startRendezvous()
        defer { rendezvous.stop() }
        let scratch = try Koalio.scratch()
        let config = scratch.appendingPathComponent("config/koalio")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[online]\nrendezvous = \"\(InternetLab.rendezvousAddress)\"\nrendezvous_ca = \"\(rendezvous.certificate)\"\n"
            .write(to: config.appendingPathComponent("settings.toml"), atomically: true, encoding: .utf8)
        var environment = try TestEnvironment.forChild(dataHome: scratch.path + "/data")
        environment["XDG_CONFIG_HOME"] = scratch.path + "/config"
        let started = Date()
        let joiner = try ChildProcess.run("/usr/sbin/ip", ["netns", "exec", "\(lab.prefix)-p2", Koalio.binary, "--data-dir", Koalio.repository, "--headless",
                                                           "--join-room", "zzz zzz"],
                                          environment: environment, directory: Koalio.repository, deadlineSeconds: 60)
        XCTAssertEqual(joiner.status, 1)
        XCTAssertEqual(joiner.stderr, "koalio: --join-room ZZZ-ZZZ: no game has the room code ZZZ-ZZZ\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "within seconds")
    }

    /// `--host-room`'s rendezvous goes away while it waits for a player: nobody can join any
    /// more, so the host says so and exits 1 instead of waiting for ever.
    func testAHostWhoseRendezvousGoesAwayEndsSayingSo() throws {
        let lab = try InternetLab.up("home", "home")
        defer { lab.down() }
        let rendezvous = try lab.startRendezvous()
        defer { rendezvous.stop() }
        let scratch = try Koalio.scratch()
        let host = try LineReader.start("/usr/sbin/ip", ["netns", "exec", "\(lab.prefix)-p1", Koalio.binary, "--host-room", "--level", "level1",
                                                         "--ticks", "100000", "--data-dir", Koalio.repository, "--headless",
                                                         "--rendezvous", InternetLab.rendezvousAddress, "--rendezvous-ca", rendezvous.certificate],
                                        environment: try TestEnvironment.forChild(dataHome: scratch.path))
        defer { host.stop() }
        let roomLine = try XCTUnwrap(host.line(containing: "koalio: room ", seconds: 30), "the room: \(host.lastLines)")
        rendezvous.stop()
        XCTAssertEqual(host.waitForExit(seconds: 30), 1, "the host: \(host.lastLines)")
        XCTAssertTrue(host.lastLines.contains { $0.hasPrefix(roomLine + ": the rendezvous") }, "said why: \(host.lastLines)")
    }
}
