import Foundation
import KoalioHarness
import KoalioTestSupport
import XCTest

/// Online co-op with the real binary: a host and joiners, headless, on loopback, through
/// `tools/net-relay` (seeded delay, jitter, loss, duplication, reordering: this kernel has no
/// netem), and `tools/net-attack` as a stranger on the network.
final class NetworkTests: XCTestCase {
    /// Long enough for 16 exchanged checksums; 8 s of real time a run.
    static let ticks = 480
    static let code = "246810"

    struct Condition: CustomStringConvertible {
        var roundTripMilliseconds: Double
        var lossPercent: Double
        var description: String { "\(Int(roundTripMilliseconds)) ms/\(Int(lossPercent)) %" }
    }

    /// The host on a free port of 127.0.0.1 (it says which), the relay in front of it with a
    /// front port per joiner, each joiner through its own; every process's exit status and stderr,
    /// and each machine's recording.
    func play(joiners: Int, _ condition: Condition, scripts: [String]) throws -> (statuses: [Int32], stderr: [String], recordings: [Data]) {
        let dir = try Koalio.scratch()
        let environment = try TestEnvironment.forChild(dataHome: Koalio.dataHome)
        let records = (0...joiners).map { dir.appendingPathComponent("machine\($0).koalioreplay").path }
        let host = try LineReader.start(Koalio.binary, ["--headless", "--host", "127.0.0.1:0", "--joiners", "\(joiners)", "--session-code", Self.code,
                                                        "--level", "level2", "--ticks", "\(Self.ticks)", "--input-script", Repository.path(scripts[0]),
                                                        "--record", records[0], "--verbose", "--data-dir", Repository.root],
                                        environment: environment)
        defer { host.stop() }
        let address = try hostAddress(host)
        let relay = try LineReader.start("/usr/bin/python3", [Repository.path("tools/net-relay"), "--host", address, "--fronts", "\(joiners)",
                                                              "--delay-ms", "\(condition.roundTripMilliseconds / 2)",
                                                              "--jitter-ms", condition.roundTripMilliseconds > 0 ? "4" : "0",
                                                              "--loss", "\(condition.lossPercent / 100)", "--duplicate", condition.lossPercent > 0 ? "0.01" : "0",
                                                              "--reorder", condition.lossPercent > 0 ? "0.01" : "0", "--seed", "5", "--seconds", "120"],
                                         environment: ProcessInfo.processInfo.environment)
        defer { relay.stop() }
        let fronts = try XCTUnwrap(relay.line(containing: "net-relay: fronts ", seconds: 20), "the relay says its ports")
        let ports = fronts.split(separator: " ").dropFirst(2).map(String.init)
        XCTAssertEqual(ports.count, joiners)
        // Joiners one after another, each once the host has seated it: player N is the same
        // machine (and script) under every condition.
        var joined: [LineReader] = []
        defer { for joiner in joined { joiner.stop() } }
        for (index, port) in ports.enumerated() {
            let joiner = try LineReader.start(Koalio.binary, ["--headless", "--join", "127.0.0.1:\(port)", "--session-code", Self.code,
                                                              "--ticks", "\(Self.ticks)", "--input-script", Repository.path(scripts[1 + index % (scripts.count - 1)]),
                                                              "--record", records[index + 1], "--verbose", "--data-dir", Repository.root],
                                              environment: environment)
            joined.append(joiner)
            XCTAssertNotNil(joiner.line(containing: "as player \(index + 2), on level2", seconds: 30), "joiner \(index + 1) is player \(index + 2)")
        }
        var statuses: [Int32] = [], stderr: [String] = []
        for (index, machine) in ([host] + joined).enumerated() {
            stderr.append(machine.line(containing: "koalio: online:", seconds: 90) ?? "(machine \(index): no figures)")
            statuses.append(machine.waitForExit())
        }
        let recordings = records.map { (try? Data(contentsOf: URL(fileURLWithPath: $0))) ?? Data() }
        return (statuses, stderr, recordings)
    }

    /// Two and four machines at 0 ms / 0 %, 60 ms / 2 % and 120 ms / 5 % (round trip, loss):
    /// every process exits cleanly having agreed on every exchanged checksum (a desync exits 1),
    /// every machine's recording is the same file and verifies, and every condition ends in the
    /// same game: the outcome does not depend on the network.
    func testTwoAndFourMachinesEndTheSameUnderEveryCondition() throws {
        let conditions = [Condition(roundTripMilliseconds: 0, lossPercent: 0), Condition(roundTripMilliseconds: 60, lossPercent: 2),
                          Condition(roundTripMilliseconds: 120, lossPercent: 5)]
        let scripts = ["Tests/Fixtures/level2-win.keys", "Tests/Fixtures/level3-win.keys", "Tests/Fixtures/level4-win.keys", "Tests/Fixtures/level5-win.keys"]
        for joiners in [1, 3] {
            var outcomes: [Data] = []
            for condition in conditions {
                let (statuses, stderr, recordings) = try play(joiners: joiners, condition, scripts: scripts)
                XCTAssertEqual(statuses, Array(repeating: 0, count: joiners + 1), "\(joiners + 1) machines at \(condition): \(stderr)")
                XCTAssertTrue(stderr[0].contains("online: \(Self.ticks) ticks"), stderr[0])
                XCTAssertFalse(recordings[0].isEmpty)
                for (index, recording) in recordings.enumerated() {
                    XCTAssertEqual(recording, recordings[0], "machine \(index) recorded the same run at \(condition)")
                }
                let path = try Koalio.scratch().appendingPathComponent("run.koalioreplay").path
                try recordings[0].write(to: URL(fileURLWithPath: path))
                let verify = try Koalio.run(["--replay", path, "--headless", "--verify"])
                XCTAssertEqual(verify.stdout, "ok \(Self.ticks) ticks\n", verify.stderr)
                outcomes.append(recordings[0])
                print("network \(joiners + 1) machines at \(condition): \(stderr[0])")
            }
            XCTAssertEqual(Set(outcomes).count, 1, "\(joiners + 1) machines: the same run under every condition")
        }
    }

    /// A stranger guessing the code: each wrong guess is answered with a refusal smaller than the
    /// guess; one address is locked out after five; twenty in all, from any addresses, and the
    /// code is off, so the right code no longer joins: the host says so on stderr, and discovery
    /// no longer offers its game. Junk and forged datagrams are never answered.
    func testAStrangerNeitherGuessesTheCodeNorGetsAnAnswerBiggerThanTheQuestion() throws {
        var environment = try TestEnvironment.forChild(dataHome: Koalio.dataHome)
        let discovery = "127.0.0.1:\(20000 + getpid() % 20000)"
        environment["KOALIO_DISCOVERY_PORT"] = String(discovery.split(separator: ":")[1])
        let host = try LineReader.start(Koalio.binary, ["--headless", "--host", "127.0.0.1:0", "--session-code", Self.code, "--level", "level2",
                                                        "--ticks", "60", "--data-dir", Repository.root], environment: environment)
        defer { host.stop() }
        let address = try hostAddress(host)
        XCTAssertEqual(try attack("probe", discovery, [])["answered"] as? String, "level2", "discovery offers the game")
        let junk = try attack("junk", address, ["--count", "140"])
        XCTAssertEqual(junk["answered"] as? Int, 0, "nothing but a hello is answered")
        let one = try attack("brute", address, ["--count", "7", "--same-address"])
        XCTAssertEqual(one["answers"] as? [String], Array(repeating: "wrong-code", count: 5) + ["locked 60", "locked 60"])
        let many = try attack("brute", address, ["--count", "20"])
        XCTAssertEqual(many["answers"] as? [String], Array(repeating: "wrong-code", count: 15) + Array(repeating: "code-off", count: 5),
                       "twenty wrong codes in all, then none is taken")
        XCTAssertLessThan(try XCTUnwrap(many["largest_answer"] as? Int), try XCTUnwrap(many["hello_bytes"] as? Int))
        XCTAssertEqual(try attack("hello", address, [Self.code])["answer"] as? String, "code-off", "the right code, too late")
        XCTAssertNotNil(host.line(containing: "koalio: too many wrong codes (20): the session code is off", seconds: 5), "said on stderr")
        XCTAssertNil(try attack("probe", discovery, [])["answered"] as? String, "discovery offers it no more")
        let joiner = try Koalio.run(["--headless", "--join", address, "--session-code", Self.code, "--ticks", "60"])
        XCTAssertEqual(joiner.status, 1)
        XCTAssertTrue(joiner.stderr.contains("the host takes no more codes"), joiner.stderr)
    }

    /// A joiner that talks every frame but moves its inputs on once every 4 s (each move counts
    /// as progress) is removed once it is behind the wall clock by more than the 20 % a player
    /// may slow the others and its grace, and the host plays on to its end.
    func testAJoinerFallingBehindIsRemovedAndTheHostPlaysOn() throws {
        let environment = try TestEnvironment.forChild(dataHome: Koalio.dataHome)
        let host = try LineReader.start(Koalio.binary, ["--headless", "--host", "127.0.0.1:0", "--joiners", "1", "--session-code", Self.code,
                                                        "--level", "level2", "--ticks", "900", "--verbose", "--data-dir", Repository.root],
                                        environment: environment)
        defer { host.stop() }
        let result = try attack("trickle", try hostAddress(host), [Self.code, "--seconds", "30"])
        XCTAssertEqual(result["removed"] as? Bool, true, "\(result)")
        XCTAssertLessThan(result["after"] as? Double ?? 99, 9, "within the grace and the 20 %: \(result)")
        XCTAssertLessThan(result["host_ticks"] as? Int ?? 999, 120, "it did hold the game meanwhile: \(result)")
        XCTAssertEqual(host.waitForExit(seconds: 60), 0, "the host played on to its end")
    }

    /// Strangers' datagrams at the host's port during a game, from rotating addresses: 20,000
    /// well-formed inputs a second with made-up tokens, then junk as fast as a process sends
    /// it: each time both machines end cleanly with the same run, the joiner never removed.
    /// The flood begins once the joiner is in (a flood that fills the game socket's queue before
    /// a joiner's hello gets through can keep it out of the lobby: that door is not this test's).
    func testFloodsOfStrangersDatagramsDoNotStopTheGame() throws {
        for flood in [["--rate", "20000", "--shape", "input"], ["--rate", "0", "--shape", "junk"]] {
            let dir = try Koalio.scratch()
            let environment = try TestEnvironment.forChild(dataHome: Koalio.dataHome)
            let records = ["host", "joiner"].map { dir.appendingPathComponent("\($0).koalioreplay").path }
            let common = ["--headless", "--session-code", Self.code, "--ticks", "600", "--verbose", "--data-dir", Repository.root]
            let host = try LineReader.start(Koalio.binary, common + ["--host", "127.0.0.1:0", "--joiners", "1", "--level", "level2",
                                                                     "--input-script", Repository.path("Tests/Fixtures/level2-win.keys"), "--record", records[0]],
                                            environment: environment)
            defer { host.stop() }
            let address = try hostAddress(host)
            let joiner = try LineReader.start(Koalio.binary, common + ["--join", address, "--input-script", Repository.path("Tests/Fixtures/level3-win.keys"),
                                                                       "--record", records[1]], environment: environment)
            defer { joiner.stop() }
            XCTAssertNotNil(joiner.line(containing: "koalio: joined ", seconds: 20), "\(flood): the joiner is in before the flood")
            let attacker = try LineReader.start("/usr/bin/nice", ["-n", "19", "/usr/bin/python3", Repository.path("tools/net-attack"), "flood", address,
                                                                  "--seconds", "20"] + flood, environment: ProcessInfo.processInfo.environment)
            defer { attacker.stop() }
            // What each said, should it fail (it once did in CI: the host still running at 90 s,
            // the joiner's exit 1; not seen since): the next failure says why.
            func said(_ reader: LineReader) -> String { reader.lastLines.joined(separator: " | ") }
            let hostStatus = host.waitForExit(seconds: 90), joinerStatus = joiner.waitForExit(seconds: 30)
            XCTAssertEqual(hostStatus, 0, "\(flood): host said: \(hostStatus == 0 ? "" : said(host))")
            XCTAssertEqual(joinerStatus, 0, "\(flood): the joiner played to the end, never removed; it said: \(joinerStatus == 0 ? "" : said(joiner))")
            let recordings = records.map { FileManager.default.contents(atPath: $0) }
            XCTAssertNotNil(recordings[0])
            XCTAssertEqual(recordings[0], recordings[1], "\(flood): the same run")
        }
    }

    /// Two windows on one display, each steered by its own virtual pad (an Xbox pad on the
    /// host, a DualSense on the joiner): both show the same game, each pad moves its own koala.
    func testTwoWindowsEachSteeredByItsOwnPad() throws {
        let xvfb = try Xvfb()
        let dir = try Koalio.scratch()
        let environment = try TestEnvironment.forChild(dataHome: Koalio.dataHome).merging(["DISPLAY": xvfb.display]) { $1 }
        let scripts = [("0 pad attach xboxone\n30 pad1 leftx 1\n90 pad1 a down\n100 pad1 a up\n", "host"),
                       ("0 pad attach ps5\n30 pad1 leftx 0.4\n150 pad1 a down\n160 pad1 a up\n", "joiner")]
        var paths: [(script: String, trace: String, record: String, shot: String)] = []
        for (text, name) in scripts {
            let script = dir.appendingPathComponent("\(name).keys").path
            try text.write(toFile: script, atomically: true, encoding: .utf8)
            paths.append((script, dir.appendingPathComponent("\(name).jsonl").path, dir.appendingPathComponent("\(name).koalioreplay").path,
                          dir.appendingPathComponent("\(name).png").path))
        }
        func arguments(_ index: Int) -> [String] {
            ["--ticks", "240", "--input-script", paths[index].script, "--trace", paths[index].trace, "--record", paths[index].record,
             "--screenshot", paths[index].shot, "--session-code", Self.code, "--data-dir", Repository.root]
        }
        let host = try LineReader.start(Koalio.binary, ["--host", "127.0.0.1:0", "--level", "level2"] + arguments(0), environment: environment)
        defer { host.stop() }
        let address = try hostAddress(host, seconds: 30)
        let joiner = try LineReader.start(Koalio.binary, ["--join", address] + arguments(1), environment: environment)
        defer { joiner.stop() }
        XCTAssertEqual(joiner.waitForExit(), 0)
        XCTAssertEqual(host.waitForExit(), 0)
        let traces = try paths.map { try Koalio.traceLines($0.trace) }
        let ends = try traces.map { try XCTUnwrap($0.last?["koalas"] as? [[String: Any]]) }
        XCTAssertEqual(ends[0].count, 2)
        let xs = ends.map { koalas in koalas.map { $0["x"] as? Double ?? 0 } }
        XCTAssertEqual(xs[0], xs[1], "both windows show the same game at the end")
        XCTAssertGreaterThan(xs[0][0], xs[0][1] + 16, "player 1 (the host's pad, full right) is ahead of player 2 (the joiner's, at 0.4)")
        XCTAssertTrue((traces[0].last?["activeController"] as? String ?? "").contains("Xbox"), "the host's window is steered by its Xbox pad")
        XCTAssertTrue((traces[1].last?["activeController"] as? String ?? "").contains("DualSense"), "the joiner's by its DualSense")
        let recordings = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0.record)) }
        XCTAssertEqual(recordings[0], recordings[1])
        for path in paths { XCTAssertTrue(FileManager.default.fileExists(atPath: path.shot), "\(path.shot): the window's last picture") }
    }

    /// `--local-players 2` on the host: its second pad's A takes the host's second seat (player 2),
    /// the joiner is player 3, and both machines show the three koalas where they are.
    func testACouchPlayerBesideTheHostTakesItsSecondSeat() throws {
        let dir = try Koalio.scratch()
        let script = dir.appendingPathComponent("couch.keys").path
        try "0 pad attach xboxone\n0 pad attach ps5\n10 pad2 a down\n12 pad2 a up\n20 pad1 leftx 1\n40 pad2 leftx -1\n".write(toFile: script, atomically: true, encoding: .utf8)
        let traces = (0..<2).map { dir.appendingPathComponent("machine\($0).jsonl").path }
        let environment = try TestEnvironment.forChild(dataHome: Koalio.dataHome)
        let host = try LineReader.start(Koalio.binary, ["--headless", "--host", "127.0.0.1:0", "--local-players", "2", "--session-code", Self.code,
                                                        "--level", "level2", "--ticks", "200", "--input-script", script, "--trace", traces[0],
                                                        "--data-dir", Repository.root], environment: environment)
        defer { host.stop() }
        let address = try hostAddress(host)
        let joiner = try Koalio.run(["--headless", "--join", address, "--session-code", Self.code, "--ticks", "200", "--trace", traces[1]])
        XCTAssertEqual(joiner.status, 0, joiner.stderr)
        XCTAssertTrue(joiner.stderr.contains("as player 3, on level2"), joiner.stderr)
        XCTAssertEqual(host.waitForExit(), 0)
        let ends = try traces.map { try XCTUnwrap(try Koalio.traceLines($0).last?["koalas"] as? [[String: Any]]) }
        XCTAssertEqual(ends[0].map { $0["player"] as? Int }, [1, 2, 3])
        XCTAssertEqual(ends[0].map { $0["x"] as? Double }, ends[1].map { $0["x"] as? Double }, "the same game on both")
        XCTAssertNotEqual(ends[0][0]["x"] as? Double, ends[0][1]["x"] as? Double, "the two pads steer two koalas")
    }

    func testAJoinerWithoutTheHostsLevelSaysWhichAndLeaves() throws {
        // A copy of level 2 with one more line: a file of its own, beside the tileset and images it names.
        let dir = try Koalio.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Levels"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("Resources").path, withDestinationPath: Repository.path("Resources"))
        try FileManager.default.copyItem(atPath: Repository.path("Levels/koalio.tsx"), toPath: dir.appendingPathComponent("Levels/koalio.tsx").path)
        let level = dir.appendingPathComponent("Levels/mine.tmx").path
        var text = try String(contentsOfFile: Repository.path("Levels/level2.tmx"), encoding: .utf8)
        text += "<!-- a level only the host has -->\n"
        try text.write(toFile: level, atomically: true, encoding: .utf8)
        let environment = try TestEnvironment.forChild(dataHome: Koalio.dataHome)
        let host = try LineReader.start(Koalio.binary, ["--headless", "--host", "127.0.0.1:0", "--session-code", Self.code, "--level", level,
                                                        "--ticks", "60", "--data-dir", Repository.root], environment: environment)
        defer { host.stop() }
        let address = try hostAddress(host)
        let joiner = try Koalio.run(["--headless", "--join", address, "--session-code", Self.code, "--ticks", "60"])
        XCTAssertEqual(joiner.status, 1)
        XCTAssertTrue(joiner.stderr.contains("the host plays 'mine'") && joiner.stderr.contains("which is not among this koalio's levels or packs"), joiner.stderr)
        XCTAssertEqual(joiner.stderr.split(separator: "\n").filter { !$0.contains("warning") }.count, 1, "one line: \(joiner.stderr)")
    }

    func testNetworkOptionsThatDoNotGoTogetherGetTheUsage() throws {
        for (arguments, says) in [(["--host", "localhost:7000"], "not an address:port of numbers"),
                                  (["--join", "127.0.0.1:7000"], "--join needs --session-code"),
                                  (["--host", "127.0.0.1:7000", "--session-code", "12345"], "--session-code must be 6 digits"),
                                  (["--host", "127.0.0.1:7000", "--input-delay", "9"], "--input-delay must be from 0 to 8"),
                                  (["--host", "127.0.0.1:7000", "--join", "127.0.0.1:7001"], "do not go together"),
                                  (["--joiners", "2", "--level", "level1"], "--joiners needs --host or --join"),
                                  (["--join", "127.0.0.1:7000", "--session-code", "123456", "--level", "level1"], "--join plays the host's level"),
                                  (["--join-room", "K7M-3QU"], "not a room code"),
                                  (["--host", "127.0.0.1:7000", "--relay-only"], "are for games by room code, not --host or --join")] {
            let run = try Koalio.run(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments)")
            XCTAssertTrue(run.stderr.contains(says), "\(arguments): \(run.stderr)")
        }
    }

    /// Play online from the title, as a player does it: the host's menus host level 1 and wait;
    /// the joiner types the address and code into the join form (keys, as a script presses
    /// them); both machines show the same game at every tick both have confirmed, and when the
    /// host's run ends the joiner is told and ends too.
    func testHostingAndJoiningFromTheTitle() throws {
        let dir = try Koalio.scratch()
        var environment = try TestEnvironment.forChild(dataHome: Koalio.dataHome)
        environment["KOALIO_DISCOVERY_PORT"] = "\(20000 + getpid() % 20000)"  // not a game hosted on this machine
        func keys(_ names: [String], from start: Int) -> String {
            names.enumerated().map { index, name in "\(start + 4 * index) \(name) down\n\(start + 4 * index + 1) \(name) up\n" }.joined()
        }
        // Title → Play online (the fifth entry) → Host a game → On this network → level 1; then
        // walk right and jump.
        let hostScript = dir.appendingPathComponent("host.keys")
        try (keys(["down", "down", "down", "down", "enter", "enter", "enter", "enter"], from: 2) + "60 right down\n200 space down\n230 space up\n400 right up\n")
            .write(to: hostScript, atomically: true, encoding: .utf8)
        let traces = ["host", "joiner"].map { dir.appendingPathComponent("\($0).trace").path }
        let host = try LineReader.start(Koalio.binary, ["--headless", "--session-code", Self.code, "--joiners", "1", "--ticks", "600",
                                                        "--input-script", hostScript.path, "--trace", traces[0], "--data-dir", Repository.root],
                                        environment: environment)
        defer { host.stop() }
        let port = try XCTUnwrap(hostAddress(host).split(separator: ":").last)
        // Title → Play online → Join a game → the address row: the hint's text deleted, the address typed.
        let typed = "127.0.0.1:\(port)".map { $0 == "." ? "period" : $0 == ":" ? "semicolon" : String($0) }
        let joinerScript = dir.appendingPathComponent("joiner.keys")
        try (keys(["down", "down", "down", "down", "enter", "down", "enter"] + Array(repeating: "backspace", count: 20) + typed + ["enter"]
                  + Array(Self.code).map(String.init) + ["enter", "enter"], from: 2))
            .write(to: joinerScript, atomically: true, encoding: .utf8)
        let joiner = try LineReader.start(Koalio.binary, ["--headless", "--ticks", "100000", "--input-script", joinerScript.path, "--trace", traces[1],
                                                          "--data-dir", Repository.root],
                                          environment: environment)
        defer { joiner.stop() }
        XCTAssertNotNil(joiner.line(containing: "koalio: joined 127.0.0.1:\(port) as player 2, on level1", seconds: 30), "the form's address let in")
        XCTAssertEqual(host.waitForExit(), 0)
        XCTAssertEqual(joiner.waitForExit(), 0, "the host gone, a headless joiner ends")
        // Each trace line's game once every input of its tick is known: the two machines agree.
        func confirmedGames(_ path: String) throws -> [Int: String] {
            var games: [Int: String] = [:]
            for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
                guard let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let online = record["online"] as? [String: Any], let tick = online["tick"] as? Int, tick == online["confirmed"] as? Int,
                      let koalas = record["koalas"] as? [[String: Any]] else { continue }
                games[tick] = koalas.map { "\($0["player"] ?? "") \($0["x"] ?? "") \($0["y"] ?? "") \($0["state"] ?? "")" }.joined(separator: "; ")
            }
            return games
        }
        let (hostGames, joinerGames) = (try confirmedGames(traces[0]), try confirmedGames(traces[1]))
        let both = Set(hostGames.keys).intersection(joinerGames.keys)
        XCTAssertGreaterThan(both.count, 300, "most ticks are seen confirmed on both")
        for tick in both.sorted() where hostGames[tick] != joinerGames[tick] {
            return XCTFail("tick \(tick): host \(hostGames[tick] ?? ""), joiner \(joinerGames[tick] ?? "")")
        }
        XCTAssertEqual(hostGames[both.max() ?? 0]?.components(separatedBy: "; ").count, 2, "two koalas")
        XCTAssertNotEqual(hostGames[both.min() ?? 0], hostGames[both.max() ?? 0], "the host's koala moved")
    }

    // MARK: - Helpers

    /// Where a host started with `--host 127.0.0.1:0` listens, as it says on stderr
    /// (`koalio: hosting on 127.0.0.1:PORT; session code CODE`).
    func hostAddress(_ host: LineReader, seconds: Double = 20) throws -> String {
        let hosting = try XCTUnwrap(host.line(containing: "koalio: hosting on ", seconds: seconds), "the host says where it listens")
        return try XCTUnwrap(hosting.split(separator: " ").dropFirst(3).first).trimmingCharacters(in: CharacterSet(charactersIn: ";"))
    }

    func attack(_ attack: String, _ address: String, _ arguments: [String]) throws -> [String: Any] {
        let run = try ChildProcess.run("/usr/bin/python3", [Repository.path("tools/net-attack"), attack, address] + arguments,
                                       environment: ProcessInfo.processInfo.environment, directory: Repository.root, deadlineSeconds: 60)
        let line = try XCTUnwrap(run.stdout.split(separator: "\n").last, "net-attack \(attack): \(run.stderr)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
    }
}
