import XCTest
import KoalioCore
import KoalioInput

/// The keyboard as a controller, read the way the game reads every controller.
final class KeyboardTests: XCTestCase {
    func input(_ keyboard: KeyboardController, since earlier: GamepadPresses) -> TickInput {
        TickInput(source: 0, snapshot: keyboard.gamepad.capture(), pressed: GamepadPresses(keyboard.gamepad).pressed(since: earlier))
    }

    func testKeysMapToCommands() {
        let keyboard = KeyboardController()
        let start = GamepadPresses(keyboard.gamepad)
        keyboard.keyDown(.d)
        keyboard.keyDown(.leftShift)
        XCTAssertEqual(input(keyboard, since: start).command, Command(moveX: 1, jump: false, dash: true))
        keyboard.keyDown(.left)
        XCTAssertEqual(input(keyboard, since: start).command.moveX, 0, "left and right cancel")
        keyboard.keyUp(.d)
        keyboard.keyDown(.w)
        XCTAssertEqual(input(keyboard, since: start).command, Command(moveX: -1, jump: true, dash: true))
    }

    func testATapShorterThanATickStillJumps() {
        let keyboard = KeyboardController()
        let before = GamepadPresses(keyboard.gamepad)
        keyboard.keyDown(.space)
        keyboard.keyUp(.space)
        XCTAssertTrue(input(keyboard, since: before).command.jump)
        XCTAssertFalse(input(keyboard, since: GamepadPresses(keyboard.gamepad)).command.jump, "once")
    }

    func testMenuActionsAreEdgesAndRepeatsAreIgnored() {
        let keyboard = KeyboardController()
        let start = GamepadPresses(keyboard.gamepad)
        keyboard.keyDown(.escape)
        XCTAssertEqual(input(keyboard, since: start).actions, MenuActions(togglePause: true, restart: true))
        let afterEscape = GamepadPresses(keyboard.gamepad)
        keyboard.keyDown(.escape, isRepeat: true)
        keyboard.keyDown(.p)
        XCTAssertEqual(input(keyboard, since: afterEscape).actions, MenuActions(), "held Esc with P: the pause button stays down")
        keyboard.keyDown(.enter)
        XCTAssertEqual(input(keyboard, since: afterEscape).actions, MenuActions(restart: true), "Enter plays again")
        keyboard.releaseAll()
        XCTAssertEqual(keyboard.gamepad.capture(), .neutral)
        XCTAssertTrue(keyboard.hasHadInput)
    }
}
