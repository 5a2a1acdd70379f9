import Foundation
@testable import KoalioApp
@testable import KoalioFlow
import KoalioCore
import KoalioInput
import KoalioLevel
import KoalioLevelFile
import KoalioReplay
import KoalioScriptPlayback
import KoalioSim
import KoalioTestSupport
import XCTest
import KoalioReplayFile
import KoalioSDL

/// Local co-op through the real loop, headless, with SDL virtual pads: joining with A, each
/// player's number on their pad, walking apart, dying and coming back, being brought along,
/// losing and winning together, a pad unplugged and plugged back, leaving, and replays.
final class CoopLoopTests: XCTestCase {
    /// The trace's object for one player's koala at a tick, if in play.
    func koala(_ run: LoopRunner.Run, _ tick: Int, _ player: Int) -> [String: Any]? {
        (run.trace[tick - 1]["koalas"] as? [[String: Any]])?.first { $0["player"] as? Int == player }
    }

    func x(_ run: LoopRunner.Run, _ tick: Int, _ player: Int) throws -> Double {
        try XCTUnwrap(koala(run, tick, player)?["x"] as? Double, "player \(player) at tick \(tick)")
    }

    func state(_ run: LoopRunner.Run, _ tick: Int, _ player: Int) -> String? { koala(run, tick, player)?["state"] as? String }

    func testPadsJoinWithAAndShowTheirPlayerOnTheirLightsThenWalkOnTheirOwn() throws {
        let run = try LoopRunner.play("""
            0 pad attach xboxone
            0 pad attach ps5
            0 pad attach switchpro
            20 pad2 a down
            21 pad2 a up
            25 pad3 a down
            26 pad3 a up
            40 pad2 leftx -1
            40 right down
            100 right up

            """, ticks: 110)
        XCTAssertEqual(run.field(20, "players"), 1, "alone until A")
        XCTAssertEqual(run.field(23, "players"), 2, "A on the second pad adds player 2")
        XCTAssertEqual(run.field(28, "players"), 3)
        XCTAssertEqual(koala(run, 23, 2)?["controller"] as? String, VirtualPad.Kind.ps5.deviceName)
        XCTAssertEqual(koala(run, 28, 3)?["controller"] as? String, VirtualPad.Kind.switchPro.deviceName)
        XCTAssertEqual(try x(run, 23, 2), try x(run, 23, 1) - Tuning.besideOffsetPoints, accuracy: 0.5, "appearing next to player 1")
        XCTAssertEqual(run.pads.map { $0.calls.playerIndices.last }, [0, 1, 2], "SDL's player index is the number − 1")
        XCTAssertEqual(run.pads.map { $0.calls.lights.last }, [PlayerColors.of(1), PlayerColors.of(2), PlayerColors.of(3)],
                       "each light bar in its player's colour")
        XCTAssertEqual(koala(run, 39, 2)?["y"] as? Double, koala(run, 39, 1)?["y"] as? Double, "standing on the same floor")
        XCTAssertGreaterThan(try x(run, 100, 1), try x(run, 40, 1) + 60, "player 1 walked right with the keyboard")
        XCTAssertLessThan(try x(run, 100, 2), try x(run, 40, 2) - 10, "player 2 walked left with their stick")
        XCTAssertEqual(try x(run, 100, 3), try x(run, 40, 3), "player 3 stood still")
        XCTAssertEqual(run.session.world.koalas.map(\.number), [1, 2, 3])
    }

    /// Four players in the loop, each on a pad of their own kind, each steering only their koala;
    /// the pause menu offers each partner's way out.
    func testFourPlayersPlayTogether() throws {
        let run = try LoopRunner.play("""
            0 pad attach xboxone
            0 pad attach ps5
            0 pad attach switchpro
            0 pad attach ps4
            5 pad1 a down
            6 pad1 a up
            20 pad2 a down
            21 pad2 a up
            22 pad3 a down
            23 pad3 a up
            24 pad4 a down
            25 pad4 a up
            60 pad1 leftx 1
            60 pad3 leftx -1
            100 pad1 leftx 0
            100 pad3 leftx 0

            """, ticks: 110)
        XCTAssertEqual(run.field(30, "players"), 4, "three free pads joined")
        XCTAssertEqual(run.session.world.koalas.map(\.number), [1, 2, 3, 4])
        XCTAssertEqual((2...4).map { koala(run, 30, $0)?["controller"] as? String },
                       [VirtualPad.Kind.ps5.deviceName, VirtualPad.Kind.switchPro.deviceName, VirtualPad.Kind.ps4.deviceName])
        XCTAssertEqual(run.pads.map { $0.calls.playerIndices.last }, [0, 1, 2, 3])
        XCTAssertGreaterThan(try x(run, 100, 1), try x(run, 59, 1) + 30, "player 1 walked right")
        XCTAssertLessThan(try x(run, 100, 3), try x(run, 59, 3) - 10, "player 3 walked left")
        XCTAssertEqual(try x(run, 100, 2), try x(run, 59, 2), "player 2 stood still")
        XCTAssertEqual(try x(run, 100, 4), try x(run, 59, 4), "player 4 stood still")
    }

    /// An Xbox 360 pad (player 1's) and a PS4 pad whose A joins as player 2 at tick 10.
    static let twoPlayers = "0 pad attach xbox360\n0 pad attach ps4\n10 pad2 a down\n11 pad2 a up\n"

    func testAKoalaThatDiesComesBackBesideATeammateTwoSecondsLater() throws {
        let run = try LoopRunner.play(Self.twoPlayers + """
            20 pad2 leftx 1
            165 pad2 a down
            185 pad2 a up
            400 pad2 leftx 0

            """, ticks: 560)
        let died = try XCTUnwrap((20...540).first { state(run, $0, 2) == "dead" }, "player 2 jumped the crates and walked into the pit")
        XCTAssertLessThan(died, 400)
        XCTAssertEqual(run.field(died, "state"), "playing", "player 1 lives: the run goes on")
        XCTAssertTrue(run.field(died, "sounds", as: [String].self)?.contains("death") ?? false)
        XCTAssertEqual(state(run, died + Tuning.respawnTicks - 1, 2), "dead")
        XCTAssertEqual(state(run, died + Tuning.respawnTicks, 2), "alive", "back after two seconds")
        XCTAssertEqual(abs(try x(run, died + Tuning.respawnTicks, 2) - x(run, died + Tuning.respawnTicks, 1)),
                       Tuning.besideOffsetPoints, accuracy: 0.5, "beside player 1")
        XCTAssertEqual(run.pads[1].calls.rumbles.filter { $0.low > 50_000 }.count, 1, "player 2's pad felt their koala die")
        XCTAssertFalse(run.pads[0].calls.rumbles.contains { $0.low > 0 }, "player 1's did not")
    }

    func testTheRunIsLostWhenBothAreDeadAtOnce() throws {
        let run = try LoopRunner.play(Self.twoPlayers + """
            20 pad2 leftx 1
            20 pad1 leftx 1
            160 pad1 a down
            160 pad2 a down
            180 pad1 a up
            180 pad2 a up

            """, ticks: 450)
        let first = try XCTUnwrap((20...450).first { state(run, $0, 1) == "dead" || state(run, $0, 2) == "dead" })
        XCTAssertEqual(run.field(first, "state"), "playing", "one dead, one alive")
        let lost = try XCTUnwrap((first...450).first { run.field($0, "state") == "died" })
        XCTAssertGreaterThan(lost, first)
        XCTAssertEqual([state(run, lost, 1), state(run, lost, 2)], ["dead", "dead"])
    }

    /// Player 1 runs the level with the keyboard; player 2 stands still at the start, is brought
    /// along each time the camera has left them behind for a second, and player 1 wins for both.
    func testAKoalaLeftBehindIsBroughtAlongAndOneAtTheFlagWinsForAll() throws {
        let keys = try String(contentsOfFile: Repository.path("Tests/Fixtures/level1-win.keys"), encoding: .utf8)
        let run = try LoopRunner.play("0 pad attach xbox360\n0 pad attach ps5\n5 pad2 a down\n6 pad2 a up\n" + keys, ticks: 2400,
                                      endsAt: 2400)
        XCTAssertEqual(run.session.state, .won)
        XCTAssertEqual(run.session.world.winner, 1)
        let jump = try XCTUnwrap((10..<2200).first { tick in
            let before = koala(run, tick, 2)?["x"] as? Double ?? 0, after = koala(run, tick + 1, 2)?["x"] as? Double ?? 0
            return after - before > 100
        }, "player 2 was moved forward")
        XCTAssertEqual(abs(try x(run, jump + 1, 2) - x(run, jump + 1, 1)), Tuning.besideOffsetPoints, accuracy: 0.5, "beside player 1")
        let times = run.session.world.koalas.map { run.session.world.tick - $0.joinedAtTick }
        XCTAssertEqual(times[0], run.session.world.tick)
        XCTAssertLessThan(times[1], times[0], "player 2's time runs from their join")
    }

    func testUnpluggingPlayerTwosPadPausesAndPluggingItBackResumesTheirKoala() throws {
        let run = try LoopRunner.play("""
            0 pad attach xbox360
            0 pad attach ps5
            10 pad2 a down
            11 pad2 a up
            20 pad2 leftx -1
            30 pad2 detach
            50 pad attach ps5
            60 pad1 start down
            61 pad1 start up
            70 pad3 leftx 1

            """, ticks: 120)
        XCTAssertEqual(run.field(30, "state"), "playing")
        XCTAssertEqual(run.field(32, "state"), "paused", "player 2's pad left: the game waits")
        XCTAssertEqual(run.field(32, "players"), 2, "their koala stays")
        let waiting = try XCTUnwrap(koala(run, 40, 2), "player 2's koala is still in the game")
        XCTAssertNil(waiting["controller"] as? String, "with no controller")
        XCTAssertEqual(koala(run, 63, 2)?["controller"] as? String, VirtualPad.Kind.ps5.deviceName, "the same kind of pad plugged back is theirs")
        XCTAssertEqual(run.pads[2].calls.playerIndices.last, 1, "and shows player 2")
        XCTAssertEqual(run.field(63, "state"), "playing")
        XCTAssertLessThan(abs(try x(run, 69, 2) - x(run, 68, 2)), 1, "the stick the pad held when it left was released: slowing")
        XCTAssertGreaterThan(try x(run, 110, 2), try x(run, 70, 2) + 30, "player 2 walks again with the pad plugged back")
    }

    /// The pause a lost pad causes is the player's to end: A on any free pad gives them their
    /// koala back (and, as the pause menu's choice, resumes).
    func testAFreePadsAGivesAPlayerWhosePadWentAwayTheirKoalaBack() throws {
        let run = try LoopRunner.play("""
            0 pad attach xbox360
            0 pad attach ps5
            0 pad attach generic
            10 pad2 a down
            11 pad2 a up
            30 pad2 detach
            50 pad3 a down
            51 pad3 a up
            60 pad3 leftx 1

            """, ticks: 120)
        XCTAssertEqual(run.field(40, "state"), "paused")
        let waiting = try XCTUnwrap(koala(run, 40, 2), "player 2's koala is still in the game")
        XCTAssertNil(waiting["controller"] as? String, "with no controller")
        XCTAssertEqual(run.field(53, "players"), 2)
        XCTAssertEqual(koala(run, 53, 2)?["controller"] as? String, VirtualPad.Kind.generic.deviceName, "the generic pad plays player 2 now")
        XCTAssertEqual(run.pads[2].calls.playerIndices.last, 1)
        XCTAssertEqual(run.field(53, "state"), "playing", "and its A resumed")
        XCTAssertGreaterThan(try x(run, 110, 2), try x(run, 60, 2) + 30, "player 2 walks with it")
    }

    func testPlayersLeaveByHoldingBackOrFromThePauseMenu() throws {
        let hold = ControllerRegistry.leaveHoldTicks
        let run = try LoopRunner.play(Self.twoPlayers + """
            20 pad2 back down
            \(20 + hold + 5) pad2 back up
            200 pad2 a down
            201 pad2 a up
            220 pad1 start down
            221 pad1 start up
            230 pad1 dpdown down
            231 pad1 dpdown up
            240 pad1 dpdown down
            241 pad1 dpdown up
            245 pad1 dpdown down
            246 pad1 dpdown up
            248 pad1 dpdown down
            249 pad1 dpdown up
            250 pad1 dpdown down
            251 pad1 dpdown up
            252 pad1 a down
            253 pad1 a up
            260 pad1 start down
            261 pad1 start up

            """, ticks: 280)
        XCTAssertEqual(run.field(20 + hold - 1, "players"), 2, "still in after less than two seconds")
        XCTAssertEqual(run.field(20 + hold + 3, "players"), 1, "two seconds of Back: left")
        XCTAssertEqual(run.field(205, "players"), 2, "joined again with A")
        XCTAssertEqual(run.field(255, "state"), "paused")
        XCTAssertEqual(run.field(263, "state"), "playing")
        XCTAssertEqual(run.field(263, "players"), 1, "\"Player 2 leaves\" from the pause menu")
    }

    func testACoopRunReplaysExactly() throws {
        let levelPath = Repository.path("Levels/level1.tmx")
        let path = Scratch.file(".koalioreplay")
        let options = RecordingOptions(gameVersion: "test", levelName: "level1",
                                       levelSHA256: try LevelFile.load(levelPath).sha256, recordPath: path)
        let live = try LoopRunner.play("""
            0 pad attach xbox360
            0 pad attach ps5
            0 pad attach generic
            10 pad2 a down
            11 pad2 a up
            15 pad3 a down
            16 pad3 a up
            20 right down
            25 pad2 leftx 0.6
            30 pad3 a down
            40 pad3 a up
            60 pad2 detach
            80 pad1 start down
            81 pad1 start up
            120 pad3 back down

            """, ticks: 300, recording: options)
        let recording = try ReplayFile.decode(try XCTUnwrap(FileManager.default.contents(atPath: path)).map { $0 }, file: path)
        XCTAssertEqual(recording.formatVersion, Recording.formatVersion)
        XCTAssertTrue(recording.inputs.contains { $0.partners.count == 2 }, "both co-op players are in the recording")
        let map = try LevelFile.load(levelPath).stage
        XCTAssertEqual(ReplayVerifier.verify(recording, on: map), .ok(ticks: 300))
        let replayed = try LoopRunner.play("", ticks: 300, replay: recording)
        XCTAssertEqual(replayed.session.world, live.session.world, "the loop's own playback ends in the same world")
        XCTAssertEqual(replayed.session.world.koalas.count, live.session.world.koalas.count)
    }
}
