import Foundation
import KoalioHUD
import XCTest

/// Every scheme steers at once, through the real loop: a held key is not stopped by a click
/// (to focus the window, say) or by a pad's button, as it was when the controller used last
/// alone steered.
final class MergedSteeringTests: XCTestCase {
    func play(_ script: String, ticks: Int) throws -> LoopRunner.Run { try LoopRunner.play(script, ticks: ticks) }

    /// The koala's speed right after a tick.
    func vx(_ run: LoopRunner.Run, _ tick: Int) throws -> Double { try XCTUnwrap(run.field(tick, "vx", as: Double.self)) }

    /// Walking right from tick 0 reaches top speed (120 px/s) by tick 60, and meets level 1's
    /// first wall at about tick 115.
    func assertWalkingAtTopSpeed(_ run: LoopRunner.Run, _ ticks: ClosedRange<Int>, file: StaticString = #filePath, line: UInt = #line) throws {
        for tick in ticks {
            XCTAssertEqual(try vx(run, tick), 120, accuracy: 1, "tick \(tick): still walking right", file: file, line: line)
        }
    }

    func testAHeldKeyKeepsWalkingThroughAClickOnEmptyScreen() throws {
        let run = try play("0 right down\n60 mouse down 300 120\n62 mouse up 300 120\n", ticks: 100)
        try assertWalkingAtTopSpeed(run, 59...100)
        XCTAssertEqual(run.field(100, "activeController"), "Keyboard", "a click on nothing does not name the on-screen controls")
    }

    func testAHeldKeyKeepsWalkingWhileTheOnScreenJoystickIsTouchedButNotMoved() throws {
        let run = try play("0 right down\n60 mouse down 100 250\n80 mouse up 100 250\n", ticks: 100)
        try assertWalkingAtTopSpeed(run, 59...100)
    }

    func testAHeldKeyKeepsWalkingAndAPadButtonJumps() throws {
        let run = try play("0 right down\n60 pad attach ps5\n70 pad1 a down\n85 pad1 a up\n", ticks: 100)
        XCTAssertEqual(run.field(61, "activeController"), "DualSense Wireless Controller", "the new pad is named at once")
        try assertWalkingAtTopSpeed(run, 59...100)
        XCTAssertLessThan(try XCTUnwrap(run.field(72, "vy", as: Double.self)), 0, "the pad's A jumped")
    }

    func testAPadStickAndTheKeyboardTogetherTakeTheLargerDeflection() throws {
        let run = try play("0 pad attach ps4\n1 pad1 leftx 0.5\n60 right down\n", ticks: 110)
        XCTAssertEqual(try vx(run, 59), 45, accuracy: 1, "half a stick (past the 0.2 dead zone: 0.375) walks at 45 px/s")
        XCTAssertEqual(try vx(run, 110), 120, accuracy: 1, "with the arrow key held, the larger deflection walks")
        XCTAssertEqual(run.field(110, "activeController"), "Keyboard")
    }
}
