@testable import KoalioApp
@testable import KoalioCommands
@testable import KoalioFlow
import KoalioCore
import KoalioLevel
import KoalioLevelFile
import KoalioSim
import KoalioTestSupport
import XCTest

/// What `--check-level` tells an author about a level that loads. No shipped level is solved
/// here, nor anywhere else in the tests: their golden replays (Tests/Replays, each stepped to
/// its win by ReplayFormatTests.testTheShippedWinningReplayVerifies) already prove them
/// winnable, and solving all six took over a minute. The solver's verdicts are tested on small
/// maps instead: CheckLevelTests (the binary: docs/LEVELS.md's small level won, a walled-off copy
/// of level 1 not) and KoalioSolverTests (tiny rooms made for it).
final class LevelCheckTests: XCTestCase {
    func testASpawnInAWallAFloatingGoalARoleNamedImageLayerAndATurnedSolidObjectAreNamed() throws {
        var map = try LevelFile.load(Repository.fixtureMap("author/roles")).stage
        XCTAssertEqual(LevelCheck.warnings(map), [], "a sound map")
        map.spawn = Vec2(40, 96)  // feet on the map's bottom edge: inside the ground row
        map.goal = Rect(x: 100, y: -300, width: 16, height: 16)
        XCTAssertEqual(LevelCheck.warnings(map), ["the spawn (40, 96) is inside a wall",
                                                   "the goal (100, -300, 16×16) has no floor within a jump of it"])
        map.spawn = Vec2(184, 16)  // above the hidden spikes
        XCTAssertEqual(LevelCheck.warnings(map).first, "standing still at the spawn (184, 16) kills: spikes under it, or no floor")
        let text = try String(contentsOfFile: Repository.fixtureMap("author/roles"), encoding: .utf8)
            .replacingOccurrences(of: "<imagelayer id=\"1\" name=\"Clouds\"", with: "<imagelayer id=\"1\" name=\"walls\"")
        XCTAssertEqual(TMXLoader.lint(bytes: Array(text.utf8), path: "r.tmx"),
                       ["r.tmx:17: warning: <imagelayer> 'walls' is named like the walls layer but is neither a tile nor an object layer, so it is not read as walls"])
        // An object layer of a role is read as that role; a turned object in it is solid over its
        // bounding box, which the author hears once.
        let turned = try String(contentsOfFile: Repository.fixtureMap("author/roles"), encoding: .utf8)
            .replacingOccurrences(of: "<objectgroup id=\"7\" name=\"Things\">", with: "<objectgroup id=\"7\" name=\"Things\" class=\"hazards\">")
            .replacingOccurrences(of: "x=\"160\" y=\"32\" width=\"16\" height=\"48\"/>", with: "x=\"160\" y=\"32\" width=\"16\" height=\"48\" rotation=\"30\"/>")
        XCTAssertEqual(TMXLoader.lint(bytes: Array(turned.utf8), path: "r.tmx"),
                       ["r.tmx:36: warning: a turned object in a solid layer is solid over its whole bounding box (and so is every other turned one)"])
    }

    /// A goal outside the map (or of no width) is a warning, never a crash.
    func testAGoalOutsideTheMapIsAWarning() throws {
        var map = try LevelFile.load(Repository.fixtureMap("author/roles")).stage
        map.goal = Rect(x: 3130, y: 0, width: -2938, height: 96)
        XCTAssertEqual(LevelCheck.warnings(map).count, 1)
    }
}
