import XCTest
@testable import KoalioInput

/// Rebound keys and buttons reach the game as the default ones did: every controller's input
/// is read through the bindings into one layout (A jump, X dash, Menu pause, d-pad x walks).
final class BindingsTests: XCTestCase {
    func testReboundKeysDriveTheirActionsAndTheOldOnesNoLonger() {
        let registry = ControllerRegistry()
        var seats = Seating()
        var bindings = Bindings()
        bindings.keys[.jump] = [Key(usage: 14)]  // K
        bindings.keys[.left] = [.s]
        registry.bindings = bindings
        registry.keyboard.keyDown(.space)
        XCTAssertEqual(registry.teamInput(seats: &seats).snapshot.buttonA, 0, "Space no longer jumps")
        registry.keyboard.keyDown(Key(usage: 14))
        let input = registry.teamInput(seats: &seats)
        XCTAssertEqual(input.snapshot.buttonA, 1)
        XCTAssertEqual(input.pressed, [.a], "the new key's press counts as a jump press")
        registry.keyboard.keyDown(.s)
        XCTAssertEqual(registry.teamInput(seats: &seats).snapshot.dpadX, -1, "S walks left")
    }

    func testReboundPadButtonsAndATriggerAreReadThroughTheBindings() {
        let registry = ControllerRegistry()
        var seats = Seating()
        let pad = Controller(id: .pad(1), vendorName: "Pad", productCategory: .xboxOne, hasLight: false, hasRumble: true)
        registry.connect(pad, seats: &seats)
        var bindings = Bindings()
        bindings.buttons[.jump] = [.y]
        bindings.buttons[.dash] = [.trigger(.rightTrigger)]
        bindings.buttons[.pause] = [.button(.back)]
        registry.bindings = bindings
        _ = registry.teamInput(seats: &seats)

        pad.extendedGamepad.setButton(.buttonA, 1)
        XCTAssertEqual(registry.teamInput(seats: &seats).snapshot.buttonA, 0, "A no longer jumps")
        pad.extendedGamepad.setButton(.buttonY, 1)
        pad.extendedGamepad.setButton(.rightTrigger, 0.8)
        let input = registry.teamInput(seats: &seats)
        XCTAssertEqual(input.snapshot.buttonA, 1, "Y jumps")
        XCTAssertEqual(input.pressed, [.a])
        XCTAssertTrue(TickInput(source: 0, snapshot: input.snapshot).command.dash, "the right trigger dashes")
        pad.extendedGamepad.setButton(.buttonOptions, 1)
        XCTAssertTrue(registry.teamInput(seats: &seats).pressed.contains(.menu), "Back pauses")
    }

    func testNintendoPadsByLabelSwapTheFaceButtons() {
        var bindings = Bindings()
        var snapshot = GamepadSnapshot.neutral
        snapshot.buttonB = 1  // the right face button: printed A on a Switch pad
        XCTAssertEqual(bindings.canonical(snapshot, category: .switchPro).buttonA, 0, "by position, jump is the bottom button")
        bindings.nintendoByLabel = true
        XCTAssertEqual(bindings.canonical(snapshot, category: .switchPro).buttonA, 1, "by label, jump is the button printed A")
        XCTAssertEqual(bindings.canonical(snapshot, category: .xboxOne).buttonA, 0, "other pads keep positions")
        XCTAssertEqual(bindings.physicalButtons(for: .jump, on: .joyCon), [.b])
    }

    func testConflictsNameTheOtherActions() {
        var bindings = Bindings()
        bindings.keys[.dash] = [.space]
        XCTAssertEqual(bindings.conflicts(of: Key.space, with: .dash), [.jump])
        XCTAssertEqual(bindings.conflicts(of: Key.x, with: .dash), [])
        XCTAssertEqual(bindings.conflicts(of: PadBinding.b, with: .jump), [.dash])
    }

    func testPadBindingNamesAreSDLs() {
        XCTAssertEqual(PadBinding(name: "dpleft"), .dpadLeft)
        XCTAssertEqual(PadBinding(name: "lefttrigger"), .trigger(.leftTrigger))
        XCTAssertNil(PadBinding(name: "leftx"), "a stick axis is not a button")
        XCTAssertEqual(PadBinding.all.map(\.name).count, Set(PadBinding.all.map(\.name)).count)
    }
}
