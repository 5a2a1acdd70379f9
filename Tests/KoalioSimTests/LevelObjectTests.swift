import KoalioCore
@testable import KoalioSim
import KoalioTestSupport
import XCTest

/// Checkpoints, leaves and critters in the world's step, and the assist rules.
final class LevelObjectTests: XCTestCase {
    /// A floor with a ledge on the right, spikes in a pit, and a wall at the far left:
    ///
    ///     columns 0–29, floor top at y = 160 (row 10)
    static let rows = [
        "..............................",
        "..............................",
        "..............................",
        "..............................",
        "..............................",
        "..............................",
        "..............................",
        "..............................",
        "..............................",
        "#.............................",
        "#############...^^^^..########",
        "#############...####..########",
    ]

    /// The map with objects placed by hand (as the loader would).
    func map(checkpoints: [Rect] = [], leaves: [Rect] = [], critters: [Vec2] = []) -> Stage {
        var map = makeMap(Self.rows, spawn: Vec2(40, 160))
        map.objects = LevelObjects(checkpoints: checkpoints.map(Checkpoint.init(area:)), leaves: leaves, critters: critters)
        return map
    }

    func testACritterWalksItsGroundTurningAtTheWallAndTheEdge() {
        let map = map(critters: [Vec2(120, 160)])
        var world = World(stage: map)
        world.player.position = Vec2(440, 160)  // out of its way
        var xs: [Double] = []
        for _ in 0..<2000 {
            world.step(Command(), in: map)
            xs.append(world.critters[0].position.x)
            XCTAssertEqual(world.critters[0].position.y, 160, "it stays on its ground")
        }
        let low = xs.min() ?? 0, high = xs.max() ?? 0
        XCTAssertEqual(low, 16 + Tuning.critterWidthPoints / 2, accuracy: 0.5, "turns at the wall of column 0")
        XCTAssertEqual(high, 13 * 16 - Tuning.critterWidthPoints / 2, accuracy: 0.5, "turns at the edge before the pit")
        var again = World(stage: map)
        again.player.position = Vec2(440, 160)
        for _ in 0..<2000 { again.step(Command(), in: map) }
        XCTAssertEqual(again, world, "the same ticks give the same critter")
    }

    func testLandingOnACritterRemovesItAndBouncesHoldingJumpBouncesHigher() {
        func peak(holdingJump: Bool) -> (Double, World) {
            let map = map(critters: [Vec2(120, 160)])
            var world = World(stage: map)
            world.player.position = Vec2(world.critters[0].position.x - 0.5, 100)  // above it as it walks left
            var stomped = false
            var top = Double.infinity
            for _ in 0..<120 {
                let events = world.step(Command(jump: holdingJump && stomped), in: map)
                if events.contains(.stomped) { stomped = true }
                if stomped { top = min(top, world.player.position.y) }
            }
            XCTAssertTrue(stomped)
            return (top, world)
        }
        let (low, world) = peak(holdingJump: false)
        let (high, _) = peak(holdingJump: true)
        XCTAssertFalse(world.critters[0].isAlive, "gone for the rest of the run")
        XCTAssertEqual(world.livingCritters, 0)
        XCTAssertEqual(world.state, .playing)
        XCTAssertLessThan(high, low - 8, "holding jump goes higher")
    }

    func testRunningIntoACritterKillsWithoutACheckpoint() {
        let map = map(critters: [Vec2(150, 160)])
        var world = World(stage: map)
        for _ in 0..<300 where world.state == .playing { world.step(Command(moveX: 1), in: map) }
        XCTAssertEqual(world.state, .died)
        XCTAssertTrue(world.critters[0].isAlive)
    }

    func testATouchedCheckpointBringsTheKoalaBackAndTheClockRuns() {
        let map = map(checkpoints: [Rect(x: 160, y: 128, width: 16, height: 32)])
        var world = World(stage: map)
        var marked = false
        for _ in 0..<600 where world.koalas[0].isAlive {
            if world.step(Command(moveX: 1), in: map).contains(.checkpoint) { marked = true }
        }
        XCTAssertTrue(marked)
        XCTAssertEqual(world.checkpoint, 0)
        XCTAssertFalse(world.koalas[0].isAlive, "walked on into the spikes")
        XCTAssertEqual(world.state, .playing, "a checkpoint was touched: the run goes on")
        let diedAt = world.tick
        for _ in 0..<Tuning.respawnTicks { world.step(Command(), in: map) }
        XCTAssertTrue(world.koalas[0].isAlive)
        XCTAssertEqual(world.player.position, Vec2(168, 160), "back at the flag's foot")
        XCTAssertEqual(world.tick, diedAt + Tuning.respawnTicks, "the level's time kept running")
    }

    func testInCoOpTheDeadComeBackAtTheCheckpoint() {
        let map = map(checkpoints: [Rect(x: 64, y: 128, width: 16, height: 32)])
        var world = World(stage: map)
        let two = PartnerCommand(player: 2, command: Command(moveX: 1))
        for _ in 0..<600 where world.koala(of: 2)?.isAlive ?? true {
            world.step(Command(), partners: [two], in: map)
        }
        XCTAssertEqual(world.checkpoint, 0, "player 2 passed it")
        for _ in 0..<Tuning.respawnTicks { world.step(Command(), partners: [PartnerCommand(player: 2, command: Command())], in: map) }
        XCTAssertEqual(world.koala(of: 2)?.body.position, Vec2(72, 160))
    }

    func testLeavesAreTakenOnceEach() {
        let map = map(leaves: [Rect(x: 80, y: 140, width: 8, height: 8), Rect(x: 100, y: 140, width: 8, height: 8),
                               Rect(x: 100, y: 20, width: 8, height: 8)])
        var world = World(stage: map)
        var taken = 0
        for _ in 0..<120 where world.state == .playing {
            if world.step(Command(moveX: 1), in: map).contains(.leaf) { taken += 1 }
        }
        XCTAssertEqual(taken, 2)
        XCTAssertEqual(world.leavesTaken, [true, true, false])
        XCTAssertEqual(world.leafCount, 2)
    }

    func testInvincibleKoalasCrossSpikesAndCrittersAndComeBackFromAFall() {
        let map = map(critters: [Vec2(150, 160)])
        var world = World(stage: map, assist: Assist(invincible: true))
        for _ in 0..<200 { world.step(Command(moveX: 1), in: map) }
        XCTAssertTrue(world.koalas[0].isAlive, "walked through the critter and over the spikes")
        world.player.position = Vec2(300, Double(12 * 16) + 80)  // far below the map
        world.step(Command(), in: map)
        XCTAssertEqual(world.player.position, map.spawn, "no checkpoint yet: back at the start")
        XCTAssertEqual(world.state, .playing)
    }

    func testInfiniteDashDashesWithoutTheButton() {
        let map = map()
        var dashing = World(stage: map, assist: Assist(infiniteDash: true)), walking = World(stage: map)
        for _ in 0..<40 {
            dashing.step(Command(moveX: 1), in: map)
            walking.step(Command(moveX: 1), in: map)
        }
        XCTAssertTrue(dashing.player.dashing)
        XCTAssertGreaterThan(dashing.player.velocity.x, Tuning.walkMaxSpeedPerTick + 0.5)
        XCTAssertLessThanOrEqual(walking.player.velocity.x, Tuning.walkMaxSpeedPerTick)
    }

    func testCrittersArePlacedOnTheGroundBelowAndRefusedInWalls() {
        let map = map()
        XCTAssertEqual(map.critterPlacement(feet: Vec2(120, 100)), .stands(Vec2(120, 160)))
        XCTAssertEqual(map.critterPlacement(feet: Vec2(120, 176)), .insideWall)
        XCTAssertEqual(map.critterPlacement(feet: Vec2(264, 100)), .stands(Vec2(264, 176)), "spikes are not ground: the floor under them is")
        XCTAssertEqual(map.critterPlacement(feet: Vec2(232, 100)), .noGround, "the pit goes down and out of the map")
    }

    /// The patrol worked out at load moves every critter exactly as stepping by the rule (a wall
    /// ahead or no ground under the leading edge turns it) does, tick for tick: on the shipped
    /// levels, and on ground with one-tile gaps and walls of every kind.
    func testPatrolsStepExactlyAsTheRule() throws {
        var maps = try (3...5).map { try Repository.stage(named: "level\($0)") }  // the levels with critters
        var gaps = makeMap([
            "..............................",
            "......#...........=.=.........",
            "=====.###.=..=====.=.=##.=====",
            "..............................",
        ], spawn: Vec2(8, 32))
        gaps.objects = LevelObjects(critters: [Vec2(40, 32), Vec2(168, 32), Vec2(232, 32), Vec2(312, 32), Vec2(456, 32), Vec2(120, 32)])
        XCTAssertEqual(gaps.critterPatrols.filter { $0.upperBound - $0.lowerBound > 32 }.count, 3, "three have room to walk: \(gaps.critterPatrols)")
        maps.append(gaps)
        for map in maps {
            XCTAssertFalse(map.objects.critters.isEmpty)
            var critters = map.objects.critters.map(Critter.init(feet:))
            var reference = critters
            for tick in 0..<4000 {
                for index in critters.indices {
                    critters[index].step(patrol: map.critterPatrols[index])
                    var old = reference[index]
                    let next = Vec2(old.position.x + (old.facingLeft ? -Tuning.critterSpeedPerTick : Tuning.critterSpeedPerTick), old.position.y)
                    if Critter.isStopped(at: next, facingLeft: old.facingLeft, in: map.collision) { old.facingLeft.toggle() } else { old.position = next }
                    reference[index] = old
                }
                guard critters == reference else { return XCTFail("\(map.name): the critters part at tick \(tick): \(critters) \(reference)") }
            }
        }
    }
}
