import Foundation
import KoalioHarness
import KoalioScripting
import KoalioTestSupport
import XCTest

/// Speedrun mode with the real binary: a category played by the solver's scripts, level after
/// level, its in-game time exactly the levels' times summed, each split said, the personal
/// best kept in the progress file.
final class SpeedrunTests: XCTestCase {
    /// A level's winning script and its winning tick (the script's first line says it).
    static func script(_ level: Int) throws -> (events: [(tick: Int, rest: String)], wins: Int) {
        let text = try String(contentsOfFile: Repository.path("Tests/Fixtures/level\(level)-win.keys"), encoding: .utf8)
        // "# level1: won in 561 ticks (9.3 s) by koalio-solve"
        let words = try XCTUnwrap(text.split(separator: "\n").first).split(separator: " ")
        let wins = try XCTUnwrap(words.firstIndex(of: "in").flatMap { words.indices.contains($0 + 1) ? Int(words[$0 + 1]) : nil })
        let events = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line -> (Int, String)? in
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2, let tick = Int(fields[0]) else { return nil }
            return (tick, String(fields[1]))
        }
        return (events, wins)
    }

    /// The levels' scripts one after another: each from the tick after the last flag (a level
    /// starts the tick its predecessor is won), what was held at a flag let go.
    static func chained(_ levels: [Int]) throws -> (script: String, wins: [Int]) {
        try WinningScripts.chained(levels.map { try String(contentsOfFile: Repository.path("Tests/Fixtures/level\($0)-win.keys"), encoding: .utf8) })
    }

    func testAWorldsInGameTimeIsItsLevelsTimesSummed() throws {
        let dir = try Koalio.scratch()
        let (script, wins) = try Self.chained([1, 2, 3])
        let path = dir.appendingPathComponent("world1.keys").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let data = dir.appendingPathComponent("data").path
        let record = dir.appendingPathComponent("world1.koaliorun").path
        let run = try Koalio.run(["--headless", "--speedrun", "world1", "--input-script", path, "--ticks", "\(wins.reduce(0, +) + 30)", "--verbose",
                                  "--record", record],
                                 environment: ["XDG_DATA_HOME": data])
        XCTAssertEqual(run.status, 0, run.stderr)
        var total = 0
        var splits: [Int] = []
        for won in wins {
            total += won
            splits.append(total)
            XCTAssertTrue(run.stderr.contains("koalio: speedrun split: ") && run.stderr.contains("(\(total) ticks)"), "split at \(total): \(run.stderr)")
        }
        XCTAssertTrue(run.stderr.contains("koalio: speedrun finished: in-game \(Self.clock(total))"), run.stderr)
        // The whole run, recorded as one file, proves its time.
        let verified = try Koalio.run(["--headless", "--replay", record, "--verify"])
        XCTAssertEqual(verified.status, 0, verified.stderr)
        XCTAssertEqual(verified.stdout, (["ok \(total) ticks, in-game \(Self.clock(total)) (\(total) ticks), world1"]
                                         + zip(["level1", "level2", "level3"], splits).map { "\($0) \(Self.clock($1)) (\($1) ticks)" })
                                         .joined(separator: "\n") + "\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: data + "/koalio/best/speedrun-world1.koaliorun"), "the personal best's run is kept")
        let progress = try String(contentsOfFile: data + "/koalio/progress.toml", encoding: .utf8)
        XCTAssertTrue(progress.contains("[speedruns.world1]\nsplits = [\(splits.map(String.init).joined(separator: ", "))]\n"), progress)

        // The splits file LiveSplit opens, read back by Python's XML parser.
        let lss = dir.appendingPathComponent("world1.lss").path
        let exported = try Koalio.run(["splits", "world1", lss], environment: ["XDG_DATA_HOME": data])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertEqual(exported.stdout, "\(lss): 3 segments, personal best \(Self.clock(total))\n")
        let read = try ChildProcess.run("/usr/bin/python3", ["-c", """
            import sys, xml.etree.ElementTree as ET
            run = ET.parse(sys.argv[1]).getroot()
            print(run.get("version"), run.findtext("GameName"), run.findtext("CategoryName"))
            for segment in run.iter("Segment"):
                split = segment.find("SplitTimes/SplitTime[@name='Personal Best']")
                print(segment.findtext("Name"), split.findtext("GameTime"), segment.findtext("BestSegmentTime/GameTime"))
            """, lss], environment: ProcessInfo.processInfo.environment, directory: Repository.root)
        let lines = read.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "1.7.0 koalio world1", read.stderr)
        XCTAssertEqual(lines.dropFirst().map { $0.split(separator: " ").prefix(2).joined(separator: " ") }, ["Level 1", "Level 2", "Level 3"])
        for (index, line) in lines.dropFirst().enumerated() {
            let fields = line.split(separator: " ")
            XCTAssertEqual(fields.count, 4, line)
            XCTAssertEqual(fields.dropFirst(2).first.map(String.init), Self.lssTime(splits[index]), "the split's game time")
            XCTAssertEqual(fields.last.map(String.init), Self.lssTime(wins[index]), "each level's best segment: this run's")
        }
        let none = try Koalio.run(["splits", "world2", lss], environment: ["XDG_DATA_HOME": data])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stdout, "koalio splits world2: no personal best for world2 yet (play it: koalio --speedrun world2)\n")
    }

    /// LiveSplit's `hh:mm:ss.fffffff` for ticks.
    static func lssTime(_ ticks: Int) -> String {
        let ms = ticks * 1000 / 60
        return String(format: "%02d:%02d:%02d.%03d0000", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }

    /// A death mid-run: the try until it counts, the death screen's wait does not, and the run
    /// file (a recording per try) proves the very time the game showed.
    func testADeathCountsAndTheRunFileProvesTheSameTime() throws {
        let dir = try Koalio.scratch()
        let (events, wins) = try Self.script(1)
        // Over the crates and into the first pit, Enter to try again, then the winning run.
        let script = "30 right down\n180 space down\n200 space up\n400 right up\n410 enter down\n411 enter up\n"
            + events.map { "\($0.tick + 415) \($0.rest)" }.joined(separator: "\n")
        let keys = dir.appendingPathComponent("die-win.keys").path, record = dir.appendingPathComponent("run.koaliorun").path
        try script.write(toFile: keys, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--headless", "--speedrun", "level1", "--input-script", keys, "--ticks", "\(wins + 600)", "--verbose", "--record", record],
                                 environment: ["XDG_DATA_HOME": dir.appendingPathComponent("data").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let finished = try XCTUnwrap(run.stderr.split(separator: "\n").first { $0.contains("speedrun finished: in-game ") })
        let shown = try XCTUnwrap(finished.split(separator: " ").dropFirst(4).first.map { String($0.dropLast()) })  // "0:40.100,"
        XCTAssertNotEqual(shown, Self.clock(wins), "the try that died counts")
        let verified = try Koalio.run(["--headless", "--replay", record, "--verify"])
        XCTAssertEqual(verified.status, 0, verified.stdout + verified.stderr)
        XCTAssertTrue(verified.stdout.hasPrefix("ok ") && verified.stdout.contains("in-game \(shown) ("), "the file proves \(shown): \(verified.stdout)")
    }

    func testACategoryItCannotPlayIsOneLine() throws {
        let missing = try Koalio.run(["--headless", "--speedrun", "world9", "--ticks", "5"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("koalio: speedrun category 'world9': not one of this game's (there are: world1"), missing.stderr)
        let assisted = try Koalio.run(["--headless", "--speedrun", "level1", "--ticks", "5", "--config", try Self.assistConfig()])
        XCTAssertEqual(assisted.status, 2)
        XCTAssertTrue(assisted.stderr.contains("a speedrun is played without it"), assisted.stderr)
        let usage = try Koalio.run(["--speedrun", "level1", "--level", "level2"])
        XCTAssertEqual(usage.status, 64)
    }

    /// LiveSplit One (Python's websockets as its "Connect to Server") is told the run: the
    /// attempt started on game time, the exact in-game time at the flag, the split.
    func testLiveSplitOneIsToldTheRun() throws {
        let port = 20000 + Int(getpid() % 20000) + 1
        let client = try LineReader.start("/usr/bin/python3", [Repository.path("tools/livesplit-one-client"), "ws://127.0.0.1:\(port)"],
                                          environment: ProcessInfo.processInfo.environment)
        defer { client.stop() }
        let (events, wins) = try Self.script(1)
        let script = try Koalio.scratch().appendingPathComponent("level1.keys").path
        try events.map { "\($0.tick) \($0.rest)" }.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--headless", "--speedrun", "level1", "--input-script", script, "--ticks", "\(wins + 30)", "--livesplit-one", "127.0.0.1:\(port)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("koalio: LiveSplit One can connect to ws://127.0.0.1:\(port)"), run.stderr)
        var messages: [String] = []
        while let line = client.nextLine(seconds: 20), !line.hasPrefix("closed") {
            if line.hasPrefix("message: ") { messages.append(String(line.dropFirst(9))) }
        }
        XCTAssertEqual(Array(messages.prefix(4)), ["{\"command\":\"reset\",\"saveAttempt\":false}",
                                                    "{\"command\":\"setCurrentTimingMethod\",\"timingMethod\":\"GameTime\"}", "{\"command\":\"start\"}",
                                                    "{\"command\":\"initializeGameTime\"}"], "\(messages)")
        XCTAssertEqual(Array(messages.suffix(2)), ["{\"command\":\"setGameTime\",\"time\":\"\(Self.seconds(wins))\"}", "{\"command\":\"split\"}"],
                       "the flag's exact in-game time, then the split")
        XCTAssertEqual(messages.filter { $0.contains("\"split\"") }.count, 1)
        for message in messages { XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(message.utf8)), message) }
    }

    /// Classic LiveSplit (a stub of its TCP server) is told the same in its words; one that is
    /// not there is tried again quietly.
    func testClassicLiveSplitIsToldTheRunAndItsAbsenceIsQuiet() throws {
        let stub = try LineReader.start("/usr/bin/python3", [Repository.path("tools/livesplit-stub")], environment: ProcessInfo.processInfo.environment)
        defer { stub.stop() }
        let listening = try XCTUnwrap(stub.line(containing: "listening on", seconds: 20))
        let port = try XCTUnwrap(listening.split(separator: " ").last)
        let (events, wins) = try Self.script(1)
        let script = try Koalio.scratch().appendingPathComponent("level1.keys").path
        try events.map { "\($0.tick) \($0.rest)" }.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--headless", "--speedrun", "level1", "--input-script", script, "--ticks", "\(wins + 30)", "--livesplit", "127.0.0.1:\(port)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        var lines: [String] = []
        while let line = stub.nextLine(seconds: 20), line != "livesplit-stub: closed" {
            if line.hasPrefix("line: ") { lines.append(String(line.dropFirst(6))) }
        }
        XCTAssertEqual(Array(lines.prefix(5)), ["reset", "switchto gametime", "starttimer", "initgametime", "setgametime 0:00:00.000"])
        XCTAssertEqual(Array(lines.suffix(2)), ["setgametime 0:00:\(Self.seconds(wins).count < 6 ? "0" : "")\(Self.seconds(wins))", "split"])
        let absent = try Koalio.run(["--headless", "--speedrun", "level1", "--ticks", "60", "--livesplit", "127.0.0.1:1"])
        XCTAssertEqual(absent.status, 0)
        XCTAssertFalse(absent.stderr.lowercased().contains("livesplit"), absent.stderr)
    }

    /// The timer in a real window at a known tick: a speedrun's top bar reads what the level's
    /// does with the timer setting on (the same in-game time, `0:02.000` at tick 120), not the
    /// tenths clock, and it moves with the milliseconds.
    func testTheTimerInAWindowAtAKnownTick() throws {
        let xvfb = try Xvfb()
        let dir = try Koalio.scratch()
        let (events, _) = try Self.script(1)
        let script = dir.appendingPathComponent("level1.keys").path
        try events.map { "\($0.tick) \($0.rest)" }.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let timerOn = dir.appendingPathComponent("settings.toml").path
        try "[video]\nspeedrun_timer = true\n".write(toFile: timerOn, atomically: true, encoding: .utf8)
        func topBar(_ name: String, _ arguments: [String], ticks: Int) throws -> [Int] {
            let png = dir.appendingPathComponent("\(name).png").path
            let run = try Koalio.run(arguments + ["--input-script", script, "--ticks", "\(ticks)", "--screenshot", png], environment: ["DISPLAY": xvfb.display])
            XCTAssertEqual(run.status, 0, run.stderr)
            let image = try PNGImage(path: png)
            // The top bar's line: the view's y 6 to 20, twice as big, its left half.
            return (12..<40).flatMap { y in (0..<568).map { x in let (r, g, b) = image.pixel(x, y); return r << 16 | g << 8 | b } }
        }
        let speedrun = try topBar("speedrun", ["--speedrun", "level1"], ticks: 120)
        let setting = try topBar("setting", ["--level", "level1", "--config", timerOn], ticks: 120)
        let plain = try topBar("plain", ["--level", "level1"], ticks: 120)
        let later = try topBar("later", ["--speedrun", "level1"], ticks: 121)
        XCTAssertEqual(speedrun, setting, "0:02.000 both ways")
        XCTAssertNotEqual(speedrun, plain, "not the tenths clock")
        XCTAssertNotEqual(speedrun, later, "a tick later, 0:02.016")
    }

    /// A game in a window running a speedrun with LiveSplit One's server on a free loopback
    /// port; the game and the port.
    func speedrunWithLiveSplitOne(_ xvfb: Xvfb, _ extra: [String] = [], prefix: [String] = [], dataHome: String? = nil) throws -> (LineReader, String) {
        var environment = try TestEnvironment.forChild(dataHome: dataHome ?? Koalio.dataHome)
        environment["DISPLAY"] = xvfb.display
        let game = try LineReader.start(prefix.first ?? Koalio.binary, Array(prefix.dropFirst()) + (prefix.isEmpty ? [] : [Koalio.binary])
                                        + ["--livesplit-one", "127.0.0.1:0", "--data-dir", Repository.root] + extra, environment: environment)
        let line = try XCTUnwrap(game.line(containing: "LiveSplit One can connect to ws://", seconds: 30))
        return (game, try XCTUnwrap(line.split(separator: ":").last.map(String.init)))
    }

    /// `tools/livesplit-one-attack` at `port` with `attacks`: what each got.
    func liveSplitOneAttack(_ port: String, _ attacks: [String]) throws -> [String: Any] {
        let attack = try ChildProcess.run("/usr/bin/python3", [Repository.path("tools/livesplit-one-attack"), "127.0.0.1", port] + attacks,
                                          environment: ProcessInfo.processInfo.environment, directory: Repository.root, deadlineSeconds: 180)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data((attack.stdout.split(separator: "\n").last ?? "").utf8)) as? [String: Any],
                             attack.stderr)
    }

    /// Open file descriptors of a process now.
    static func openFiles(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// A stranger on this computer against LiveSplit One's server (`tools/livesplit-one-attack`)
    /// during a speedrun: a request that is no upgrade gets 426, a page of another origin 403
    /// (LiveSplit One's page and a native app get in), nine sockets get eight, a 64 KiB frame and
    /// a flood of junk are closed, twenty silent sockets and eight silent timers keep no timer
    /// out, 2,000 upgrades closed at once (half reset as the catch-up is written: once a
    /// deadlock that froze the game for good) leave a timer that connects after them caught up,
    /// and the game plays on and ends when told; another address than loopback is refused.
    func testLiveSplitOnesServerAgainstAStranger() throws {
        let xvfb = try Xvfb()
        let (game, port) = try speedrunWithLiveSplitOne(xvfb, ["--speedrun", "level1"])
        defer { game.stop() }
        let result = try liveSplitOneAttack(port, ["plain", "flood", "oversized", "junk", "origin", "pending", "replace", "race"])
        XCTAssertEqual(result["plain"] as? String, "HTTP/1.1 426 Upgrade Required")
        XCTAssertEqual(result["flood"] as? Int, 8, "at most eight timers")
        XCTAssertEqual(result["oversized"] as? Bool, true)
        XCTAssertEqual(result["junk"] as? Bool, true)
        XCTAssertEqual(result["origin"] as? [String: Int], ["foreign": 403, "livesplit": 101, "none": 101])
        XCTAssertEqual(result["pending"] as? Bool, true, "sockets that never send keep no timer out")
        let replace = result["replace"] as? [String: Any], race = result["race"] as? [String: Any]
        XCTAssertEqual(replace?["newcomer"] as? Bool, true, "a ninth timer got in: \(result)")
        XCTAssertEqual(replace?["closed"] as? Int, 1, "one silent timer made room: \(result)")
        XCTAssertEqual(race?["done"] as? Int, 2000)
        XCTAssertEqual(race?["after"] as? String, "reset", "a timer after the race is caught up (the run's first command)")
        XCTAssertEqual(kill(game.processIdentifier, 0), 0, "the game plays on")
        kill(game.processIdentifier, SIGTERM)
        XCTAssertEqual(game.waitForExit(seconds: 20), 0, "SIGTERM ends it: nothing froze")
        let outside = try Koalio.run(["--livesplit-one", "0.0.0.0:16835"])
        XCTAssertEqual(outside.status, 64)
        XCTAssertTrue(outside.stderr.contains("only a loopback address"), outside.stderr)
    }

    /// 1,100 sockets that send a request a byte a second, made again as soon as they are closed,
    /// through a winning run of level 1 in a game whose file limit is 128 (hard: it cannot raise
    /// it): the server holds at most its budget (each handshake closed 5 s from its accept, the
    /// oldest making room), the game's descriptors stay few, the win's save finds one, and the
    /// progress is there at the next start, with nothing kept aside as damaged.
    func testASlowHandshakeFloodThroughAWinningRunCostsNoProgress() throws {
        let xvfb = try Xvfb()
        let home = try Scratch.directory().path
        let (events, wins) = try Self.script(1)
        let script = home + "/level1.keys"
        try events.map { "\($0.tick) \($0.rest)" }.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        let (game, port) = try speedrunWithLiveSplitOne(xvfb, ["--level", "level1", "--input-script", script, "--ticks", "\(wins + 30)"],
                                                        prefix: ["/usr/bin/prlimit", "--nofile=128:128"], dataHome: home)
        defer { game.stop() }
        let before = Self.openFiles(game.processIdentifier)
        let attack = try LineReader.start("/usr/bin/python3", [Repository.path("tools/livesplit-one-attack"), "127.0.0.1", port,
                                                               "slow:\(Double(wins) / 60 + 5)"], environment: ProcessInfo.processInfo.environment)
        defer { attack.stop() }
        var most = before
        // The game's descriptors, looked at each second of the run (the attack says nothing until it ends).
        while kill(game.processIdentifier, 0) == 0, attack.nextLine(seconds: 1) == nil {
            most = max(most, Self.openFiles(game.processIdentifier))
            if most == 0 { break }
        }
        XCTAssertEqual(game.waitForExit(seconds: 60), 0)
        // LiveSplitOneServer.maxHandshakes (8), and a socket being accepted and one being closed.
        XCTAssertLessThanOrEqual(most, before + 8 + 2, "the handshakes' budget, far below the limit (\(before) at start)")
        let progress = try String(contentsOfFile: home + "/koalio/progress.toml", encoding: .utf8)
        XCTAssertTrue(progress.contains("[levels.level1]\nwon = true"), progress)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/koalio/progress.toml.damaged"))
        let next = try Koalio.run(["--headless", "--ticks", "3"], environment: ["XDG_DATA_HOME": home])
        XCTAssertEqual(next.status, 0)
        XCTAssertEqual(next.stderr, "", "the next start reads its progress without a word")
    }

    /// A program on classic LiveSplit's port that never stops talking is dropped (and tried again
    /// later): the game reads a few KiB a frame of it at most, and its run goes on at full speed.
    func testAClassicLiveSplitThatNeverStopsTalkingIsDropped() throws {
        let stub = try LineReader.start("/usr/bin/python3", [Repository.path("tools/livesplit-stub"), "--flood"], environment: ProcessInfo.processInfo.environment)
        defer { stub.stop() }
        let listening = try XCTUnwrap(stub.line(containing: "listening on", seconds: 20))
        let port = try XCTUnwrap(listening.split(separator: " ").last)
        let run = try Koalio.run(["--headless", "--speedrun", "level1", "--ticks", "600", "--livesplit", "127.0.0.1:\(port)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertNotNil(stub.line(containing: "livesplit-stub: dropped", seconds: 10), "the game closed the connection")
    }

    /// LiveSplit One's seconds: `37.166`.
    static func seconds(_ ticks: Int) -> String {
        let ms = ticks * 1000 / 60
        return String(format: "%d.%03d", ms / 1000, ms % 1000)
    }

    static func assistConfig() throws -> String {
        let path = try Koalio.scratch().appendingPathComponent("settings.toml").path
        try "[assist]\ninvincible = true\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `m:ss.mmm` as the game writes it (ticks × 1000 / 60, rounded down).
    static func clock(_ ticks: Int) -> String {
        let ms = ticks * 1000 / 60
        return "\(ms / 60_000):" + String(format: "%02d.%03d", ms / 1000 % 60, ms % 1000)
    }
}
