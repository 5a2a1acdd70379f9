import Foundation
import KoalioTestSupport
import KoalioHarness
import XCTest

/// A damaged `progress.toml` through the real binary: one warning line naming the file and the
/// place, the game plays on from no progress, and the damaged file is kept aside untouched.
final class ProgressFileTests: XCTestCase {
    func testADamagedProgressFileIsKeptAsideWithOneWarningAndTheGameStarts() throws {
        let home = try Scratch.directory().path
        try FileManager.default.createDirectory(atPath: home + "/koalio", withIntermediateDirectories: true)
        let path = home + "/koalio/progress.toml"
        let damaged = "version = 1\n[levels.level1\nwon = true\n"
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))
        let trace = home + "/trace.jsonl"
        let run = try Koalio.run(["--headless", "--ticks", "3", "--trace", trace], environment: ["XDG_DATA_HOME": home])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("koalio: warning: \(path):2: not TOML"), run.stderr)
        XCTAssertTrue(run.stderr.contains("kept as \(path).damaged"), run.stderr)
        XCTAssertEqual(try String(contentsOfFile: path + ".damaged", encoding: .utf8), damaged)
        XCTAssertEqual(try Koalio.traceLines(trace).last?["screen"] as? String, "title", "no --level: the title")
    }
}

/// No audio device: the game plays on silently after one warning line.
final class NoSoundTests: XCTestCase {
    func testWithNoAudioDeviceTheGameSaysSoOnceAndPlaysOn() throws {
        let trace = try Scratch.directory().path + "/trace.jsonl"
        let xvfb = try Xvfb()
        let run = try Koalio.run(["--level", "level1", "--ticks", "40", "--trace", trace, "--input-script", "Tests/Fixtures/level1-win.keys"],
                                 environment: ["DISPLAY": xvfb.display, "SDL_AUDIODRIVER": "nosuchdriver"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("koalio: no sound: "), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("(the game plays on silently)\n"), run.stderr)
        XCTAssertEqual(try Koalio.traceLines(trace).count, 40, "and it played")
    }
}
