import Foundation
import KoalioCore
import KoalioTestSupport
import KoalioUserData
import XCTest

/// Sounds through the real loop and SDL_mixer on SDL's dummy audio driver: which effects a
/// scripted run starts, the trace naming them on their tick, and which music loop plays.
final class AudioLoopTests: XCTestCase {
    func sounds(_ run: LoopRunner.Run) -> [(tick: Int, names: [String])] {
        run.trace.enumerated().compactMap { index, line in
            let names = line["sounds"] as? [String] ?? []
            return names.isEmpty ? nil : (index + 1, names)
        }
    }

    func testAWinningRunJumpsDashesLandsAndWinsOutLoud() throws {
        let script = try String(contentsOfFile: Repository.path("Tests/Fixtures/level1-win.keys"), encoding: .utf8)
        let run = try LoopRunner.play(script, ticks: 600, audio: true)
        XCTAssertTrue(run.audioOpen, "the dummy driver opens")
        XCTAssertEqual(run.session.state, .won)
        let traced = sounds(run).flatMap(\.names)
        for effect in [SoundEffect.jump, .dash, .land] {
            XCTAssertGreaterThan(run.soundsStarted[effect] ?? 0, effect == .dash ? 0 : 5, "\(effect) (the run holds its one dash)")
            XCTAssertEqual(run.soundsStarted[effect], traced.filter { $0 == effect.rawValue }.count, "the trace names each \(effect)")
        }
        XCTAssertEqual(run.soundsStarted[.win], 1)
        XCTAssertNil(run.soundsStarted[.death])
        XCTAssertEqual(traced.last, "win")
        XCTAssertEqual(run.music, .level("level1"))
        // The first jump sounds on the very tick the koala leaves the ground.
        let firstJump = try XCTUnwrap(sounds(run).first { $0.names.contains("jump") }?.tick)
        XCTAssertLessThan(try XCTUnwrap(run.field(firstJump, "vy", as: Double.self)), -200)
        XCTAssertEqual(run.field(firstJump - 1, "onGround"), true)
    }

    func testDeathMenusAndPadsAreHeard() throws {
        let flow = LoopRunner.Flow(directory: try Scratch.directory().path)
        let run = try LoopRunner.play("""
            0 pad attach xboxone
            1 pad1 detach
            2 down down
            3 down up
            4 up down
            5 up up
            6 enter down
            7 enter up
            8 enter down
            9 enter up
            12 right down
            162 space down
            182 space up

            """, ticks: 400, flow: flow, audio: true)
        XCTAssertEqual(run.soundsStarted[.menuMove], 2, "down to Quit, up to Play")
        XCTAssertEqual(run.soundsStarted[.menuChoose], 2, "Play, then level 1")
        XCTAssertEqual(run.soundsStarted[.padConnected], 1)
        XCTAssertEqual(run.soundsStarted[.padDisconnected], 1)
        XCTAssertEqual(run.soundsStarted[.death], 1, "walked into the first pit")
        XCTAssertEqual(run.music, .level("level1"))
        XCTAssertEqual(sounds(run).map(\.names).prefix(3), [["pad_connected"], ["pad_disconnected"], ["menu_move"]])
        XCTAssertEqual(sounds(run)[2].tick, 3, "on the tick the selection moved")
    }

    func testMenusPlayTheTitleLoop() throws {
        let run = try LoopRunner.play("", ticks: 5, flow: LoopRunner.Flow(directory: try Scratch.directory().path), audio: true)
        XCTAssertEqual(run.music, .title)
        XCTAssertTrue(run.soundsStarted.isEmpty)
    }

    /// Idle means idle: with nothing audible the device is paused, so SDL stops calling the
    /// mixer (no loop decoded for no one); it plays again as soon as something is heard.
    func testTheDeviceRestsWhileNothingIsAudible() throws {
        let pause = "20 escape down\n21 escape up\n"
        var silent = Settings()
        silent.musicVolume = 0
        silent.effectsVolume = 0
        let jump = "10 space down\n12 space up\n"
        let quiet = try LoopRunner.play(jump + pause, ticks: 90, audio: true, settings: silent)
        XCTAssertTrue(quiet.audioOpen)
        XCTAssertEqual(quiet.field(90, "state"), "paused")
        XCTAssertFalse(quiet.audioPlaying, "volumes at 0: the device is paused")
        XCTAssertEqual(quiet.soundsStarted[.jump], 1, "the jump was still played, to no one (the trace keeps it)")

        let heard = try LoopRunner.play(pause, ticks: 90, audio: true, settings: Settings())
        XCTAssertTrue(heard.audioPlaying, "the ducked loop is heard: the device plays")

        // Effects that end into silence pause it after them: MixerTests.testTheDevicePlaysOnlyWhileSomethingIsAudible.
    }
}
