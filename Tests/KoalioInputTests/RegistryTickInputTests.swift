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
        var seats = Seating()
        let onScreen = Controller(id: .onScreen, vendorName: "On-screen controls", productCategory: .generic, hasLight: false, hasRumble: false)
        registry.attachOnScreen(onScreen)
        let pad = pad(5)
        registry.connect(pad, seats: &seats)
        XCTAssertEqual([ControllerID.keyboard, .onScreen, .pad(5)].map { registry.player(of: $0, seats: seats) }, [1, 1, 1])

        registry.keyboard.keyDown(.right)
        pad.extendedGamepad.setButton(.buttonA, 1)
        let first = registry.teamInput(seats: &seats)
        XCTAssertEqual(first.snapshot.dpadX, 1, "the held key walks")
        XCTAssertEqual(first.snapshot.buttonA, 1, "the pad's A is held")
        XCTAssertEqual(first.pressed, [.a], "and was pressed since the last tick")
        XCTAssertEqual(registry.teamInput(seats: &seats).pressed, [], "a press counts once")

        onScreen.extendedGamepad.setLeftStick(rawX: -0.5, rawY: 0)
        XCTAssertEqual(registry.teamInput(seats: &seats).snapshot.dpadX, 1, "a smaller deflection does not override the key")
        registry.onScreenShown = false
        onScreen.extendedGamepad.setButton(.buttonMenu, 1)
        XCTAssertEqual(registry.teamInput(seats: &seats).pressed, [], "hidden controls do not press")
        XCTAssertTrue(registry.teamInput(seats: &seats).partners.isEmpty, "no player 2 until one joins")
    }

    func testASecondPadIsNoOnesUntilItsAJoinsAndThenSteersItsOwnKoala() {
        let registry = ControllerRegistry()
        var seats = Seating()
        registry.currentFollowsInput = false  // in a level
        let first = pad(1), second = pad(2, .xboxOne), third = pad(3, .switchPro)
        for pad in [first, second, third] { registry.connect(pad, seats: &seats) }
        _ = registry.drainEffects()
        XCTAssertNil(registry.player(of: second.id, seats: seats), "no one's yet")
        XCTAssertEqual(second.playerIndex, .unset, "no player LED")
        XCTAssertEqual(second.lightColor, ControllerRegistry.freePadColor)

        second.extendedGamepad.setLeftStick(rawX: -1, rawY: 0)
        registry.noteInput(from: second, seats: seats)
        XCTAssertTrue(registry.current === first, "in a level a free pad does not take player 1's koala")
        second.extendedGamepad.setButton(.buttonA, 1)
        var input = registry.teamInput(seats: &seats)
        XCTAssertEqual(input.snapshot.leftX, 0, "nor steers it")
        XCTAssertEqual(input.joinRequests.map(\.id), [second.id], "its A asks to join")
        XCTAssertEqual(input.pressed, [], "and does not jump player 1")

        XCTAssertEqual(registry.join(second, seats: &seats), 2)
        XCTAssertEqual(registry.join(second, seats: &seats), nil, "once")
        XCTAssertEqual(registry.join(first, seats: &seats), nil, "player 1's pad cannot join")
        XCTAssertEqual(registry.join(third, seats: &seats), 3)
        XCTAssertEqual(registry.drainEffects(), [.setPlayerIndex(controllerID: 2, .index(2)), .setLight(controllerID: 2, PlayerColors.of(2)),
                                                 .setPlayerIndex(controllerID: 3, .index(3)), .setLight(controllerID: 3, PlayerColors.of(3))])
        input = registry.teamInput(seats: &seats)
        XCTAssertEqual(input.partners.map(\.player), [2, 3])
        XCTAssertEqual(input.partners[0].snapshot.leftX, -1, "player 2 steers with their stick")
        XCTAssertEqual(input.snapshot.leftX, 0, "player 1 does not")
        third.extendedGamepad.setButton(.buttonA, 1)
        third.extendedGamepad.setButton(.buttonMenu, 1)
        input = registry.teamInput(seats: &seats)
        XCTAssertEqual(input.partners[1].pressed, [.a], "player 3's A is theirs")
        XCTAssertEqual(input.pressed, [.menu], "anyone's Start pauses")
    }

    func testHoldingBackForTwoSecondsLeaves() {
        let registry = ControllerRegistry()
        var seats = Seating()
        registry.currentFollowsInput = false
        let first = pad(1), second = pad(2)
        registry.connect(first, seats: &seats)
        registry.connect(second, seats: &seats)
        registry.join(second, seats: &seats)
        second.extendedGamepad.setButton(.buttonOptions, 1)
        var leftAt: Int?
        for tick in 1...(ControllerRegistry.leaveHoldTicks + 10) where leftAt == nil {
            if registry.teamInput(seats: &seats).leaveRequests == [2] { leftAt = tick }
        }
        XCTAssertEqual(leftAt, ControllerRegistry.leaveHoldTicks)
        registry.leave(player: 2, seats: &seats)
        XCTAssertNil(registry.player(of: second.id, seats: seats), "free again")
        XCTAssertTrue(registry.teamInput(seats: &seats).partners.isEmpty)
        XCTAssertEqual(second.playerIndex, .unset)
    }

    func testAPlayersPadUnpluggedKeepsTheirSeatUntilItOrAnotherFreePadComesBack() {
        let registry = ControllerRegistry()
        var seats = Seating()
        registry.currentFollowsInput = false
        let first = pad(1), second = pad(2, .xboxOne, serial: "AB12")
        registry.connect(first, seats: &seats)
        registry.connect(second, seats: &seats)
        registry.join(second, seats: &seats)
        second.extendedGamepad.setLeftStick(rawX: 1, rawY: 0)
        let changes = registry.disconnect(id: second.id, seats: &seats)
        XCTAssertTrue(changes.contains { if case .playerPadLost(_, 2) = $0 { return true } else { return false } })
        XCTAssertTrue(registry.current === first, "player 1's pad stays theirs")
        let away = registry.teamInput(seats: &seats).partners
        XCTAssertEqual(away.map(\.player), [2], "player 2 is still in play")
        XCTAssertNil(away[0].pad)
        XCTAssertEqual(away[0].snapshot, .neutral, "with their input released")

        let otherXbox = pad(7, .xboxOne, serial: "ZZ99")
        XCTAssertFalse(registry.connect(otherXbox, seats: &seats).contains { if case .playerPadReturned = $0 { return true } else { return false } },
                       "another pad of the same kind with its own serial is not theirs")
        let back = pad(8, .xboxOne, serial: "AB12")
        XCTAssertTrue(registry.connect(back, seats: &seats).contains { if case .playerPadReturned(_, 2) = $0 { return true } else { return false } },
                      "the same pad (GUID and serial) plugged back is")
        XCTAssertEqual(registry.player(of: back.id, seats: seats), 2)
        XCTAssertEqual(back.playerIndex, .index(2))

        registry.disconnect(id: back.id, seats: &seats)
        XCTAssertEqual(registry.join(otherXbox, seats: &seats), 2, "A on a free pad takes the seat of the player whose pad is away")
        XCTAssertEqual(registry.join(pad(9), seats: &seats), nil, "not connected")
    }

    func testInTheMenusTheFreePadUsedBecomesPlayerOnes() {
        let registry = ControllerRegistry()
        var seats = Seating()
        let first = pad(1), second = pad(2)
        registry.connect(first, seats: &seats)
        registry.connect(second, seats: &seats)
        registry.noteInput(from: second, seats: seats)
        XCTAssertTrue(registry.current === second)
        XCTAssertEqual(registry.player(of: second.id, seats: seats), 1)
        XCTAssertNil(registry.player(of: first.id, seats: seats))
        XCTAssertEqual(first.playerIndex, .unset)
    }

    /// Four players in all: phones get the seats the pads in use leave (player 1's keyboard
    /// takes none; a seated pad's seat stays taken while it is away; a phone's own seat is a phone's).
    func testPhonesGetTheSeatsPadsLeave() {
        let registry = ControllerRegistry()
        var seats = Seating()
        XCTAssertEqual(seats.phoneSeats(phones: [], playerOne: nil), 4, "the keyboard steers: the first phone takes player 1's koala")
        XCTAssertEqual(seats.phoneSeats(phones: [], playerOne: .pad(1)), 3, "player 1's pad takes a seat")
        XCTAssertEqual(seats.phoneSeats(phones: [.pad(1)], playerOne: .pad(1)), 4, "a phone steering player 1 is a phone's seat")
        registry.currentFollowsInput = false  // in a level
        let first = pad(1), second = pad(2, .xboxOne)
        for pad in [first, second] { _ = registry.connect(pad, seats: &seats) }
        XCTAssertEqual(registry.join(second, seats: &seats), 2)
        XCTAssertEqual(seats.seats.count, 1)
        XCTAssertEqual(seats.phoneSeats(phones: [], playerOne: .pad(1)), 2, "a seated pad takes one more")
        _ = registry.disconnect(id: second.id, seats: &seats)
        XCTAssertEqual(seats.playersWithPadAway, [2])
        XCTAssertEqual(seats.phoneSeats(phones: [], playerOne: .pad(1)), 2, "away, its seat is kept")
    }
}
