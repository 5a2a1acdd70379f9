import Foundation
import KoalioHarness
import KoalioTestSupport
import XCTest

/// Phones as pads, end to end: the real binary in a window listening on 127.0.0.1, and a phone
/// that speaks the page's protocol (`tools/phone-client`, Python's standard library alone).
final class PhoneTests: XCTestCase {
    typealias Game = PhoneGame

    /// - Parameters:
    ///   - level: nil: at the title.
    ///   - addPhone: Add a phone chosen there (where the pairing card shows, and a typed code is valid).
    func start(ticks: Int, _ xvfb: Xvfb, level: String? = "level1", addPhone: Bool = false, _ extra: [String] = []) throws -> Game {
        try PhoneGame.start(ticks: ticks, xvfb, level: level, addPhone: addPhone, extra)
    }

    /// Runs the phone with `script` (tools/phone-client's lines); its output lines.
    func phone(_ game: Game, _ query: String, _ script: String, options: [String] = []) throws -> [String] {
        try game.phone(query, script, options: options)
    }

    /// A phone running beside the test (``phone(_:_:_:options:)`` waits for its end instead).
    final class Running {
        let process = Process()
        let out = Pipe()

        init(_ game: Game, _ query: String, _ script: String, options: [String] = []) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [Repository.path("tools/phone-client"), game.address, query] + options
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = out
            try process.run()
            try input.fileHandleForWriting.write(contentsOf: Data(script.utf8))
            try input.fileHandleForWriting.close()
        }

        /// Its next line of output (read as it comes), or nil at its end.
        func nextLine() -> String? {
            var line: [UInt8] = []
            while true {
                let byte = (try? out.fileHandleForReading.read(upToCount: 1)) ?? nil
                guard let byte, let first = byte.first else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
                if first == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
                line.append(first)
            }
        }

        /// Its output lines (those not read yet) once it ended.
        func lines() -> [String] {
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    func testAPhoneIsAPadThatWalksAndJumpsAndClosingUnplugsIt() throws {
        let xvfb = try Xvfb()
        let game = try start(ticks: 360, xvfb)
        defer { game.child.stop() }
        XCTAssertEqual(game.token.count, 32, "128 bits in hex")
        XCTAssertEqual(game.code.count, 6)
        // Right for a second, let go, a jump tapped (pressed and let go between two frames), then closed.
        let output = try phone(game, "token=\(game.token)", """
            0.0 1 0 - 0 0 0
            1.0 0 0 - 0 0 0
            1.3 0 0 - 1 0 0
            1.6 0 0 - 1 0 0
            """)
        XCTAssertEqual(output.first, "status 101", output.joined(separator: "\n"))
        let seat = try XCTUnwrap(output.first { $0.hasPrefix("message 01") }, "the game said which seat: \(output)")
        XCTAssertTrue(seat.hasPrefix("message 0101"), "seat 1: \(seat)")
        XCTAssertEqual(output.last, "done")
        XCTAssertEqual(game.child.waitForExit(), 0)
        let lines = try Koalio.traceLines(game.trace)
        let phoneTicks = lines.filter { $0["activeController"] as? String == "Phone 1" }
        XCTAssertFalse(phoneTicks.isEmpty, "the phone steered, as the pad 'Phone 1'")
        let xs = phoneTicks.compactMap { $0["x"] as? Double }
        XCTAssertGreaterThan((xs.max() ?? 0) - (xs.min() ?? 0), 60, "and walked right")
        XCTAssertTrue(phoneTicks.contains { ($0["vy"] as? Double ?? 0) < 0 }, "a tap shorter than a frame jumped")
        XCTAssertTrue(lines.contains { $0["controllers"] as? Int == 1 && $0["hudVisible"] as? Bool == false }, "plugged in: the HUD hides")
        XCTAssertEqual(lines.last?["controllers"] as? Int, 0, "closing the page unplugged it")
    }

    func testNobodyGetsInWithoutTheSecretFromOurOriginToOurHost() throws {
        let xvfb = try Xvfb()
        let game = try start(ticks: 900, xvfb, level: nil, addPhone: true)  // Add a phone: its card shows, a typed code is taken
        defer { game.child.stop() }
        let wrong = game.code == "000000" ? "000001" : "000000"
        XCTAssertEqual(try phone(game, "token=00000000000000000000000000000000", "").first, "status 403", "a wrong token")
        XCTAssertEqual(try phone(game, "token=\(game.token)", "", options: ["--origin", "http://evil.example"]).first, "status 403", "a foreign Origin")
        XCTAssertEqual(try phone(game, "token=\(game.token)", "", options: ["--host", "evil.example:80"]).first, "status 403", "another Host (DNS rebinding)")
        let other = "localhost:" + (game.address.split(separator: ":").last ?? "")
        XCTAssertEqual(try phone(game, "token=\(game.token)", "", options: ["--host", other]).first, "status 403", "a name for our address is not the address it came to")
        // Five wrong codes from this address: locked out of codes, never out of the token.
        for _ in 0..<5 { XCTAssertEqual(try phone(game, "code=\(wrong)", "").first, "status 403", "a wrong code") }
        XCTAssertEqual(try phone(game, "code=\(game.code)", "").first, "status 429", "locked out of codes for a minute")
        let why = try ChildProcess.run("/usr/bin/python3", ["-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                            "http://\(game.address)/pad/why"],
                                       environment: ProcessInfo.processInfo.environment, directory: Repository.root, deadlineSeconds: 10)
        XCTAssertTrue(why.stdout.hasPrefix("locked "), "the page can ask why: \(why.stdout)")
        XCTAssertEqual(try phone(game, "token=\(game.token)", "0.0 0 0 - 0 0 0\n").first, "status 101", "the QR code lets it in at once")
    }

    func testMalformedAndOversizedFramesCloseOnlyThatPhone() throws {
        let xvfb = try Xvfb()
        let game = try start(ticks: 600, xvfb)
        defer { game.child.stop() }
        // (A phone that leaves unplugs the pad in use, which pauses the game and shows the card: first, then.)
        XCTAssertEqual(try phone(game, "code=\(game.code)", "").first, "status 403", "no card while playing: the code is not valid")
        let tooBig = try phone(game, "token=\(game.token)", "", options: ["--big-frame", "\(1 << 20)"])
        XCTAssertEqual(tooBig.last, "closed 1009", "a 1 MiB frame: \(tooBig)")
        let malformed = try phone(game, "token=\(game.token)", "", options: ["--raw-frame", "0201"])
        XCTAssertEqual(malformed.last, "closed 1003", "not a frame: \(malformed)")
    }

    func testAddAPhonesCardIsAQRCodeOfThePageAndItsCodeLetsAPhoneIn() throws {
        let framebuffer = try Koalio.scratch().appendingPathComponent("fb").path
        try FileManager.default.createDirectory(atPath: framebuffer, withIntermediateDirectories: true)
        let xvfb = try Xvfb(framebufferDirectory: framebuffer)
        let title = try start(ticks: 900, xvfb, level: nil)
        XCTAssertEqual(try title.phone("code=\(title.code)", "").first, "status 403", "no card on the title: the code lets no phone in")
        title.child.stop()
        let game = try start(ticks: 900, xvfb, level: nil, addPhone: true)
        defer { game.child.stop() }
        let good = try phone(game, "code=\(game.code)", "0.0 0 0 - 0 0 0\n")
        XCTAssertEqual(good.first, "status 101", "the typed code lets a phone in while the card shows")
        // What a phone's camera sees: the screen, read by zbarimg.
        let screen = framebuffer + "/screen.xwd"
        try FileManager.default.copyItem(atPath: framebuffer + "/Xvfb_screen0", toPath: screen)
        let scan = try ChildProcess.run("/usr/bin/zbarimg", ["-q", "--raw", screen], environment: ProcessInfo.processInfo.environment,
                                        directory: Repository.root, deadlineSeconds: 30)
        let url = scan.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(url, "http://\(game.address)/#\(game.token)", "the QR code is the page's address with its token")
        let token = String(url.split(separator: "#").last ?? "")
        XCTAssertEqual(try phone(game, "token=\(token)", "0.0 0 0 - 0 0 0\n").first, "status 101", "and opening it lets the phone in")
    }

    func testAFlooderIsClosedWhileAPlayingPhoneWalksOn() throws {
        let xvfb = try Xvfb()
        let game = try start(ticks: 300, xvfb)
        defer { game.child.stop() }
        let walker = try Running(game, "token=\(game.token)", "0.0 1 0 - 0 0 0\n2.5 1 0 - 0 0 0\n")
        XCTAssertEqual(walker.nextLine(), "status 101", "the walker is in (and steers) before the flood comes")
        let flood = try phone(game, "token=\(game.token)", "", options: ["--flood", "10000"])
        XCTAssertEqual(flood.last, "closed 1008", "10 000 frames at once: closed, policy: \(flood.suffix(2))")
        XCTAssertEqual(walker.lines().last, "done", "the playing phone was not closed")
        XCTAssertEqual(game.child.waitForExit(), 0)
        let lines = try Koalio.traceLines(game.trace)
        XCTAssertEqual(lines.count, 300, "the game stepped every tick")
        let xs = lines.filter { $0["activeController"] as? String == "Phone 1" }.compactMap { $0["x"] as? Double }
        XCTAssertGreaterThan((xs.max() ?? 0) - (xs.min() ?? 0), 100, "and the phone walked on")
    }

    func testAFifthPhoneIsTurnedAwayAndAStalledHandshakeIsClosed() throws {
        let xvfb = try Xvfb()
        let game = try start(ticks: 900, xvfb)
        defer { game.child.stop() }
        let five = try phone(game, "token=\(game.token)", "", options: ["--extra", "4"])
        XCTAssertEqual(five, ["extra 101", "extra 101", "extra 101", "extra 101", "status 503"], "four players at most")
        // A client that connects and says nothing is closed when the handshake's time is up: the
        // deadline's exact second is PhoneDoorTests' (a fake clock); here, that the server keeps it.
        let stalled = try ChildProcess.run("/usr/bin/python3", ["-c", """
            import socket, sys, time
            s = socket.create_connection(sys.argv[1].rsplit(":", 1), timeout=30); t = time.monotonic()
            print(s.recv(1) == b"", time.monotonic() - t)
            """, game.address], environment: ProcessInfo.processInfo.environment, directory: Repository.root, deadlineSeconds: 40)
        let answer = stalled.stdout.split(separator: " ")
        XCTAssertEqual(answer.first, "True", "closed by the server: \(stalled.stdout)")
        let seconds = try XCTUnwrap(answer.last.flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        XCTAssertGreaterThanOrEqual(seconds, 2.9, "not before the 3 s a socket has to show a secret (PhoneDoor.gateSeconds)")
        XCTAssertLessThan(seconds, 8, "and soon after it")
    }

    func testAReloadTakesItsSeatBack() throws {
        let xvfb = try Xvfb()
        let game = try start(ticks: 600, xvfb)
        defer { game.child.stop() }
        let first = try phone(game, "token=\(game.token)", "0.0 0 0 - 0 0 0\n")
        let seat = try XCTUnwrap(first.first { $0.hasPrefix("message 01") }, "\(first)")
        let resume = String(seat.dropFirst("message ".count).dropFirst(12))  // after kind, seat, player, colour
        XCTAssertEqual(resume.count, 32, "a 128-bit resume token: \(seat)")
        let second = try phone(game, "resume=\(resume)", "0.0 0 0 - 0 0 0\n")
        XCTAssertEqual(second.first, "status 101", "the resume token alone lets the page back in")
        XCTAssertTrue(second.contains { $0.hasPrefix("message 0101") }, "in seat 1 again: \(second)")
        XCTAssertEqual(try phone(game, "resume=\(String(resume.reversed()))", "").first, "status 403", "not another token")
    }

    func testTwoPhonesPlayTogetherAndTheirRunReplays() throws {
        let xvfb = try Xvfb()
        let record = try Koalio.scratch().appendingPathComponent("two.koalioreplay").path
        let game = try start(ticks: 300, xvfb, ["--record", record])
        defer { game.child.stop() }
        let one = try Running(game, "token=\(game.token)", "0.0 1 0 - 0 0 0\n3.0 1 0 - 0 0 0\n")
        XCTAssertEqual(one.nextLine(), "status 101", "the first phone is in (and takes player 1's koala) before the second comes")
        // The second presses A to join, then walks and jumps.
        let two = try Running(game, "token=\(game.token)", "0.5 0 0 a 1 0 0\n0.7 0 0 - 1 0 0\n1.0 1 0 - 1 0 0\n2.0 1 0 a 2 0 0\n3.0 1 0 - 2 0 0\n")
        XCTAssertEqual(one.lines().last, "done")
        XCTAssertEqual(two.lines().first, "status 101")
        XCTAssertEqual(game.child.waitForExit(), 0)
        let last = try XCTUnwrap(try Koalio.traceLines(game.trace).last)
        let koalas = try XCTUnwrap(last["koalas"] as? [[String: Any]])
        XCTAssertEqual(koalas.count, 2, "the second phone joined as player 2")
        let verify = try Koalio.run(["--replay", record, "--headless", "--verify"])
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertTrue(verify.stdout.hasPrefix("ok "), verify.stdout)
    }
}
