import KoalioCore
import KoalioLevel
import KoalioLevelFile
import KoalioSim
import KoalioSolver
import KoalioTestSupport
import XCTest

/// The solver on tiny rooms made for it (Tests/Fixtures/maps/solver/, written by hand; each
/// file's comment says what it is): a win, a wall it cannot pass, and a search that must wait
/// out a long fall. Each search here takes well under a second.
final class SolverFixtureTests: XCTestCase {
    func map(_ name: String) throws -> Stage { try LevelFile.load(Repository.fixtureMap("solver/\(name)")).stage }

    /// The left edge of `walled.tmx`'s wall (tile column 12), and of `drop.tmx`'s (column 10).
    static let walledWallX = 12.0 * 16, dropWallX = 10.0 * 16

    /// A closed room with a step to jump: won, and the win is the game's (its commands, stepped
    /// through the world, reach the goal in the ticks the solver says).
    func testATinyRoomIsWon() throws {
        let room = try map("corridor")
        guard case let .won(commands, ticks) = Solver(beamWidth: 300, patienceTicks: Tick.perSecond).solve(room) else {
            return XCTFail("corridor.tmx is winnable: a walk and one jump")
        }
        // Commands come in whole choices of a few ticks; the win is in the last one.
        XCTAssertEqual(commands.count % Solver.ticksPerChoice, 0)
        XCTAssertTrue((commands.count - Solver.ticksPerChoice + 1...commands.count).contains(ticks), "\(ticks) ticks, \(commands.count) commands")
        var world = World(stage: room)
        for command in commands where world.state == .playing { world.step(command, in: room) }
        XCTAssertEqual(world.state, .won)
        XCTAssertEqual(world.tick, ticks)
    }

    /// The same room with a wall from the ceiling to the floor: stuck, and the furthest point it
    /// says is pressed against the wall (the koala's centre half its width short of it), never
    /// past it. With no patience at all the search still ends (it runs out of states it has
    /// not seen) at the same place.
    func testAWallItCannotPassIsStuckAgainstTheWall() throws {
        let room = try map("walled")
        let againstTheWall = Self.walledWallX - Tuning.koalaWidthPoints / 2
        for patience in [Tick.perSecond, nil] {
            let outcome = Solver(beamWidth: 300, maxTicks: 60 * Tick.perSecond, patienceTicks: patience).solve(room)
            guard case let .stuck(furthest) = outcome else {
                XCTFail("patience \(patience as Any): walled.tmx cannot be won, but the solver says \(outcome)")
                continue
            }
            XCTAssertEqual(furthest.x, againstTheWall, accuracy: 0.5, "patience \(patience as Any): at the wall")
        }
    }

    /// Patience is how long a search may go without gaining (height counts twice as much as x,
    /// so falling loses ground): in `drop.tmx` the only way on is down a shaft and under a wall,
    /// which takes seconds of losing ground. A quarter second of patience gives up by the ledge,
    /// never under the wall (half a second does too, one second gets under it); five seconds finds the same win as a search with no patience at all.
    func testPatienceEndsASearchThatHasStoppedGaining() throws {
        let room = try map("drop")
        let unlimited = Solver(beamWidth: 300).solve(room)
        guard case let .won(_, ticks) = unlimited else { return XCTFail("drop.tmx is winnable: \(unlimited)") }
        XCTAssertEqual(Solver(beamWidth: 300, patienceTicks: 5 * Tick.perSecond).solve(room), unlimited,
                       "patience longer than the fall changes nothing")
        let impatient = Solver(beamWidth: 300, patienceTicks: Tick.perSecond / 4).solve(room)
        guard case let .stuck(furthest) = impatient else {
            return XCTFail("a quarter second of patience should give up before the fall pays off (\(ticks) ticks to win), but: \(impatient)")
        }
        XCTAssertLessThan(furthest.x, Self.dropWallX, "gave up before getting under the wall")
        XCTAssertGreaterThan(furthest.x, room.spawn.x, "after walking to the edge")
    }
}
