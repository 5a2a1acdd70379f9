import XCTest
import KoalioCore
@testable import KoalioInput

/// The registry owns every controller as a peer, pairs pads with players, and produces each
/// tick's input for every player.
final class RegistryTickInputTests: XCTestCase {
    func pad(_ id: Int, _ category: ProductCategory = .dualSense, serial: String = "") -> Controller {
        Controller(id: .pad(id), identity: PadIdentity(guid: "guid-\(category.rawValue)", serial: serial), vendorName: "Pad \(id)",
                   productCategory: category, hasLight: true, hasRumble: true)
    }

    func testPlayerOneSteersWithEveryControllerAtOnce() {
        let registry = ControllerRegistry()
        let onScreen = Controller(id: .onScreen, vendorName: "On-screen controls", productCategory: .generic, hasLight: false, hasRumble: false)
        registry.attachOnScreen(onScreen)
        let pad = pad(5)
        registry.connect(pad)
        XCTAssertEqual([ControllerID.keyboard, .onScreen, .pad(5)].map { registry.player(of: $0) }, [1, 1, 1])

        registry.keyboard.keyDown(.right)
        pad.extendedGamepad.setButton(.buttonA, 1)
        let first = registry.teamInput()
        XCTAssertEqual(first.snapshot.dpadX, 1, "the held key walks")
        XCTAssertEqual(first.snapshot.buttonA, 1, "the pad's A is held")
        XCTAssertEqual(first.pressed, [.a], "and was pressed since the last tick")
        XCTAssertEqual(registry.teamInput().pressed, [], "a press counts once")

        onScreen.extendedGamepad.setLeftStick(rawX: -0.5, rawY: 0)
        XCTAssertEqual(registry.teamInput().snapshot.dpadX, 1, "a smaller deflection does not override the key")
        registry.onScreenShown = false
        onScreen.extendedGamepad.setButton(.buttonMenu, 1)
        XCTAssertEqual(registry.teamInput().pressed, [], "hidden controls do not press")
        XCTAssertTrue(registry.teamInput().partners.isEmpty, "no player 2 until one joins")
    }

    func testASecondPadIsNoOnesUntilItsAJoinsAndThenSteersItsOwnKoala() {
        let registry = ControllerRegistry()
        registry.currentFollowsInput = false  // in a level
        let first = pad(1), second = pad(2, .xboxOne), third = pad(3, .switchPro)
        for pad in [first, second, third] { registry.connect(pad) }
        _ = registry.drainEffects()
        XCTAssertNil(registry.player(of: second.id), "no one's yet")
        XCTAssertEqual(second.playerIndex, .unset, "no player LED")
        XCTAssertEqual(second.lightColor, ControllerRegistry.freePadColor)

        second.extendedGamepad.setLeftStick(rawX: -1, rawY: 0)
        registry.noteInput(from: second)
        XCTAssertTrue(registry.current === first, "in a level a free pad does not take player 1's koala")
        second.extendedGamepad.setButton(.buttonA, 1)
        var input = registry.teamInput()
        XCTAssertEqual(input.snapshot.leftX, 0, "nor steers it")
        XCTAssertEqual(input.joinRequests.map(\.id), [second.id], "its A asks to join")
        XCTAssertEqual(input.pressed, [], "and does not jump player 1")

        XCTAssertEqual(registry.join(second), 2)
        XCTAssertEqual(registry.join(second), nil, "once")
        XCTAssertEqual(registry.join(first), nil, "player 1's pad cannot join")
        XCTAssertEqual(registry.join(third), 3)
        XCTAssertEqual(registry.drainEffects(), [.setPlayerIndex(controllerID: 2, .index(2)), .setLight(controllerID: 2, PlayerColors.of(2)),
                                                 .setPlayerIndex(controllerID: 3, .index(3)), .setLight(controllerID: 3, PlayerColors.of(3))])
        input = registry.teamInput()
        XCTAssertEqual(input.partners.map(\.player), [2, 3])
        XCTAssertEqual(input.partners[0].snapshot.leftX, -1, "player 2 steers with their stick")
        XCTAssertEqual(input.snapshot.leftX, 0, "player 1 does not")
        third.extendedGamepad.setButton(.buttonA, 1)
        third.extendedGamepad.setButton(.buttonMenu, 1)
        input = registry.teamInput()
        XCTAssertEqual(input.partners[1].pressed, [.a], "player 3's A is theirs")
        XCTAssertEqual(input.pressed, [.menu], "anyone's Start pauses")
    }

    func testHoldingBackForTwoSecondsLeaves() {
        let registry = ControllerRegistry()
        registry.currentFollowsInput = false
        let first = pad(1), second = pad(2)
        registry.connect(first)
        registry.connect(second)
        registry.join(second)
        second.extendedGamepad.setButton(.buttonOptions, 1)
        var leftAt: Int?
        for tick in 1...(ControllerRegistry.leaveHoldTicks + 10) where leftAt == nil {
            if registry.teamInput().leaveRequests == [2] { leftAt = tick }
        }
        XCTAssertEqual(leftAt, ControllerRegistry.leaveHoldTicks)
        registry.leave(player: 2)
        XCTAssertNil(registry.player(of: second.id), "free again")
        XCTAssertTrue(registry.teamInput().partners.isEmpty)
        XCTAssertEqual(second.playerIndex, .unset)
    }

    func testAPlayersPadUnpluggedKeepsTheirSeatUntilItOrAnotherFreePadComesBack() {
        let registry = ControllerRegistry()
        registry.currentFollowsInput = false
        let first = pad(1), second = pad(2, .xboxOne, serial: "AB12")
        registry.connect(first)
        registry.connect(second)
        registry.join(second)
        second.extendedGamepad.setLeftStick(rawX: 1, rawY: 0)
        let changes = registry.disconnect(id: second.id)
        XCTAssertTrue(changes.contains { if case .playerPadLost(_, 2) = $0 { return true } else { return false } })
        XCTAssertTrue(registry.current === first, "player 1's pad stays theirs")
        let away = registry.teamInput().partners
        XCTAssertEqual(away.map(\.player), [2], "player 2 is still in play")
        XCTAssertNil(away[0].pad)
        XCTAssertEqual(away[0].snapshot, .neutral, "with their input released")

        let otherXbox = pad(7, .xboxOne, serial: "ZZ99")
        XCTAssertFalse(registry.connect(otherXbox).contains { if case .playerPadReturned = $0 { return true } else { return false } },
                       "another pad of the same kind with its own serial is not theirs")
        let back = pad(8, .xboxOne, serial: "AB12")
        XCTAssertTrue(registry.connect(back).contains { if case .playerPadReturned(_, 2) = $0 { return true } else { return false } },
                      "the same pad (GUID and serial) plugged back is")
        XCTAssertEqual(registry.player(of: back.id), 2)
        XCTAssertEqual(back.playerIndex, .index(2))

        registry.disconnect(id: back.id)
        XCTAssertEqual(registry.join(otherXbox), 2, "A on a free pad takes the seat of the player whose pad is away")
        XCTAssertEqual(registry.join(pad(9)), nil, "not connected")
    }

    func testInTheMenusTheFreePadUsedBecomesPlayerOnes() {
        let registry = ControllerRegistry()
        let first = pad(1), second = pad(2)
        registry.connect(first)
        registry.connect(second)
        registry.noteInput(from: second)
        XCTAssertTrue(registry.current === second)
        XCTAssertEqual(registry.player(of: second.id), 1)
        XCTAssertNil(registry.player(of: first.id))
        XCTAssertEqual(first.playerIndex, .unset)
    }
}
