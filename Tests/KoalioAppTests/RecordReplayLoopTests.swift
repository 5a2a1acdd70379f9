import Foundation
import KoalioApp
import KoalioScripting
import KoalioReplay
import KoalioSim
import KoalioTestSupport
import XCTest
import KoalioLevel
import KoalioLevelFile
import KoalioReplayFile

/// Runs recorded through the real loop from scripted keyboard and virtual-pad input replay to
/// the same end state, through the verifier and through the loop's own playback.
final class RecordReplayLoopTests: XCTestCase {
    /// 400 ticks of keys and a PS5 pad plugged in and out: walking, jumping, dashing, a pause.
    static let keysAndPadScript = """
        0 right down
        40 space down
        50 space up
        60 right up
        70 pad attach ps5
        80 pad1 leftx 0.8
        120 pad1 a down
        124 pad1 a up
        125 pad1 x down
        160 pad1 detach
        200 escape down
        201 escape up
        210 d down
        260 x down
        300 d up

        """

    /// Level 1's run recorded to a scratch file (returned with the options).
    static func level1Recording() throws -> (options: RecordingOptions, path: String) {
        let path = Scratch.file(".koalioreplay")
        return (RecordingOptions(gameVersion: "test", levelName: "level1",
                                 levelSHA256: try LevelFile.load(Repository.path("Levels/level1.tmx")).sha256, recordPath: path), path)
    }

    func testALiveRunWithKeysAndAPadReplaysExactly() throws {
        let (recordingOptions, path) = try Self.level1Recording()
        let live = try LoopRunner.play(Self.keysAndPadScript, ticks: 400, recording: recordingOptions)
        XCTAssertEqual(live.field(161, "state"), "paused", "the pad in use left: the game paused itself")
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path), "written when the game quit")
        let recording = try ReplayFile.decode([UInt8](data), file: path)
        XCTAssertEqual(recording.inputs.count, 400)
        XCTAssertEqual(recording.controllerChanges.map(\.name), ["Keyboard", "DualSense Wireless Controller", "Keyboard"],
                       "which controller, and when it changed")

        let map = try LevelFile.load(Repository.path("Levels/level1.tmx")).stage
        XCTAssertEqual(ReplayVerifier.verify(recording, on: map), .ok(ticks: 400))
        var replayed = Session(stage: map)
        for input in recording.inputs { replayed.step(input) }
        XCTAssertEqual(replayed.world, live.session.world, "the same end state")
        XCTAssertEqual(replayed.isPaused, live.session.isPaused)

        // Played back by the loop itself, with live keys that must not steer.
        let playback = try LoopRunner.play("0 left down\n30 space down\n", ticks: 400, replay: recording)
        XCTAssertEqual(playback.session.world, live.session.world)
        XCTAssertEqual(try XCTUnwrap(playback.field(100, "x", as: Double.self)), try XCTUnwrap(live.field(100, "x", as: Double.self)))
        XCTAssertEqual(playback.field(1, "hudVisible"), false, "no HUD during a replay")
    }

    func testPlaybackPausesAndResumesWithoutChangingTheRun() throws {
        let (recording, _) = try winningRecording()
        let run = try LoopRunner.play("100 escape down\n101 escape up\n160 p down\n161 p up\n", ticks: 2400, replay: recording)
        XCTAssertEqual(run.field(130, "state"), "paused", "the viewer paused the playback")
        XCTAssertEqual(try XCTUnwrap(run.field(130, "x", as: Double.self)), try XCTUnwrap(run.field(159, "x", as: Double.self)))
        XCTAssertEqual(run.session.state, .won, "and it still wins, 60 ticks later")
        XCTAssertEqual(run.field(2400, "state"), "won")
    }

    /// A clock the loop reads once per frame; each read moves it on by the next frame's time.
    @MainActor final class FakeClock {
        private(set) var reads = 0
        private var now = 0.0
        private let frameTime: () -> Double

        init(frameTime: @escaping () -> Double) { self.frameTime = frameTime }

        func read() -> Double {
            reads += 1
            defer { now += frameTime() }
            return now
        }
    }

    /// The real loop, its frame clock and accumulator, at 30, 60 and 144 frames per second, with
    /// jitter, and with stalls that the five-ticks-per-frame clamp cuts short: the shipped run
    /// plays back to the same end state, tick for tick, in as many frames as the rate implies.
    @MainActor
    func testRenderRateDoesNotChangeThePlayback() throws {
        let (recording, _) = try winningRecording()
        let ticks = recording.inputs.count
        let finalChecksum = try XCTUnwrap(recording.checksums.last)
        XCTAssertEqual(finalChecksum.tick, ticks)
        var jitter = SystemRandomNumberGenerator()
        let rates: [(name: String, frameTime: () -> Double, frames: ClosedRange<Int>)] = [
            ("30 fps", { 1.0 / 30 }, (ticks / 2)...(ticks / 2 + 2)),
            ("60 fps", { 1.0 / 60 }, (ticks - 1)...(ticks + 2)),
            ("144 fps", { 1.0 / 144 }, (ticks * 144 / 60 - 3)...(ticks * 144 / 60 + 3)),
            ("jitter 1–41 ms", { Double.random(in: 0.001...0.041, using: &jitter) }, (ticks / 3)...(ticks * 17)),
            // 0.25 s frames owe 15 ticks each; the clamp pays 5, so the game runs at a third of wall time.
            ("stalls", { 0.25 }, (ticks / FrameClock.maxTicksPerFrame)...(ticks / FrameClock.maxTicksPerFrame + 2)),
        ]
        for rate in rates {
            let clock = FakeClock(frameTime: rate.frameTime)
            let run = try LoopRunner.play("", ticks: ticks, replay: recording, clock: { clock.read() })
            XCTAssertEqual(run.session.steps, ticks, rate.name)
            XCTAssertEqual(run.session.state, .won, rate.name)
            XCTAssertEqual(StateChecksum.of(run.session, format: recording.formatVersion), finalChecksum.value, "\(rate.name): the same end state")
            let frames = clock.reads - 1
            XCTAssertTrue(rate.frames.contains(frames), "\(rate.name): \(frames) frames for \(ticks) ticks")
        }
    }

    /// The shipped winning replay of level 1.
    func winningRecording() throws -> (Recording, Stage) {
        let path = Repository.path("Tests/Replays/level1.koalioreplay")
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path))
        return (try ReplayFile.decode([UInt8](data), file: path), try Repository.level1Stage())
    }
}
