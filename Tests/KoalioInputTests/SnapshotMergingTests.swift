import XCTest
@testable import KoalioInput

/// Every scheme steers at once: one player's controllers merge into one snapshot per tick.
final class SnapshotMergingTests: XCTestCase {
    func snapshot(dpad: (Float, Float) = (0, 0), left: (Float, Float) = (0, 0), a: Float = 0, x: Float = 0) -> GamepadSnapshot {
        var s = GamepadSnapshot()
        (s.dpadX, s.dpadY, s.leftX, s.leftY, s.buttonA, s.buttonX) = (dpad.0, dpad.1, left.0, left.1, a, x)
        return s
    }

    func testAHeldKeySurvivesANeutralController() {
        let keyboard = snapshot(dpad: (1, 0)), onScreen = GamepadSnapshot.neutral, pad = snapshot(a: 1)
        let merged = GamepadSnapshot.merging([keyboard, onScreen, pad])
        XCTAssertEqual(merged.dpadX, 1, "still walking right")
        XCTAssertEqual(merged.buttonA, 1, "and the pad's A jumps")
        XCTAssertEqual(TickInput(source: 0, snapshot: merged).command.moveX, 1)
        XCTAssertTrue(TickInput(source: 0, snapshot: merged).command.jump)
    }

    func testTheLargestDeflectionWalksAndTheOtherIsDropped() {
        let resting = snapshot(left: (-0.25, 0))  // a worn stick just past the dead zone
        let merged = GamepadSnapshot.merging([resting, snapshot(dpad: (1, 0))])
        XCTAssertEqual(merged.dpadX, 1)
        XCTAssertEqual(merged.leftX, 0, "the smaller deflection does not steer")
        XCTAssertEqual(TickInput(source: 0, snapshot: merged).command.moveX, 1)
        let stick = GamepadSnapshot.merging([snapshot(dpad: (-1, 0)), snapshot(left: (0.9, 0.9))])
        XCTAssertEqual(stick.leftX, 0.9)
        XCTAssertEqual(stick.dpadX, 0)
    }

    func testButtonsAreOrdAndTiesGoToTheFirst() {
        let merged = GamepadSnapshot.merging([snapshot(dpad: (-1, 0), x: 1), snapshot(dpad: (1, 0), a: 0.4)])
        XCTAssertEqual(merged.dpadX, -1, "equal deflections: the first controller's")
        XCTAssertEqual(merged.buttonX, 1)
        XCTAssertEqual(merged.buttonA, 0.4)
        XCTAssertEqual(GamepadSnapshot.merging([]), .neutral)
        XCTAssertEqual(GamepadSnapshot.merging([snapshot(left: (0.5, 0))]), snapshot(left: (0.5, 0)), "one controller is itself")
    }
}
