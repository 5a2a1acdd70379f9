import Foundation
import KoalioApp
import KoalioReplay
import KoalioTestSupport
import KoalioUserData
import KoalioView
import KoalioSim
import XCTest
import KoalioReplayFile
import KoalioUserFiles

/// Title → level select → level through the real loop, with each scheme; winning saves the
/// best time and its run, unlocks the next level and offers it.
final class GameFlowTests: XCTestCase {
    func flow(_ progress: PlayerProgress = PlayerProgress()) throws -> LoopRunner.Flow {
        LoopRunner.Flow(progress: progress, directory: try Scratch.directory().path)
    }

    func screens(_ run: LoopRunner.Run) -> [String] {
        run.trace.compactMap { $0["screen"] as? String }.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }

    /// The win script, started `offset` ticks later.
    func winScript(after offset: Int) throws -> String {
        let text = try String(contentsOfFile: Repository.path("Tests/Fixtures/level1-win.keys"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2, let tick = Int(fields[0]) else { return nil }
            return "\(tick + offset) \(fields[1])"
        }.joined(separator: "\n") + "\n"
    }

    func testTheKeyboardGoesFromTheTitleThroughTheLevelSelectIntoALevel() throws {
        let run = try LoopRunner.play("""
            2 down down
            3 down up
            4 up down
            5 up up
            6 enter down
            7 enter up
            8 down down
            9 down up
            10 escape down
            11 escape up
            12 enter down
            13 enter up
            14 up down
            15 up up
            16 enter down
            17 enter up
            30 right down

            """, ticks: 60, flow: try flow())
        XCTAssertEqual(run.field(1, "screen"), "title")
        XCTAssertNil(run.trace[0]["level"] as? String, "no level outside a level")
        XCTAssertEqual(screens(run), ["title", "levels", "title", "levels", "level"],
                       "↓ skipped locked level 2 to Back, Esc went to the title, the level select kept Back selected, ↑ went to level 1")
        XCTAssertEqual(run.field(60, "level"), "level1")
        XCTAssertEqual(run.field(14, "hudVisible"), false, "no on-screen controls in menus")
        XCTAssertEqual(run.field(60, "hudVisible"), true, "they appear in the level")
        XCTAssertGreaterThan(try XCTUnwrap(run.field(60, "x", as: Double.self)), 60, "the koala walks")
    }

    /// A press that leaves a level lands in the level select and does nothing more there: B on
    /// the pause screen ("B levels") and Esc on "You Won!" ("Escape levels") used to go on to
    /// the title, Enter on the last level's end screen to restart it.
    func testAPressThatLeavesALevelIsNotReadAgainByTheLevelSelect() throws {
        let navigate = "2 enter down\n3 enter up\n4 enter down\n5 enter up\n"
        let paused = try LoopRunner.play(navigate + "10 pad attach xboxone\n20 pad1 start down\n21 pad1 start up\n"
                                         + "30 pad1 b down\n31 pad1 b up\n", ticks: 40, flow: try flow())
        XCTAssertEqual(paused.field(25, "state"), "paused")
        XCTAssertEqual(screens(paused), ["title", "levels", "level", "levels"], "B on the pause screen leads to the levels, and stays")

        var won = PlayerProgress()
        won.recordWin(level: "level1", ticks: 9999)
        let start = 6, wonAt = start + 561 + 30
        let escape = try LoopRunner.play(navigate + (try winScript(after: start)) + "\(wonAt) escape down\n\(wonAt + 1) escape up\n",
                                         ticks: wonAt + 10, flow: try flow(won))
        XCTAssertEqual(escape.field(wonAt, "state"), "won")
        XCTAssertEqual(escape.trace.last?["screen"] as? String, "levels", "Esc on You Won! leads to the levels, not the title")
    }

    func testAPadNavigatesWithTheDPadAAndB() throws {
        let run = try LoopRunner.play("""
            0 pad attach ps5
            3 pad1 dpdown down
            4 pad1 dpdown up
            5 pad1 dpup down
            6 pad1 dpup up
            7 pad1 a down
            8 pad1 a up
            9 pad1 b down
            10 pad1 b up
            11 pad1 a down
            12 pad1 a up
            13 pad1 leftx 1
            14 pad1 leftx 0
            15 pad1 lefty -1
            16 pad1 lefty 0
            17 pad1 a down
            18 pad1 a up

            """, ticks: 30, flow: try flow())
        XCTAssertEqual(screens(run), ["title", "levels", "title", "levels", "level"],
                       "B went back; the stick went right to Back and up to level 1 (locked level 2 skipped both ways)")
        XCTAssertEqual(run.field(17, "screen"), "levels", "the stick moves, A chooses")
    }

    func testTapsPickEntriesAndTapsElsewhereDoNothing() throws {
        let play = MenuLayoutCentre.entry(0, of: 2), level1 = MenuLayoutCentre.entry(0, of: 3, compact: true)
        let run = try LoopRunner.play("""
            2 finger1 down 20 20
            3 finger1 up 20 20
            5 finger1 down \(play.x) \(play.y)
            6 finger1 up \(play.x) \(play.y)
            8 mouse down \(level1.x) \(level1.y)
            9 mouse up \(level1.x) \(level1.y)

            """, ticks: 20, flow: try flow())
        XCTAssertEqual(run.field(4, "screen"), "title", "a tap on no entry")
        XCTAssertEqual(screens(run), ["title", "levels", "level"])
    }

    func testAWinSavesTheBestTimeAndItsRunUnlocksLevel2AndOffersIt() throws {
        let flow = try flow()
        let navigate = "2 enter down\n3 enter up\n4 enter down\n5 enter up\n"
        let start = 6
        let wonAt = start + 561 + 30
        let run = try LoopRunner.play(navigate + (try winScript(after: start)) + "\(wonAt) enter down\n\(wonAt + 1) enter up\n",
                                      ticks: wonAt + 10, flow: flow)
        let progress = ProgressFile.load(path: flow.directory + "/progress.toml")
        XCTAssertNil(progress.warning)
        // The script's 561-tick win, one tick late: Enter at 4 started the level during tick 5,
        // so tick 6 ran it idle before the script's first keys (seen before tick 7).
        XCTAssertEqual(progress.progress.record("level1"), .init(won: true, bestTicks: 562, bestLeaves: 10, leafTotal: 11),
                       "the solver's run passes one of the 11 leaves by")
        XCTAssertTrue(progress.progress.isUnlocked(1, of: flow.levels))
        let best = try ReplayFile.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: flow.directory + "/best/level1.koalioreplay"))),
                                         file: "best")
        guard case .ok = ReplayVerifier.verify(best, on: try Repository.level1Stage()) else { return XCTFail("the best run replays") }
        XCTAssertEqual(run.field(wonAt, "state"), "won")
        XCTAssertEqual(run.field(wonAt + 10, "state"), "playing", "Enter went on")
        XCTAssertEqual(run.field(wonAt + 10, "screen"), "level")
        XCTAssertEqual(run.trace.last?["level"] as? String, "level2")
        XCTAssertEqual(run.trace.last?["x"] as? Double, 40, "level 2 starts at its spawn")
    }

    func testABetterTimeIsKeptAndAWorseOneIsNot() throws {
        var progress = PlayerProgress()
        progress.recordWin(level: "level1", ticks: 500)  // better than the script's 562
        let flow = try flow(progress)
        let run = try LoopRunner.play("2 enter down\n3 enter up\n4 enter down\n5 enter up\n" + (try winScript(after: 6)),
                                      ticks: 6 + 570, flow: flow)
        XCTAssertEqual(run.session.state, .won)
        XCTAssertEqual(ProgressFile.load(path: flow.directory + "/progress.toml").progress.record("level1").bestTicks, 500)
        XCTAssertFalse(FileManager.default.fileExists(atPath: flow.directory + "/best/level1.koalioreplay"), "not the best run")
    }

    func testInAWonLevelTheGhostOfTheBestRunStepsExactlyAsItsReplay() throws {
        let flow = try flow()
        let navigate = "2 enter down\n3 enter up\n4 enter down\n5 enter up\n"
        _ = try LoopRunner.play(navigate + (try winScript(after: 6)), ticks: 6 + 570, flow: flow)
        let best = try readReplay(flow.directory + "/best/level1.koalioreplay")

        var second = flow
        second.progress = ProgressFile.load(path: flow.directory + "/progress.toml").progress
        // Into level 1 again; walk left a little, pause for a while, then stand still.
        let run = try LoopRunner.play(navigate + "10 left down\n40 left up\n50 escape down\n51 escape up\n90 escape down\n91 escape up\n",
                                      ticks: 400, flow: second)
        let ghost = try XCTUnwrap(run.ghost, "a won level has a ghost")
        XCTAssertEqual(run.session.world.tick, ghost.session.world.tick, "the same simulated time, through the player's pause")
        var replayed = Session(stage: try Repository.level1Stage())
        for input in best.inputs where replayed.world.tick < run.session.world.tick { _ = replayed.step(input) }
        XCTAssertEqual(ghost.session.world, replayed.world, "the ghost is its replay, tick for tick")
        XCTAssertNotEqual(ghost.session.world.player.position, run.session.world.player.position, "and not the player")

        let without = try LoopRunner.play(navigate, ticks: 20, flow: { var f = second; f.ghost = false; return f }())
        XCTAssertNil(without.ghost, "--no-ghost")
    }

    func testLevel2IsReachedWithAPadTheKeyboardAndTouchOnceLevel1IsWon() throws {
        var progress = PlayerProgress()
        progress.recordWin(level: "level1", ticks: 561)
        let level2 = MenuLayoutCentre.entry(1, of: 4, compact: true), play = MenuLayoutCentre.entry(0, of: 2)
        let scripts = [
            "pad": "0 pad attach switchpro\n3 pad1 a down\n4 pad1 a up\n5 pad1 dpdown down\n6 pad1 dpdown up\n7 pad1 a down\n8 pad1 a up\n",
            "keyboard": "2 enter down\n3 enter up\n4 s down\n5 s up\n6 space down\n7 space up\n",
            "touch": "2 finger1 down \(play.x) \(play.y)\n3 finger1 up \(play.x) \(play.y)\n"
                + "5 finger1 down \(level2.x) \(level2.y)\n6 finger1 up \(level2.x) \(level2.y)\n",
        ]
        for (scheme, script) in scripts {
            let run = try LoopRunner.play(script, ticks: 15, flow: try flow(progress))
            XCTAssertEqual(run.field(15, "screen"), "level", scheme)
            XCTAssertEqual(run.field(15, "level"), "level2", scheme)
        }
        let locked = try LoopRunner.play("5 finger1 down \(play.x) \(play.y)\n6 finger1 up \(play.x) \(play.y)\n"
                                         + "8 finger1 down \(level2.x) \(level2.y)\n9 finger1 up \(level2.x) \(level2.y)\n",
                                         ticks: 15, flow: try flow())
        XCTAssertEqual(locked.field(15, "screen"), "levels", "a tap on a locked level does nothing")
    }
}

/// Reads a replay file for a test.
func readReplay(_ path: String) throws -> Recording {
    try ReplayFile.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
}

/// Points inside menu entries, for taps: the layout the view draws and the loop hit-tests
/// (`compact`: the level select's and the settings pages' small rows).
enum MenuLayoutCentre {
    static func entry(_ index: Int, of count: Int, compact: Bool = false) -> (x: Int, y: Int) {
        let rect = MenuLayout.entryRects(count: count, compact: compact)[index]
        return (Int(rect.x + rect.width / 2), Int(rect.y + rect.height / 2))
    }
}
