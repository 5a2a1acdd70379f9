import Foundation
@testable import KoalioApp
import KoalioReplay
import KoalioSim
import KoalioTestSupport
import KoalioUserData
import XCTest
import KoalioReplayFile

/// Smooth motion through the real loop: at 144 Hz the world steps exactly as at 60, a run
/// recorded at 144 Hz verifies, and a still screen presents nothing new.
final class SmoothMotionLoopTests: XCTestCase {
    func testAt144HzTheWorldStepsAsAt60AndTheRecordingVerifies() throws {
        let (recordingOptions, path) = try RecordReplayLoopTests.level1Recording()
        let script = RecordReplayLoopTests.keysAndPadScript
        let at60 = try LoopRunner.play(script, ticks: 400)
        let at144 = try LoopRunner.play(script, ticks: 400, recording: recordingOptions, refreshRate: 144)
        XCTAssertTrue(at144.settings.smoothMotion.isOn(refreshRate: 144), "auto: on at 144 Hz")
        XCTAssertEqual(at144.session.world, at60.session.world, "the same world at the end")
        for tick in 1...400 {
            for field in ["x", "y", "vx", "vy", "state", "controllers", "activeController"] {
                XCTAssertEqual(String(describing: at144.trace[tick - 1][field]), String(describing: at60.trace[tick - 1][field]),
                               "tick \(tick): \(field)")
            }
        }
        XCTAssertGreaterThan(at144.pictures, at60.pictures * 2, "more pictures at 144 Hz: \(at144.pictures) against \(at60.pictures)")

        let data = try XCTUnwrap(FileManager.default.contents(atPath: path), "written when the game quit")
        let recording = try ReplayFile.decode([UInt8](data), file: path)
        XCTAssertEqual(ReplayVerifier.verify(recording, on: try Repository.level1Stage()), .ok(ticks: 400),
                       "recorded at 144 Hz, verified step by step as at 60")
        let playback = try LoopRunner.play("", ticks: 400, replay: recording)
        XCTAssertEqual(playback.session.world, at144.session.world, "played back at 60 Hz: the same run")
    }

    /// Paused, the picture does not change at any refresh rate: after the pause screen's first
    /// picture, none is presented (the pause begins at tick 3, the run lasts 300).
    func testAStillScreenPresentsNothingNewAt144Hz() throws {
        // Show at always: with auto the on-screen controls would fade out at 3 s, after the keys.
        var shown = Settings()
        shown.touchShown = .always
        let paused = try LoopRunner.play("0 right down\n2 escape down\n3 escape up\n", ticks: 300, settings: shown, refreshRate: 144)
        XCTAssertEqual(paused.session.state, .paused)
        XCTAssertLessThanOrEqual(paused.pictures, 12, "a few pictures before the pause, then none")
        // Walking (into the first pit at tick 141), the koala is drawn on its way between steps:
        // more pictures than steps. (Headless draws in software, in whole view pixels.)
        let moving = try LoopRunner.play("0 right down\n", ticks: 300, refreshRate: 144)
        let steps = try LoopRunner.play("0 right down\n", ticks: 300)
        XCTAssertGreaterThan(Double(moving.pictures), Double(steps.pictures) * 1.5, "\(moving.pictures) pictures against \(steps.pictures)")
    }
}
