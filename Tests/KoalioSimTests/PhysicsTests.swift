import XCTest
import KoalioCore
@testable import KoalioSim

/// The original's figures, in ticks: jump apex ≈ 69 pt, ≈ 1.1 s in the air, top speeds 120 and 210 pt/s.
final class PhysicsTests: XCTestCase {
    let flat = makeMap([String](repeating: String(repeating: ".", count: 80), count: 19) + [String(repeating: "#", count: 80)])
    var floorY: Double { 19 * 16 }

    func standing() -> World {
        var w = world(in: flat, feet: Vec2(300, floorY))
        w.step(.idle, in: flat)
        XCTAssertTrue(w.player.onGround)
        return w
    }

    /// Jumps holding jump for `holdTicks`; returns (apex height, ticks until landing).
    func jump(holdTicks: Int) -> (apex: Double, airTicks: Int) {
        var w = standing()
        var apex = 0.0, ticks = 0
        repeat {
            w.step(Command(jump: ticks < holdTicks), in: flat)
            ticks += 1
            apex = max(apex, floorY - w.player.position.y)
        } while !w.player.onGround && ticks < 600
        return (apex, ticks)
    }

    func testFullJumpMatchesTheOriginal() {
        let (apex, air) = jump(holdTicks: 600)
        XCTAssertEqual(apex, 69, accuracy: 3, "apex ≈ 69 pt (4.3 tiles)")
        XCTAssertEqual(Double(air) / 60, 1.1, accuracy: 0.08, "≈ 1.1 s in the air")
    }

    func testReleasingEarlyJumpsLower() {
        let tap = jump(holdTicks: 3)
        let full = jump(holdTicks: 600)
        XCTAssertLessThan(tap.apex, full.apex * 0.6)
        XCTAssertLessThan(tap.airTicks, full.airTicks)
    }

    func testTopSpeedsWalkingAndDashing() {
        var w = standing()
        for _ in 0..<120 { w.step(Command(moveX: 1), in: flat) }
        XCTAssertEqual(w.player.velocity.x * 60, 120, accuracy: 0.001)
        var d = standing()
        for _ in 0..<150 { d.step(Command(moveX: 1, dash: true), in: flat) }
        XCTAssertEqual(d.player.velocity.x * 60, 210, accuracy: 0.001)
        XCTAssertTrue(d.player.dashing)
    }

    func testWalkingLeftAndAnalogStrength() {
        var w = standing()
        for _ in 0..<120 { w.step(Command(moveX: -0.5), in: flat) }
        XCTAssertEqual(w.player.velocity.x * 60, -60, accuracy: 0.01, "half a stick, half the speed")
        XCTAssertTrue(w.player.facingLeft)
    }

    func testHoldingJumpDoesNotBounce() {
        var w = standing()
        for _ in 0..<200 { w.step(Command(jump: true), in: flat) }
        XCTAssertTrue(w.player.onGround, "one press, one jump")
    }

    /// Walks off a ledge, then presses jump `late` ticks after losing the ground.
    func jumpsAfterLeavingLedge(late: Int) -> Bool {
        let map = makeMap([String](repeating: String(repeating: ".", count: 30), count: 14)
            + [String(repeating: "#", count: 10) + String(repeating: ".", count: 20)])
        var w = world(in: map, feet: Vec2(140, 14 * 16))
        w.step(.idle, in: map)
        while w.player.onGround { w.step(Command(moveX: 1), in: map) }
        for _ in 1..<late { w.step(Command(moveX: 1), in: map) }
        w.step(Command(moveX: 1, jump: true), in: map)
        return w.player.velocity.y < 0
    }

    func testCoyoteTime() {
        XCTAssertTrue(jumpsAfterLeavingLedge(late: 1))
        XCTAssertTrue(jumpsAfterLeavingLedge(late: Tuning.coyoteTicks))
        XCTAssertFalse(jumpsAfterLeavingLedge(late: Tuning.coyoteTicks + 2))
    }

    /// Drops from a height and presses jump `early` ticks before the landing tick.
    func jumpsOnLanding(early: Int) -> Bool {
        var probe = world(in: flat, feet: Vec2(300, floorY - 60))
        var landing = 0
        while !probe.player.onGround { probe.step(.idle, in: flat); landing += 1 }
        var w = world(in: flat, feet: Vec2(300, floorY - 60))
        for tick in 1...(landing + 1) {
            w.step(Command(jump: tick == landing - early), in: flat)
        }
        return w.player.velocity.y < 0
    }

    /// Take-off is on the tick after landing (the first that starts on ground), so a press
    /// `jumpBufferTicks - 2` ticks before the landing tick is the earliest that still jumps.
    func testJumpBuffering() {
        XCTAssertTrue(jumpsOnLanding(early: 0))
        XCTAssertTrue(jumpsOnLanding(early: Tuning.jumpBufferTicks - 2))
        XCTAssertFalse(jumpsOnLanding(early: Tuning.jumpBufferTicks - 1))
    }
}
