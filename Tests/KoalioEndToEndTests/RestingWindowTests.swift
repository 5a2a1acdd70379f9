import Foundation
import KoalioHarness
import XCTest

/// A still screen rests: in a real window a paused level shows far fewer frames than it runs
/// ticks, yet every tick is run and traced exactly as a run that never rests (headless).
final class RestingWindowTests: XCTestCase {
    func testAPausedLevelRestsAndEveryTickStillRuns() throws {
        let xvfb = try Xvfb()
        let dir = try Koalio.scratch()
        let script = dir.appendingPathComponent("pause.keys").path
        // Paused from tick 3 to 300; walking right before and after (the world moves, frames come).
        try "0 right down\n2 escape down\n3 escape up\n300 escape down\n301 escape up\n".write(toFile: script, atomically: true, encoding: .utf8)
        var rested = 0.0, lastTick: Int?
        func run(_ extra: [String], name: String) throws -> (trace: [[String: Any]], frames: Int) {
            let trace = dir.appendingPathComponent("\(name).jsonl").path, times = dir.appendingPathComponent("\(name).txt").path
            let result = try Koalio.run(["--level", "level1", "--ticks", "400", "--input-script", script, "--trace", trace,
                                         "--frame-times", times] + extra, environment: ["DISPLAY": xvfb.display])
            XCTAssertEqual(result.status, 0, result.stderr)
            let rows = try String(contentsOfFile: times, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
            rested = rows.compactMap { $0.count == 5 ? Double($0[4]) : nil }.reduce(0, +)
            lastTick = rows.last.flatMap { $0.count == 5 ? Int($0[3]) : nil }
            return (try Koalio.traceLines(trace), rows.count)
        }
        let window = try run(["--renderer", "software"], name: "window")
        let windowRested = rested
        XCTAssertEqual(lastTick, 400, "--frame-times counts the steps: the last frame's is the 400th")
        let headless = try run(["--headless"], name: "headless")
        XCTAssertEqual(window.trace.count, 400, "every tick traced")
        XCTAssertEqual(window.trace.compactMap { $0["tick"] as? Int }, Array(1...400))
        XCTAssertEqual(window.trace.filter { $0["state"] as? String == "paused" }.count,
                       headless.trace.filter { $0["state"] as? String == "paused" }.count, "paused as long as a run that never rests")
        for field in ["x", "y", "state", "screen"] {
            XCTAssertEqual(window.trace.map { "\($0[field] ?? "-")" }, headless.trace.map { "\($0[field] ?? "-")" }, field)
        }
        XCTAssertEqual(headless.frames, 400, "headless: a frame a tick")
        XCTAssertLessThan(window.frames, 400 - 200, "the ~300 paused ticks rested: \(window.frames) frames for 400 ticks")
        XCTAssertGreaterThan(windowRested, 3000, "--frame-times says how long it rested (ms): most of the ~5 s paused")
    }

    /// At 144 Hz, with the title and the level select resting between a pad's presses (most
    /// frames run no tick there), each press is taken at its own tick.
    func testAPadPressOnAStillMenuIsTakenAt144Hz() throws {
        let xvfb = try Xvfb()
        let dir = try Koalio.scratch()
        let script = dir.appendingPathComponent("pad.keys").path
        try "1 pad attach xboxone\n40 pad1 a down\n41 pad1 a up\n90 pad1 b down\n91 pad1 b up\n140 pad1 a down\n141 pad1 a up\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let trace = dir.appendingPathComponent("pad.jsonl").path
        let result = try Koalio.run(["--ticks", "200", "--input-script", script, "--trace", trace, "--refresh-rate", "144",
                                     "--renderer", "software"], environment: ["DISPLAY": xvfb.display])
        XCTAssertEqual(result.status, 0, result.stderr)
        let screens = try Koalio.traceLines(trace).map { $0["screen"] as? String ?? "-" }
        XCTAssertEqual(screens.count, 200, "every tick traced")
        XCTAssertEqual(screens[38], "title")
        XCTAssertEqual(screens[45], "levels", "A on the title: Play")
        XCTAssertEqual(screens[95], "title", "B: back")
        XCTAssertEqual(screens[145], "levels", "A again")
    }

    /// On wall time (no script) a still title rests, but never through the last tick: that frame
    /// of its own draws the last picture, and `--screenshot` saves it.
    func testAStillTitleOnWallTimeEndsWithItsScreenshot() throws {
        let xvfb = try Xvfb()
        let dir = try Koalio.scratch()
        let png = dir.appendingPathComponent("title.png").path, trace = dir.appendingPathComponent("title.jsonl").path
        let times = dir.appendingPathComponent("title.txt").path
        let result = try Koalio.run(["--ticks", "90", "--screenshot", png, "--trace", trace, "--frame-times", times, "--renderer", "software"],
                                    environment: ["DISPLAY": xvfb.display])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try Koalio.traceLines(trace).count, 90, "every tick traced")
        XCTAssertTrue(FileManager.default.fileExists(atPath: png), "the screenshot is saved")
        let rested = try String(contentsOfFile: times, encoding: .utf8).split(separator: "\n").compactMap { Double($0.split(separator: " ").last ?? "") }
        XCTAssertGreaterThan(rested.reduce(0, +), 500, "the title rested (ms)")
    }
}
