import XCTest
import Foundation
import KoalioCore
import KoalioReplay
import KoalioTestSupport
@testable import KoalioSim
@testable import KoalioView
import KoalioReplayFile

/// Smooth motion's pictures between two steps: what moves is drawn between them, what was put
/// somewhere is drawn there, and the world is never changed.
final class InBetweenTests: XCTestCase {
    /// Level 1's winning run at its dash along the ground (ticks 123…160), the camera
    /// following: the session one step on, and the world one step before.
    func walking() throws -> (before: World, session: Session) {
        let path = Repository.path("Tests/Replays/level1.koalioreplay")
        let recording = try ReplayFile.decode([UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path))), file: path)
        var session = Session(stage: try Repository.level1Stage())
        for input in recording.inputs.prefix(140) { session.step(input) }
        let before = session.world
        session.step(recording.inputs[140])
        return (before, session)
    }

    func koalaDestination(_ list: DrawList) -> Rect? {
        list.items.lazy.compactMap { item -> Rect? in
            if case let .sprite(.koala, _, destination, _, _) = item { return destination }
            return nil
        }.first
    }

    func testTheKoalaAndTheCameraAreDrawnTheFractionOfTheWayBetweenTwoSteps() throws {
        let (before, session) = try walking()
        let step = session.world.player.position.x - before.player.position.x
        XCTAssertGreaterThan(step, 1, "walking: moved between the two steps")
        let map = try Repository.file(named: "level1").map
        let cameraBefore = Camera.origin(framing: before, in: session.stage).x
        let cameraAfter = Camera.origin(framing: session.world, in: session.stage).x
        XCTAssertGreaterThan(cameraAfter, cameraBefore, "the camera follows it (else this proves nothing)")
        for fraction in [0, 0.25, 0.5, 0.75, 1] {
            let inBetween = InBetween(previous: before, previousGhost: nil, fraction: fraction)
            let shown = inBetween.world(between: session.world)
            XCTAssertEqual(shown.player.position.x, before.player.position.x + step * fraction, accuracy: 1e-9)
            let list = Scene.drawList(session, on: map, inBetween: inBetween)
            XCTAssertTrue(list.fine)
            XCTAssertEqual(try XCTUnwrap(list.cameraX), cameraBefore + (cameraAfter - cameraBefore) * fraction, accuracy: 1e-9,
                           "the camera at \(fraction) of the step, with its fractions")
            // Followed by the camera, the koala stays where it is on screen.
            let koala = try XCTUnwrap(koalaDestination(list))
            XCTAssertEqual(koala.x, shown.player.position.x - Double(Art.koalaCellWidth) / 2 - (list.cameraX ?? 0), accuracy: 1e-9)
        }
        XCTAssertEqual(session.world.tick, before.tick + 1)
        XCTAssertNotEqual(session.world, before, "the world is left as it is")
    }

    func testWithoutSmoothMotionEveryPositionIsAWholeViewPixel() throws {
        let (_, session) = try walking()
        let list = Scene.drawList(session, on: try Repository.file(named: "level1").map)
        XCTAssertFalse(list.fine)
        XCTAssertEqual(list.cameraX, list.cameraX?.rounded())
        for case let .sprite(_, _, destination, _, _) in list.items {
            XCTAssertEqual(destination.x, destination.x.rounded())
            XCTAssertEqual(destination.y, destination.y.rounded())
        }
    }

    func testWhatWasPutSomewhereIsDrawnThereNotOnItsWay() throws {
        let (before, session) = try walking()
        var teleported = before
        teleported.player.position.x -= 200  // a checkpoint's respawn is a jump of more than a step's motion
        let inBetween = InBetween(previous: teleported, previousGhost: nil, fraction: 0.5)
        XCTAssertEqual(inBetween.world(between: session.world).player.position, session.world.player.position)

        var dead = before
        dead.koalas[0].respawnTicksLeft = 5  // came back to life this step
        XCTAssertEqual(InBetween(previous: dead, previousGhost: nil, fraction: 0.5).world(between: session.world).player.position,
                       session.world.player.position)
    }

    func testOnlyTheStepJustBeforeIsDrawnFrom() throws {
        let (before, session) = try walking()
        // A level started again, or a still game: the previous world is not the step before.
        var older = before
        older.tick -= 1
        XCTAssertEqual(InBetween(previous: older, previousGhost: nil, fraction: 0.5).world(between: session.world), session.world)
        let still = InBetween(previous: session.world, previousGhost: nil, fraction: 0.3)
        XCTAssertEqual(still.world(between: session.world), session.world)
        // A still game gives the same picture whatever the fraction: nothing new to present.
        let map = try Repository.file(named: "level1").map
        XCTAssertEqual(Scene.drawList(session, on: map, inBetween: still),
                       Scene.drawList(session, on: map, inBetween: InBetween(previous: session.world, previousGhost: nil, fraction: 0.9)))
    }

    func testCrittersAndTheGhostMoveBetweenStepsToo() throws {
        let from = Vec2(10, 20), to = Vec2(12, 19)
        XCTAssertEqual(InBetween.between(from, to, 0.5), Vec2(11, 19.5))
        XCTAssertEqual(InBetween.between(from, Vec2(10 + InBetween.teleportPoints + 1, 20), 0.5).x, 10 + InBetween.teleportPoints + 1)
        let (before, session) = try walking()
        var ghostBefore = before.player
        ghostBefore.position.x -= 4
        let inBetween = InBetween(previous: before, previousGhost: ghostBefore, fraction: 0.25)
        XCTAssertEqual(try XCTUnwrap(inBetween.ghost(between: before.player, world: session.world)).position.x,
                       before.player.position.x - 3, accuracy: 1e-9)
        var critters = before
        critters.critters = [Critter(feet: Vec2(100, 50))]
        var after = session.world
        after.critters = [Critter(feet: Vec2(99, 50))]
        let shown = InBetween(previous: critters, previousGhost: nil, fraction: 0.5).world(between: after)
        XCTAssertEqual(shown.critters[0].position.x, 99.5, accuracy: 1e-9)
    }
}
