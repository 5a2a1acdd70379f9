import Foundation
import KoalioCore
import KoalioInput
import KoalioLevelFile
import KoalioScripting
import KoalioSim
import KoalioSolver
import KoalioTestSupport
import XCTest

/// The human's routes shipped as Tests/Fixtures/levelN-human.keys (`koalio-solve --human`):
/// each wins its level in the game's own step, with no input sooner than 10 ticks after the
/// last. Their slack is what `koalio check-level` and `make bench` report.
final class HumanRouteTests: XCTestCase {
    /// The keyboard's script as one command per tick (Right, Left, Space, X as the solver
    /// presses them), up to its last event.
    static func commands(_ script: InputScript) -> [Command] {
        var held: Set<Key> = [], commands: [Command] = [], tick = 0
        func command() -> Command {
            Command(moveX: held.contains(.right) ? 1 : held.contains(.left) ? -1 : 0, jump: held.contains(.space), dash: held.contains(.x))
        }
        for event in script.events {
            guard case let .key(key, down) = event.action else { continue }
            while tick < event.tick { commands.append(command()); tick += 1 }
            if down { held.insert(key) } else { held.remove(key) }
        }
        return commands
    }

    func testEveryShippedHumanRouteWinsWithInputsTenTicksApart() throws {
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Tests/Fixtures"))
            .filter { $0.hasSuffix("-human.keys") }.sorted()
        XCTAssertFalse(fixtures.isEmpty, "at least one human's route is shipped")
        for fixture in fixtures {
            let level = String(fixture.dropLast("-human.keys".count))
            let stage = try LevelFile.load(Repository.path("Levels/\(level).tmx")).stage
            let text = try String(contentsOfFile: Repository.path("Tests/Fixtures/\(fixture)"), encoding: .utf8)
            let commands = Self.commands(try InputScript.parse(text, file: fixture))
            var world = World(stage: stage)
            for command in commands + Array(repeating: commands.last ?? Command(), count: Tick.perSecond) where world.state == .playing {
                world.step(command, in: stage)
            }
            XCTAssertEqual(world.state, .won, "\(fixture) wins \(level)")
            XCTAssertGreaterThanOrEqual(Slack.closestChanges(commands) ?? .max, Solver.humanTicksBetweenChanges, "\(fixture): a person's pace")
            print("human route: \(level) slack \(Slack.of(commands, on: stage))")
        }
    }
}
