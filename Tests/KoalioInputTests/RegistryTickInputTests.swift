import XCTest
@testable import KoalioInput

/// The registry owns every controller as a peer and produces each tick's input.
final class RegistryTickInputTests: XCTestCase {
    func testPlayerOneSteersWithEveryControllerAtOnce() {
        let registry = ControllerRegistry()
        let onScreen = Controller(id: .onScreen, vendorName: "On-screen controls", productCategory: .generic, hasLight: false, hasRumble: false)
        registry.attachOnScreen(onScreen)
        let pad = Controller(id: .pad(5), vendorName: "Pad", productCategory: .dualSense, hasLight: true, hasRumble: true)
        registry.connect(pad)
        XCTAssertEqual(registry.controllers(ofPlayer: 1).map(\.id), [.keyboard, .onScreen, .pad(5)])

        registry.keyboard.keyDown(.right)
        pad.extendedGamepad.setButton(.buttonA, 1)
        let first = registry.tickInput(player: 1)
        XCTAssertEqual(first.snapshot.dpadX, 1, "the held key walks")
        XCTAssertEqual(first.snapshot.buttonA, 1, "the pad's A is held")
        XCTAssertEqual(first.pressed, [.a], "and was pressed since the last tick")
        XCTAssertEqual(registry.tickInput(player: 1).pressed, [], "a press counts once")

        onScreen.extendedGamepad.setLeftStick(rawX: -0.5, rawY: 0)
        XCTAssertEqual(registry.tickInput(player: 1).snapshot.dpadX, 1, "a smaller deflection does not override the key")
        registry.onScreenShown = false
        onScreen.extendedGamepad.setButton(.buttonMenu, 1)
        XCTAssertEqual(registry.controllers(ofPlayer: 1).map(\.id), [.keyboard, .pad(5)], "hidden controls do not steer")
        XCTAssertEqual(registry.tickInput(player: 1).pressed, [], "nor press")
        XCTAssertTrue(registry.controllers(ofPlayer: 2).isEmpty, "no player 2 before local co-op")
    }
}
