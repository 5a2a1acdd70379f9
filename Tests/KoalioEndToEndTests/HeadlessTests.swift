import Foundation
import XCTest
import KoalioTestSupport

/// The real binary, headless (SDL's dummy video driver), with scripted keyboard input pushed
/// through SDL's event queue.
final class HeadlessTests: XCTestCase {
    func testScriptedKeyboardRunReachesTheGoal() throws {
        let dir = try Koalio.scratch()
        let trace = dir.appendingPathComponent("trace.jsonl").path
        let run = try Koalio.run(["--level", "level1", "--headless", "--ticks", "3000", "--trace", trace,
                                  "--input-script", "Tests/Fixtures/level1-win.keys"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = try Koalio.traceLines(trace)
        XCTAssertEqual(lines.count, 3000, "one line per step")
        XCTAssertEqual(lines.map { $0["tick"] as? Int }, (1...3000).map { $0 })
        let won = try XCTUnwrap(lines.firstIndex { $0["state"] as? String == "won" }, "the koala reaches the goal")
        XCTAssertGreaterThan(won, 500, "not at once: the level is crossed")
        XCTAssertGreaterThan(try XCTUnwrap(lines[won]["x"] as? Double), 1950, "at the flag, 1984 px along")
        XCTAssertFalse(lines[..<won].contains { $0["state"] as? String == "died" })
        XCTAssertEqual(lines.last?["state"] as? String, "won", "the end screen holds")
    }

    func testEscapePausesAndTheTraceSaysSo() throws {
        let dir = try Koalio.scratch()
        let script = dir.appendingPathComponent("pause.keys").path
        try "0 right down\n30 escape down\n31 escape up\n90 p down\n91 p up\n".write(toFile: script, atomically: true, encoding: .utf8)
        let trace = dir.appendingPathComponent("trace.jsonl").path
        let run = try Koalio.run(["--level", "level1", "--headless", "--ticks", "120", "--trace", trace, "--input-script", script])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = try Koalio.traceLines(trace)
        XCTAssertEqual(lines[29]["state"] as? String, "playing")
        let paused = lines[31..<90]
        XCTAssertTrue(paused.allSatisfy { $0["state"] as? String == "paused" })
        let pausedX = paused.compactMap { $0["x"] as? Double }
        XCTAssertEqual(pausedX.count, paused.count, "every paused line has x")
        XCTAssertEqual(Set(pausedX).count, 1, "the world stands still")
        XCTAssertEqual(lines[95]["state"] as? String, "playing")
        XCTAssertGreaterThan(try XCTUnwrap(lines[119]["x"] as? Double), try XCTUnwrap(lines[89]["x"] as? Double))
    }

    /// `--frame-times`: a line per frame, its start (ms since the first frame), its work (ms) and
    /// the camera's x as drawn (level 1's start: the map's left edge).
    func testFrameTimesHaveAStartAndAWorkTimePerFrame() throws {
        let dir = try Koalio.scratch()
        let times = dir.appendingPathComponent("frames.txt").path
        let run = try Koalio.run(["--level", "level1", "--headless", "--ticks", "40", "--frame-times", times])
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = try String(contentsOfFile: times, encoding: .utf8).split(separator: "\n").map { line in
            try line.split(separator: " ").map { try XCTUnwrap(Double($0), String(line)) }
        }
        XCTAssertEqual(rows.count, 40, "one line per frame (a headless run steps one tick a frame)")
        XCTAssertTrue(rows.allSatisfy { $0.count == 5 })
        XCTAssertEqual(rows.map { $0[3] }, (1...40).map(Double.init), "a step a frame, counted")
        XCTAssertTrue(rows.allSatisfy { $0[4] == 0 }, "headless never rests")
        XCTAssertTrue(rows.allSatisfy { $0[2] == 0 }, "the camera at the map's left edge while the koala stands at the start")
        XCTAssertEqual(rows.first?.first, 0)
        XCTAssertEqual(rows.map { $0[0] }, rows.map { $0[0] }.sorted(), "starts in order")
        XCTAssertTrue(rows.allSatisfy { $0[1] > 0 && $0[1] < 10_000 }, "a frame takes some time")
    }

    func testListControllersWithNoPads() throws {
        let run = try Koalio.run(["--list-controllers"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "No game controllers found.\n", "this machine has no /dev/input: only virtual pads exist")
    }

    func testVersionAndHelp() throws {
        let version = try Koalio.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("koalio 0.4.0 (replay format 4, SDL 2."), version.stdout)
        XCTAssertEqual(version.stdout.filter { $0 == "\n" }.count, 1, "one line")
        let help = try Koalio.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for option in ["--level", "--fullscreen", "--scale", "--trace", "--headless", "--ticks", "--data-dir", "--renderer",
                       "controllers"] {
            XCTAssertTrue(help.stdout.contains(option), option)
        }
    }
}

/// Bad input: one line on stderr naming the file and the problem, exit status 2, no crash.
final class BadInputTests: XCTestCase {
    func assertOneLineError(_ arguments: [String], mentions: [String], status: Int32 = 2,
                            environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try Koalio.run(arguments + ["--headless", "--ticks", "1"], environment: environment)
        XCTAssertEqual(run.status, status, run.stderr, file: file, line: line)
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "exactly one line: \(run.stderr)", file: file, line: line)
        XCTAssertTrue(run.stderr.hasPrefix("koalio: "), run.stderr, file: file, line: line)
        for word in mentions { XCTAssertTrue(run.stderr.contains(word), "\(word) in \(run.stderr)", file: file, line: line) }
    }

    func testMissingLevel() throws {
        try assertOneLineError(["--level", "nosuchlevel"], mentions: ["Levels/nosuchlevel.tmx", "no such file"])
    }

    func testBrokenLevels() throws {
        try assertOneLineError(["--level", "Tests/Fixtures/maps/bad-isometric.tmx"],
                               mentions: ["bad-isometric.tmx:3", "<map>", "isometric"])
        try assertOneLineError(["--level", "Tests/Fixtures/maps/bad-short-layer.tmx"],
                               mentions: ["bad-short-layer.tmx:", "<data>", "expected 4×3 = 12"])
    }

    func testUnusableDataDirectory() throws {
        try assertOneLineError(["--data-dir", "/nonexistent"], mentions: ["/nonexistent", "not a directory"])
        try assertOneLineError([], mentions: ["/tmp", "koala.png"], environment: ["KOALIO_DATA_DIR": "/tmp"])
    }

    func testMissingResourceIsNamed() throws {
        let dir = try Koalio.scratch()
        let fm = FileManager.default
        try fm.copyItem(atPath: Repository.path("Levels"), toPath: dir.appendingPathComponent("Levels").path)
        try fm.copyItem(atPath: Repository.path("Resources"), toPath: dir.appendingPathComponent("Resources").path)
        try fm.removeItem(at: dir.appendingPathComponent("Resources/font.png"))
        try assertOneLineError(["--data-dir", dir.path], mentions: ["Resources/font.png", "cannot load image"])
        try Data("not a png".utf8).write(to: dir.appendingPathComponent("Resources/font.png"))
        try assertOneLineError(["--data-dir", dir.path], mentions: ["Resources/font.png", "cannot load image"])
        // A PNG cut short: libpng's own complaints used to reach stderr before koalio's line.
        let tiles = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Resources/tiles.png")))
        try tiles.prefix(tiles.count / 2).write(to: dir.appendingPathComponent("Resources/font.png"))
        try assertOneLineError(["--data-dir", dir.path], mentions: ["Resources/font.png", "cannot load image"])
    }

    func testBadInputScriptAndTraceFile() throws {
        let dir = try Koalio.scratch()
        let script = dir.appendingPathComponent("bad.keys").path
        try "0 right down\n7 flap down\n".write(toFile: script, atomically: true, encoding: .utf8)
        try assertOneLineError(["--input-script", script], mentions: ["bad.keys:2", "unknown key 'flap'"])
        try assertOneLineError(["--trace", "/nonexistent/dir/t.jsonl"], mentions: ["/nonexistent/dir/t.jsonl"])
    }

    func testUnreadableControllerMappingFile() throws {
        try assertOneLineError([], mentions: ["/tmp", "cannot read game controller mappings"],
                               environment: ["SDL_GAMECONTROLLERCONFIG_FILE": "/tmp"])
        let run = try Koalio.run(["--list-controllers"], environment: ["SDL_GAMECONTROLLERCONFIG_FILE": "/tmp"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("koalio: /tmp: cannot read game controller mappings"), run.stderr)
    }

    func testBadFlagGetsTheParsersUsage() throws {
        let run = try Koalio.run(["--scale", "0"])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("Usage: koalio"), run.stderr)
        let unknown = try Koalio.run(["--flying"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("Unknown option '--flying'"), unknown.stderr)
        let headless = try Koalio.run(["--headless"])
        XCTAssertEqual(headless.status, 64, "headless needs --ticks")
    }
}

/// `koalio --check-level`: a small level is found winnable; a walled-off copy is not; a broken
/// file is its one-line error; an author hears what to fix. (The shipped levels are not solved
/// here: their golden replays in Tests/Replays, which every `make test` verifies, prove them
/// winnable, and solving all six took over a minute.)
final class CheckLevelTests: XCTestCase {
    func testASmallLevelIsWinnable() throws {
        let level = "docs/first-level.tmx"
        let run = try Koalio.run(["--check-level", level])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, run.stdout)
        XCTAssertTrue(lines.first?.hasPrefix("\(level): winnable in ") == true, run.stdout)
        XCTAssertTrue(lines.first?.hasSuffix(" s") == true, run.stdout)
        // How forgiving it is: a human's route (inputs at least 10 ticks apart) and its slack.
        XCTAssertTrue(lines.last?.hasPrefix("\(level): slack ") == true, run.stdout)
        XCTAssertTrue(lines.last?.contains("ticks apart") == true, run.stdout)
    }

    func testAWalledOffLevelIsNotWinnableAndABrokenOneIsItsError() throws {
        let dir = try Koalio.scratch()
        let levels = dir.appendingPathComponent("Levels"), resources = dir.appendingPathComponent("Resources")
        try FileManager.default.createDirectory(at: levels, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.path("Levels/koalio.tsx"), toPath: levels.appendingPathComponent("koalio.tsx").path)
        try FileManager.default.copyItem(atPath: Repository.path("Resources/tiles.png"), toPath: resources.appendingPathComponent("tiles.png").path)
        // Level 1 with a wall from top to bottom at column 60 (x = 960).
        var text = try String(contentsOfFile: Repository.path("Levels/level1.tmx"), encoding: .utf8)
        let walls = try XCTUnwrap(text.range(of: "name=\"walls\""))
        let data = try XCTUnwrap(text.range(of: "<data encoding=\"csv\">", range: walls.upperBound..<text.endIndex))
        let end = try XCTUnwrap(text.range(of: "</data>", range: data.upperBound..<text.endIndex))
        let rows = text[data.upperBound..<end.lowerBound].split(separator: "\n").map { row -> String in
            var values = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            values[60] = "3"
            return values.joined(separator: ",")
        }
        text.replaceSubrange(data.upperBound..<end.lowerBound, with: "\n" + rows.joined(separator: "\n") + "\n")
        let walled = levels.appendingPathComponent("walled.tmx").path
        try text.write(toFile: walled, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--check-level", walled])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("\(walled): not winnable: the best run reaches x="), run.stdout)
        XCTAssertTrue(run.stdout.contains("of the goal at x=1984 (stuck at tile column 59"), run.stdout)

        let broken = levels.appendingPathComponent("broken.tmx").path
        try "<map".write(toFile: broken, atomically: true, encoding: .utf8)
        let both = try Koalio.run(["--check-level", broken, walled])
        XCTAssertEqual(both.status, 2, "a file that does not load is bad input")
        XCTAssertTrue(both.stdout.hasPrefix("\(broken):"), both.stdout)
        XCTAssertTrue(both.stdout.contains("\(walled): not winnable"), "the others are still checked")
    }
}
