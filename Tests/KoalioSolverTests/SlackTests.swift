import KoalioCore
import KoalioLevelFile
import KoalioSim
@testable import KoalioSolver
import KoalioTestSupport
import XCTest

/// Slack, the share of runs of a route that still win when a person's timing moves each of its
/// inputs a little: on rooms made for the solver (Tests/Fixtures/maps/solver/).
final class SlackTests: XCTestCase {
    func map(_ name: String) throws -> Stage { try LevelFile.load(Repository.fixtureMap("solver/\(name)")).stage }

    /// The corridor's step under the human model: every input at least 10 ticks after the
    /// last, and a route with room in it, that nearly every shifted try still wins; the same
    /// route played exactly always wins, and moved by more than a jump's worth of ticks it fails.
    func testAHumansRouteThroughTheCorridorForgivesTiming() throws {
        let room = try map("corridor")
        guard case let .won(commands, _) = Solver.human(beamWidth: 300, patienceTicks: Tick.perSecond).solve(room) else {
            return XCTFail("the corridor is winnable by a human's inputs")
        }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(Slack.closestChanges(commands)), Solver.humanTicksBetweenChanges)
        XCTAssertEqual(Slack.of(commands, on: room, trials: 1, shiftTicks: 0), 1, "played exactly, it wins")
        let slack = Slack.of(commands, on: room)
        print("slack: corridor \(slack)")
        XCTAssertGreaterThanOrEqual(slack, 0.9, "a step in an open corridor forgives ±3 ticks")
        XCTAssertEqual(Slack.of(commands, on: room, seed: 7), Slack.of(commands, on: room, seed: 7), "the same seed, the same figure")
    }

    func testChangesAreWhereTheInputDiffers() {
        let walk = Command(moveX: 1), jump = Command(moveX: 1, jump: true)
        let commands = [walk, walk, jump, jump, jump, walk]
        XCTAssertEqual(Slack.changes(commands), [Slack.Change(tick: 0, command: walk), Slack.Change(tick: 2, command: jump),
                                                 Slack.Change(tick: 5, command: walk)])
        XCTAssertEqual(Slack.closestChanges(commands), 2)
        XCTAssertNil(Slack.closestChanges([walk, walk]))
    }
}
