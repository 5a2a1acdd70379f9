import XCTest
import KoalioCore
@testable import KoalioSim

/// Floors, ceilings, walls and corners: each resolved exactly at the tile edge.
final class CollisionTests: XCTestCase {
    func testFallingKoalaLandsOnTheFloorExactly() {
        let map = makeMap(["......", "......", "......", "######"])
        var w = world(in: map, feet: Vec2(40, 30))
        for _ in 0..<30 { w.step(.idle, in: map) }
        XCTAssertEqual(w.player.position.y, 48, "feet on the floor's top edge")
        XCTAssertTrue(w.player.onGround)
        XCTAssertEqual(w.player.velocity.y, 0)
    }

    func testCeilingStopsTheRiseAndTheKoalaFallsBack() {
        let map = makeMap(["######", "......", "......", "......", "######"])
        var w = world(in: map, feet: Vec2(40, 64))
        w.step(.idle, in: map)
        w.step(Command(jump: true), in: map)
        var hit = false
        for _ in 0..<20 {
            w.step(Command(jump: true), in: map)
            if w.player.box.minY == 16 { hit = true; break }
        }
        XCTAssertTrue(hit, "head stops at the ceiling's bottom edge")
        XCTAssertEqual(w.player.velocity.y, 0, "the rise is cancelled, not stuck to the ceiling")
        w.step(Command(jump: true), in: map)
        XCTAssertGreaterThan(w.player.box.minY, 16, "gravity pulls the koala away again")
    }

    func testWallsStopWalkingBothWays() {
        let map = makeMap(["#.....#", "#.....#", "#.....#", "#######"])
        var w = world(in: map, feet: Vec2(56, 48))
        for _ in 0..<120 { w.step(Command(moveX: 1), in: map) }
        XCTAssertEqual(w.player.box.maxX, 96, "box stops at the right wall's left edge")
        XCTAssertEqual(w.player.velocity.x, 0)
        for _ in 0..<120 { w.step(Command(moveX: -1), in: map) }
        XCTAssertEqual(w.player.box.minX, 16, "box stops at the left wall's right edge")
    }

    func testMapSidesAreWalls() {
        let map = makeMap(["....", "....", "####"])
        var w = world(in: map, feet: Vec2(20, 32))
        for _ in 0..<60 { w.step(Command(moveX: -1), in: map) }
        XCTAssertEqual(w.player.box.minX, 0)
        for _ in 0..<60 { w.step(Command(moveX: 1), in: map) }
        XCTAssertEqual(w.player.box.maxX, 64)
    }

    func testLandingOnATopCornerWhileMovingDiagonally() {
        // Falling down-right onto the top-left corner of a block: lands on top, not pushed aside.
        let map = makeMap(["........", "........", "........", "....####", "....####"])
        var w = world(in: map, feet: Vec2(58, 40), velocity: Vec2(2, 3))
        for _ in 0..<4 where !w.player.onGround { w.step(Command(moveX: 1), in: map) }
        XCTAssertTrue(w.player.onGround, "box overlapped the block's top by more than its side")
        XCTAssertEqual(w.player.position.y, 48)
        XCTAssertGreaterThan(w.player.position.x, 58)
    }

    func testHittingASideCornerWhileFallingSlidesDown() {
        // Moving right into a block's left side while falling: stopped on x, keeps falling.
        let map = makeMap(["........", "....####", "....####", "....####", "........", "########"])
        var w = world(in: map, feet: Vec2(58, 50), velocity: Vec2(2, 1))
        w.step(Command(moveX: 1), in: map)
        XCTAssertEqual(w.player.box.maxX, 64)
        XCTAssertFalse(w.player.onGround)
        XCTAssertGreaterThan(w.player.position.y, 50, "does not stick to the wall")
    }

    func testBottomCornersOfACeilingStopTheRise() {
        // Jumping up-left under the bottom-right corner of an overhang.
        let map = makeMap(["####....", "####....", "........", "........", "........", "########"])
        var w = world(in: map, feet: Vec2(70, 70), velocity: Vec2(-2, -4))
        w.step(Command(moveX: -1, jump: true), in: map)
        XCTAssertGreaterThanOrEqual(w.player.box.minY, 32 - 1e-9)
        for _ in 0..<10 { w.step(Command(moveX: -1, jump: true), in: map) }
        XCTAssertGreaterThanOrEqual(w.player.box.minY, 32, "never inside the overhang")
        XCTAssertGreaterThanOrEqual(w.player.box.minX, 0)
    }

    func testStandingOnALedgeEdgeIsSupported() {
        let map = makeMap(["......", "......", "##....", "......", "......"])
        var w = world(in: map, feet: Vec2(31, 32))  // box spans x 24…38: 8 px over the ledge
        for _ in 0..<10 { w.step(.idle, in: map) }
        XCTAssertTrue(w.player.onGround)
        XCTAssertEqual(w.player.position.y, 32)
    }

    func testTouchingSpikesKillsButGrazingATipDoesNot() {
        let map = makeMap(["........", "........", "...^....", "########"])
        var grazing = world(in: map, feet: Vec2(41, 48))  // box 34…48, spike 48…64: 0 px in
        grazing.step(.idle, in: map)
        XCTAssertEqual(grazing.state, .playing)
        var touching = world(in: map, feet: Vec2(56, 48))
        touching.step(.idle, in: map)
        XCTAssertEqual(touching.state, .died)
    }

    func testFallingOffTheMapKills() {
        let map = makeMap(["....", "....", "#..."])
        var w = world(in: map, feet: Vec2(40, 20))
        for _ in 0..<120 where w.state == .playing { w.step(.idle, in: map) }
        XCTAssertEqual(w.state, .died)
    }

    func testReachingTheGoalWins() {
        let map = makeMap(["......", "......", "######"], goal: Rect(x: 64, y: 0, width: 16, height: 32))
        var w = world(in: map, feet: Vec2(20, 32))
        for _ in 0..<120 where w.state == .playing { w.step(Command(moveX: 1), in: map) }
        XCTAssertEqual(w.state, .won)
        let frozen = w
        w.step(Command(moveX: 1), in: map)
        XCTAssertEqual(w, frozen, "a finished run does not change")
    }

    // MARK: - One-way platforms

    func testAKoalaFallingOntoAPlatformLandsOnItsTop() {
        let map = makeMap(["......", "......", "..==..", "......", "######"])
        var w = world(in: map, feet: Vec2(40, 10))
        for _ in 0..<30 { w.step(.idle, in: map) }
        XCTAssertEqual(w.player.position.y, 32, "feet on the platform's top edge")
        XCTAssertTrue(w.player.onGround)
        for _ in 0..<30 { w.step(.idle, in: map) }
        XCTAssertEqual(w.player.position.y, 32, "and it holds")
    }

    func testAJumpGoesUpThroughAPlatformAndLandsOnIt() {
        let map = makeMap(["......", "......", "......", "..==..", "......", "......", "######"])
        var w = world(in: map, feet: Vec2(40, 96))
        w.step(.idle, in: map)
        var highest = w.player.position.y
        for _ in 0..<30 {
            w.step(Command(jump: true), in: map)
            highest = min(highest, w.player.position.y)
        }
        XCTAssertLessThan(highest, 48, "the feet rose above the platform's top (y 48): the head went through")
        for _ in 0..<60 { w.step(.idle, in: map) }
        XCTAssertEqual(w.player.position.y, 48, "then landed on it")
        XCTAssertTrue(w.player.onGround)
    }

    func testPlatformsDoNotStopWalkingOrAKoalaBelowThem() {
        let map = makeMap(["........", "........", "...==...", "........", "########"])
        var w = world(in: map, feet: Vec2(20, 64))
        for _ in 0..<10 { w.step(.idle, in: map) }
        for _ in 0..<70 { w.step(Command(moveX: 1), in: map) }
        XCTAssertGreaterThan(w.player.position.x, 90, "walked under and past the platform")
        XCTAssertEqual(w.player.position.y, 64)
        // Level with the platform: walking into it from the side passes through too.
        let side = makeMap(["........", "........", "........", "#..==...", "########"])
        var s = world(in: side, feet: Vec2(20, 64))
        for _ in 0..<10 { s.step(.idle, in: side) }
        for _ in 0..<70 { s.step(Command(moveX: 1), in: side) }
        XCTAssertGreaterThan(s.player.position.x, 90, "a platform has no sides")
    }

    func testAFastFallStillLandsOnAThinPlatform() {
        let map = makeMap(Array(repeating: "......", count: 30) + ["..==..", "......", "######"])
        var w = world(in: map, feet: Vec2(40, 10), velocity: Vec2(0, Tuning.maxFallSpeedPerTick))
        for _ in 0..<120 { w.step(.idle, in: map) }
        XCTAssertEqual(w.player.position.y, 30 * 16, "at the top speed of a fall, it lands on the platform")
    }
}
