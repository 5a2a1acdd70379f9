import KoalioCore
import XCTest
@testable import KoalioHUD

final class FloatingJoystickTests: XCTestCase {
    let bounds = Rect(x: 0, y: 0, width: 300, height: 300)

    func stick(follows: Bool = true) -> FloatingJoystick {
        FloatingJoystick(restCenter: Vec2(100, 100), radius: 40, movableBounds: bounds, baseFollows: follows)
    }

    func testCompassPointsAndDiagonals() {
        let offsets = [Vec2(0, -20), Vec2(20, 0), Vec2(0, 20), Vec2(-20, 0), Vec2(20, -20), Vec2(20, 20), Vec2(-20, 20), Vec2(-20, -20)]
        for offset in offsets {
            var joystick = stick()
            joystick.begin(at: Vec2(150, 150))
            joystick.move(to: Vec2(150 + offset.x, 150 + offset.y))
            XCTAssertEqual(joystick.vector.x, offset.x / 40, accuracy: 1e-9, "\(offset)")
            XCTAssertEqual(joystick.vector.y, -offset.y / 40, accuracy: 1e-9, "up is positive, as on a pad: \(offset)")
            XCTAssertEqual(joystick.displacement, (offset.x * offset.x + offset.y * offset.y).squareRoot() / 40, accuracy: 1e-9)
        }
    }

    func testCentredIsZeroAndTheBaseAppearsUnderThePointer() {
        var joystick = stick()
        joystick.begin(at: Vec2(150, 160))
        XCTAssertEqual(joystick.baseCenter, Vec2(150, 160))
        XCTAssertEqual(joystick.displacement, 0)
        XCTAssertEqual(joystick.vector.x, 0)
    }

    func testDisplacementClampsAtOneAndTheBaseFollowsPastTheRim() {
        var joystick = stick()
        joystick.begin(at: Vec2(150, 150))
        joystick.move(to: Vec2(250, 150))  // 100 px right with a 40 px radius
        XCTAssertEqual(joystick.displacement, 1)
        XCTAssertEqual(joystick.baseCenter, Vec2(210, 150), "pulled along so the pointer sits on its rim")
        XCTAssertEqual(joystick.handleOffset, Vec2(40, 0))
        XCTAssertEqual(joystick.vector.x, 1, accuracy: 1e-9)
    }

    func testTheFollowingBaseStaysInItsBounds() {
        var joystick = stick()
        joystick.begin(at: Vec2(20, 150))
        XCTAssertEqual(joystick.baseCenter.x, 40, "a base landing near the edge is pushed inside")
        joystick.move(to: Vec2(-200, 150))
        XCTAssertEqual(joystick.baseCenter.x, 40, "dragged far past the edge, it stays inside")
        XCTAssertEqual(joystick.handleOffset.x, -40, accuracy: 1e-9, "the handle stays on the rim")
        XCTAssertEqual(joystick.vector.x, -1, accuracy: 1e-9)
        joystick.move(to: Vec2(200, 500))
        XCTAssertLessThanOrEqual(joystick.baseCenter.y, 260)
        XCTAssertGreaterThanOrEqual(joystick.baseCenter.x - 40, 0)
    }

    func testFixedBaseClampsTheHandleToTheRim() {
        var joystick = stick(follows: false)
        joystick.begin(at: Vec2(200, 200))
        XCTAssertEqual(joystick.baseCenter, Vec2(100, 100), "a fixed base does not come to the hand")
        joystick.move(to: Vec2(100, 0))
        XCTAssertEqual(joystick.baseCenter, Vec2(100, 100))
        XCTAssertEqual(joystick.handleOffset, Vec2(0, -40))
        XCTAssertEqual(joystick.displacement, 1)
        XCTAssertEqual(joystick.vector.y, 1, accuracy: 1e-9, "up is positive, as on a pad")
    }

    func testReleaseRecentresAndReturnsTheBase() {
        var joystick = stick()
        joystick.begin(at: Vec2(200, 200))
        joystick.move(to: Vec2(300, 200))
        joystick.end()
        XCTAssertEqual(joystick.baseCenter, Vec2(100, 100))
        XCTAssertEqual(joystick.handleOffset, .zero)
        XCTAssertEqual(joystick.displacement, 0)
        XCTAssertEqual(joystick.vector.x, 0)
    }
}
