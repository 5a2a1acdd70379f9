import CSDL2
import Foundation
@testable import KoalioApp
@testable import KoalioFlow
import KoalioCore
import KoalioScripting
import KoalioInput
import KoalioReplay
import KoalioSDL
import KoalioScriptPlayback
import KoalioSim
import XCTest
import KoalioLevel
import KoalioLevelFile
import KoalioTestSupport
import KoalioUserData

/// The real game loop, in-process and headless, with pads driven through SDL's virtual
/// joysticks by an input script: the same path as `koalio --input-script`.
/// Runs the real game loop in-process, headless, on level 1 with an input script.
enum LoopRunner {
    /// Starting at the title with these of the shipped levels and this progress, saved under
    /// `directory`.
    struct Flow {
        var levels = ["level1", "level2", "level3"]
        var progress = PlayerProgress()
        var directory: String
        var ghost = true
        /// The settings file's contents at start (saved in `directory/settings.toml` on change).
        var settings = Settings()
    }

    /// What a run left behind. Made and read on the main thread only (XCTest's), hence unchecked.
    struct Run: @unchecked Sendable {
        var session: Session
        var trace: [[String: Any]]
        var pads: [VirtualPad]
        var controllersLeft: Int
        /// The best run's ghost as the loop left it.
        var ghost: Ghost?
        /// Effects SDL_mixer started, and the music loop playing at the end.
        var soundsStarted: [SoundEffect: Int] = [:]
        var music: MusicTrack?
        var audioOpen = false
        /// The audio device was playing (not paused for silence) when the run ended.
        var audioPlaying = false
        var joysticksLeft: Int32
        /// The settings in effect when the run ended.
        var settings = Settings()
        /// Pictures the loop presented.
        var pictures = 0
        /// Phone pads were on (their server listening) when the run ended.
        var phonesOn = false

        func field<T>(_ tick: Int, _ name: String, as type: T.Type = T.self) -> T? { trace[tick - 1][name] as? T }
    }

    static func play(_ script: String, ticks: Int, recording: RecordingOptions? = nil, replay: Recording? = nil,
                     clock: (@MainActor () -> Double)? = nil, flow: Flow? = nil, audio: Bool = false,
                     endsAt expectedLines: Int? = nil, settings: Settings? = nil, phonesListen: String? = nil,
                     refreshRate: Int? = nil, phonesFromCommandLine: Bool = false) throws -> Run {
        try MainActor.assumeIsolated {
            TestEnvironment.isolate()
            let registry = ControllerRegistry()
            var seats = Seating()
            var options = PlatformOptions(resourceDirectory: Repository.path("Resources"))
            options.headless = true
            let platform = try Platform(options: options)
            try platform.preload(TextureID.builtIn)
            let level1 = try Repository.file(named: "level1")
            let tracePath = Scratch.file(".jsonl")
            // The command line as the game parses it: --ticks, --headless, and what the test asks.
            let command = try GameOptions.parse(["--ticks", "\(ticks)", "--headless"] + (phonesListen.map { ["--phones-listen", $0] } ?? [])
                                                + (refreshRate.map { ["--refresh-rate", "\($0)"] } ?? []))
            var loopOptions = GameLoop.Options(command: command, trace: try TraceWriter(path: tracePath),
                                               script: try InputScript.parse(script, file: "test.keys"), recording: recording, replay: replay)
            loopOptions.clock = clock
            loopOptions.audio = audio
            if let settings { loopOptions.settings = SettingsStore(saved: settings) }  // a --level run with these settings
            if phonesFromCommandLine {  // as `--phones-listen 127.0.0.1:0` starts them, and holds them on
                loopOptions.phones = try PhonePads.start(listen: "127.0.0.1:0", verbose: false)
                loopOptions.settings = SettingsStore(saved: settings ?? Settings(), overrides: .init(phones: true))
            }
            if let flow {
                // The game as started with no --level: the title, a catalog, progress saved.
                loopOptions.startScreen = .title
                loopOptions.levelIndex = 0
                // The shipped levels, loaded up front (the catalog's loader cannot make the game's errors).
                var files: [String: LevelFile] = [:]
                for name in flow.levels { files[name] = try Repository.file(named: name) }
                loopOptions.catalog = LevelCatalog(names: flow.levels) { name throws(KoalioError) in files[name] ?? level1 }
                loopOptions.progress = flow.progress
                loopOptions.progressPath = flow.directory + "/progress.toml"
                loopOptions.bestRunDirectory = flow.directory + "/best"
                loopOptions.settings = SettingsStore(saved: flow.settings, overrides: .init(ghost: flow.ghost ? nil : false),
                                                     path: flow.directory + "/settings.toml")
                loopOptions.recording = loopOptions.recording ?? RecordingOptions(gameVersion: "test", levelName: "level1",
                                                                                 levelSHA256: Array(repeating: 7, count: 32))
            }
            let loop = GameLoop(platform: platform, registry: registry, session: Session(stage: level1.stage), map: level1.map, options: loopOptions)
            let session = try loop.run()
            for case let .pad(event) in platform.pollEvents() { registry.apply(event, seats: &seats) }  // SDL reports the last detaches
            let trace = try String(contentsOfFile: tracePath, encoding: .utf8).split(separator: "\n").map {
                try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            XCTAssertEqual(trace.count, expectedLines ?? ticks, "one trace line per tick, up to the end")
            return Run(session: session, trace: trace, pads: loop.scriptPads, controllersLeft: registry.controllers.count, ghost: loop.ghost,
                       soundsStarted: platform.audio.started, music: platform.audio.music, audioOpen: platform.audio.isOpen,
                       audioPlaying: platform.audio.isPlaying,
                       joysticksLeft: SDL_NumJoysticks(), settings: loop.settings, pictures: loop.picturesPresented,
                       phonesOn: loop.phonesOn)
        }
    }
}

final class GameLoopPadTests: XCTestCase {
    func play(_ script: String, ticks: Int) throws -> LoopRunner.Run { try LoopRunner.play(script, ticks: ticks) }

    func testAPadPluggedInMidRunTakesOverAtOnceAndWalksAndJumps() throws {
        let run = try play("60 pad attach ps5\n70 pad1 leftx 1\n120 pad1 a down\n140 pad1 a up\n", ticks: 180)
        XCTAssertEqual(run.field(60, "controllers"), 0)
        XCTAssertNil(run.field(60, "activeController", as: String.self))
        XCTAssertEqual(run.field(61, "controllers"), 1, "within one frame")
        XCTAssertEqual(run.field(61, "activeController"), VirtualPad.Kind.ps5.deviceName, "SDL's name for the pad")
        XCTAssertEqual(run.field(70, "x"), 48.0, "standing until the stick moves")
        XCTAssertGreaterThan(try XCTUnwrap(run.field(119, "x", as: Double.self)), 48 + 60, "walked right")
        XCTAssertEqual(try XCTUnwrap(run.field(119, "vx", as: Double.self)), 120, accuracy: 1, "full stick: full walking speed")
        XCTAssertLessThan(try XCTUnwrap(run.field(122, "vy", as: Double.self)), 0, "A jumped")
        XCTAssertEqual(run.field(122, "onGround"), false)
        XCTAssertEqual(run.pads[0].calls.playerIndices.last, 0, "the pad in use is player 1")
        XCTAssertEqual(run.pads[0].calls.lights.last, ControllerRegistry.koalaColor)
    }

    func testUnpluggingThePadInUsePausesAndReleasesItsInput() throws {
        let run = try play("0 pad attach xbox360\n5 pad1 leftx 1\n5 pad1 x down\n60 pad1 detach\n90 escape down\n91 escape up\n",
                           ticks: 150)
        XCTAssertEqual(run.field(60, "state"), "playing")
        XCTAssertEqual(run.field(60, "dashing"), true)
        XCTAssertEqual(run.field(61, "state"), "paused")
        XCTAssertEqual(run.field(61, "controllers"), 0)
        XCTAssertNil(run.field(61, "activeController", as: String.self))
        XCTAssertEqual(try XCTUnwrap(run.field(61, "x", as: Double.self)), try XCTUnwrap(run.field(90, "x", as: Double.self)),
                       "the world stands still")
        XCTAssertEqual(run.field(93, "state"), "playing")
        XCTAssertEqual(run.field(93, "dashing"), false, "nothing the pad held is still held")
        XCTAssertLessThan(abs(try XCTUnwrap(run.field(150, "vx", as: Double.self))), 1, "the stick let go: the koala stops")
    }

    /// In a level a second pad is someone else's (it joins with A), so using it does not take
    /// player 1's koala; when the pad in use leaves, the first free pad takes over.
    func testAFreePadTakesOverOnlyWhenThePadInUseLeaves() throws {
        let run = try play("""
            0 pad attach xbox360
            1 pad attach ps4
            10 pad2 b down
            11 pad2 b up
            20 pad1 detach
            30 pad2 start down
            31 pad2 start up
            40 pad attach generic
            41 pad2 detach

            """, ticks: 60)
        XCTAssertEqual(run.field(5, "controllers"), 2)
        XCTAssertEqual(run.field(5, "activeController"), "Xbox 360 Controller")
        XCTAssertEqual(run.field(12, "activeController"), "Xbox 360 Controller", "a free pad's input does not take the koala")
        XCTAssertEqual(run.field(12, "players"), 1, "nor join without A")
        XCTAssertTrue(run.pads[1].calls.playerIndices.contains(-1), "the PS4 was no one's")
        XCTAssertEqual(run.field(21, "activeController"), VirtualPad.Kind.ps4.deviceName, "the one still connected")
        XCTAssertEqual(run.pads[1].calls.playerIndices.last, 0, "the PS4 became player 1")
        XCTAssertEqual(run.field(21, "state"), "paused", "the pad in use left")
        XCTAssertEqual(run.field(32, "state"), "playing", "Start on the remaining pad resumes")
        XCTAssertEqual(run.field(42, "activeController"), VirtualPad.Kind.generic.deviceName, "the generic pad is in use")
        XCTAssertEqual(run.field(42, "controllers"), 1)
        XCTAssertEqual(run.field(42, "state"), "paused", "its pad in use left again")
    }

    func testStartPausesAndResumes() throws {
        let run = try play("0 pad attach generic\n10 pad1 start down\n11 pad1 start up\n40 pad1 start down\n41 pad1 start up\n", ticks: 60)
        XCTAssertEqual(run.field(10, "state"), "playing")
        XCTAssertEqual(run.field(12, "state"), "paused")
        XCTAssertEqual(run.field(40, "state"), "paused")
        XCTAssertEqual(run.field(42, "state"), "playing")
    }

    func testThePadRumblesWhenTheKoalaDies() throws {
        let run = try play("0 pad attach ps5\n1 pad1 dpright down\n151 pad1 a down\n171 pad1 a up\n", ticks: 400)
        XCTAssertEqual(run.session.state, .died, "walked into the first pit")
        XCTAssertTrue(run.pads[0].calls.rumbles.contains { $0.low > 50_000 && $0.high > 30_000 }, "\(run.pads[0].calls.rumbles)")
    }

    /// 1000 attach/detach cycles of mixed pads while playing and mashing: nothing left open.
    /// (Resident memory over the storm is measured on the real binary: HotPlugStormTests.)
    func testHotPlugStormOf1000Cycles() throws {
        let run = try play(HotPlugStorm.script(rounds: 1000), ticks: HotPlugStorm.ticks(rounds: 1000))
        XCTAssertEqual(run.controllersLeft, 0, "no controller left registered")
        XCTAssertEqual(run.joysticksLeft, 0, "no joystick left open in SDL")
        XCTAssertEqual(Set(run.trace.map { $0["controllers"] as? Int }), [0, 1, 2], "the overlapping pads were both seen")
        XCTAssertEqual(run.pads.count, 1000)
    }

    func testPluggingInAndOut200TimesWhilePlaying() throws {
        var script = "0 right down\n"
        let kinds = InputScript.padKinds
        for round in 0..<200 {
            script += "\(2 + round * 3) pad attach \(kinds[round % kinds.count])\n"
            script += "\(3 + round * 3) pad\(round + 1) a down\n"
            script += "\(4 + round * 3) pad\(round + 1) detach\n"
        }
        let run = try play(script, ticks: 640)
        XCTAssertEqual(run.controllersLeft, 0, "no controller left registered")
        XCTAssertEqual(run.joysticksLeft, 0, "no joystick left open in SDL")
        XCTAssertEqual(run.field(640, "controllers"), 0)
        XCTAssertEqual(run.field(640, "activeController"), "Keyboard", "back to the keyboard this run used")
        XCTAssertEqual(run.field(640, "state"), "paused", "the last pad in use left")
        XCTAssertEqual(Set(run.trace.map { $0["controllers"] as? Int }), [0, 1], "never more than the one plugged in")
    }
}
