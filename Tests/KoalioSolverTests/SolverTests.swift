import KoalioCore
import KoalioLevel
import KoalioLevelFile
import KoalioSim
import KoalioSolver
import KoalioTestSupport
import XCTest

/// The solver behind `--check-level` and `koalio-solve`, on the small level docs/LEVELS.md's
/// "Make a level" builds.
final class SolverTests: XCTestCase {
    var level: Stage { get throws { try LevelFile.load(Repository.path("docs/first-level.tmx")).stage } }

    /// A win it finds is a win: its commands, stepped through the game's own world, reach the
    /// goal in the ticks it says.
    func testAWinItFindsWinsWhenStepped() throws {
        let map = try level
        guard case let .won(commands, ticks) = Solver(beamWidth: 300, patienceTicks: 20 * Tick.perSecond).solve(map) else {
            return XCTFail("the small level is winnable")
        }
        var world = World(stage: map)
        for command in commands where world.state == .playing { world.step(command, in: map) }
        XCTAssertEqual(world.state, .won)
        XCTAssertEqual(world.tick, ticks)
    }

    /// A goal no run can reach is said as stuck, with the furthest point reached, once the
    /// search stops gaining ground (its patience), long before the search's own limit.
    func testAGoalOutOfReachIsStuckAtTheFurthestPoint() throws {
        var map = try level
        map.goal = Rect(x: map.goal.minX, y: -4000, width: map.goal.width, height: map.goal.height)
        let outcome = Solver(beamWidth: 100, patienceTicks: 5 * Tick.perSecond).solve(map)
        guard case let .stuck(furthest) = outcome else { return XCTFail("no run reaches the sky") }
        XCTAssertGreaterThan(furthest.x, map.spawn.x, "it got somewhere")
        XCTAssertLessThanOrEqual(furthest.x, map.pixelWidth)
    }
}
