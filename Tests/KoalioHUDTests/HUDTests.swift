import KoalioCore
import KoalioInput
import XCTest
@testable import KoalioHUD

final class HUDTests: XCTestCase {
    let layout = HUDLayout()
    let finger1 = PointerID.finger(device: 1, finger: 10)
    let finger2 = PointerID.finger(device: 1, finger: 11)

    func event(_ id: PointerID, _ phase: PointerEvent.Phase, _ point: Vec2) -> PointerEvent {
        PointerEvent(id: id, phase: phase, position: point)
    }

    func testTwoFingersDriveTheJoystickAndAButtonAtOnce() {
        let hud = HUD()
        hud.handle(event(finger1, .down, Vec2(80, 240)))
        hud.handle(event(finger1, .move, Vec2(120, 240)))
        hud.handle(event(finger2, .down, layout.buttonA.center))
        XCTAssertEqual(hud.gamepad.leftThumbstick.xAxis.value, 1, "40 px right with a 34 px radius: full right")
        XCTAssertTrue(hud.isAPressed)
        XCTAssertEqual(TickInput(source: 0, snapshot: hud.gamepad.capture()).command, Command(moveX: 1, jump: true))
    }

    func testAFingerLeavingWhileAnotherStays() {
        let hud = HUD()
        hud.handle(event(finger1, .down, Vec2(80, 240)))
        hud.handle(event(finger1, .move, Vec2(60, 240)))
        hud.handle(event(finger2, .down, layout.buttonA.center))
        hud.handle(event(finger2, .up, layout.buttonA.center))
        XCTAssertFalse(hud.isAPressed)
        XCTAssertTrue(hud.isJoystickHeld)
        XCTAssertLessThan(hud.gamepad.leftThumbstick.xAxis.value, 0, "the joystick finger still walks left")
        hud.handle(event(finger1, .up, Vec2(60, 240)))
        XCTAssertEqual(hud.gamepad.capture(), .neutral)
        XCTAssertEqual(hud.joystick.baseCenter, layout.joystickRest)
    }

    func testASecondFingerInTheLeftZoneDoesNotStealTheJoystick() {
        let hud = HUD()
        hud.handle(event(finger1, .down, Vec2(80, 240)))
        hud.handle(event(finger2, .down, Vec2(150, 200)))
        hud.handle(event(finger2, .move, Vec2(190, 200)))
        XCTAssertEqual(hud.gamepad.leftThumbstick.xAxis.value, 0)
        XCTAssertEqual(hud.joystick.baseCenter, Vec2(80, 240))
    }

    func testBStaysPressedUntilItsPointerLiftsAndSlidesOntoA() {
        let hud = HUD()
        hud.handle(event(finger1, .down, layout.buttonB.center))
        XCTAssertTrue(hud.isBPressed)
        XCTAssertFalse(hud.isAPressed)
        hud.handle(event(finger1, .move, layout.buttonA.center))
        XCTAssertTrue(hud.isBPressed, "B is sticky")
        XCTAssertTrue(hud.isAPressed, "the thumb slid onto A: both held")
        XCTAssertEqual(TickInput(source: 0, snapshot: hud.gamepad.capture()).command, Command(moveX: 0, jump: true, dash: true))
        hud.handle(event(finger1, .move, Vec2(300, 100)))
        XCTAssertTrue(hud.isBPressed, "wherever it moves")
        XCTAssertFalse(hud.isAPressed, "off A again")
        hud.handle(event(finger1, .up, Vec2(300, 100)))
        XCTAssertFalse(hud.isBPressed)
    }

    func testAIsPressedOnlyWhileAPointerIsOnIt() {
        let hud = HUD()
        hud.handle(event(.mouse, .down, layout.buttonA.center))
        XCTAssertTrue(hud.isAPressed)
        hud.handle(event(.mouse, .move, Vec2(300, 150)))
        XCTAssertFalse(hud.isAPressed)
        hud.handle(event(.mouse, .move, layout.buttonA.center))
        XCTAssertTrue(hud.isAPressed)
        hud.handle(event(.mouse, .move, layout.buttonB.center))
        XCTAssertFalse(hud.isBPressed, "only a pointer that lands on B presses it")
    }

    func testPauseButtonPressesMenu() {
        let hud = HUD()
        let before = GamepadPresses(hud.gamepad)
        hud.handle(event(.mouse, .down, layout.pause.center))
        XCTAssertTrue(hud.isPausePressed)
        hud.handle(event(.mouse, .up, layout.pause.center))
        XCTAssertEqual(GamepadPresses(hud.gamepad).pressed(since: before), .menu)
    }

    func testHiddenHUDReleasesAndIgnoresInput() {
        let hud = HUD()
        hud.handle(event(finger1, .down, Vec2(80, 240)))
        hud.handle(event(finger1, .move, Vec2(130, 240)))
        hud.handle(event(finger2, .down, layout.buttonB.center))
        hud.setVisible(false)
        XCTAssertEqual(hud.gamepad.capture(), .neutral, "a hidden HUD holds nothing")
        hud.handle(event(finger2, .down, layout.buttonA.center))
        hud.handle(event(finger1, .move, Vec2(10, 240)))
        XCTAssertEqual(hud.gamepad.capture(), .neutral, "and ignores pointers")
        hud.setVisible(true)
        hud.handle(event(finger2, .up, layout.buttonA.center))  // a lift from before: nothing to release
        hud.handle(event(finger1, .down, layout.buttonA.center))
        XCTAssertTrue(hud.isAPressed, "works again")
    }

    func testTheHUDIsAControllerWithTheSameProfile() {
        let hud = HUD()
        XCTAssertEqual(hud.controller.vendorName, HUD.controllerName)
        hud.handle(event(.mouse, .down, layout.buttonB.center))
        let snapshot = hud.controller.capture()
        XCTAssertTrue(snapshot.extendedGamepad.buttonB.isPressed)
        XCTAssertTrue(snapshot.isSnapshot)
    }
}

/// The settings' size and hand move the on-screen controls.
final class HUDLayoutSettingsTests: XCTestCase {
    func testSizeGrowsTowardTheCornersAndLeftHandedSwapsSides() {
        let plain = HUDLayout(), same = HUDLayout(size: 1, leftHanded: false)
        XCTAssertEqual(same, plain, "100 %, right-handed: as drawn")
        let big = HUDLayout(size: 1.5, leftHanded: false)
        XCTAssertEqual(big.joystickRadius, plain.joystickRadius * 1.5)
        XCTAssertEqual(big.buttonA.radius, plain.buttonA.radius * 1.5)
        // Grown about the bottom-right corner: everything scales from it, so the centre moves away.
        XCTAssertEqual(568 - big.buttonA.center.x, (568 - plain.buttonA.center.x) * 1.5, accuracy: 1e-9)
        XCTAssertEqual(320 - big.buttonA.center.y, (320 - plain.buttonA.center.y) * 1.5, accuracy: 1e-9)
        XCTAssertEqual(big.pause, plain.pause, "the pause button stays")
        let left = HUDLayout(size: 1, leftHanded: true)
        XCTAssertEqual(left.joystickRest.x, 568 - plain.joystickRest.x)
        XCTAssertEqual(left.buttonA.center.x, 568 - plain.buttonA.center.x)
        XCTAssertEqual(left.joystickZone.maxX, 568)
        XCTAssertEqual(left.joystickZone.width, plain.joystickZone.width)
    }

    func testAMovedHUDTakesTouchesWhereItIsDrawn() {
        let hud = HUD()
        hud.configure(layout: HUDLayout(size: 1, leftHanded: true), joystickFollows: false)
        let a = hud.layout.buttonA.center
        XCTAssertTrue(hud.handle(PointerEvent(id: .mouse, phase: .down, position: a)))
        XCTAssertTrue(hud.isAPressed, "A is where it is drawn: on the left")
        XCTAssertFalse(hud.joystick.baseFollows)
    }
}
