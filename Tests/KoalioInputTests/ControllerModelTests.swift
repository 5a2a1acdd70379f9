import KoalioCore
import XCTest
@testable import KoalioInput

func pad(_ id: Int, light: Bool = true, rumble: Bool = true) -> Controller {
    Controller(id: .pad(id), vendorName: "Pad \(id)", productCategory: .generic, hasLight: light, hasRumble: rumble)
}

final class InputElementTests: XCTestCase {
    /// Pads SDL calls generic (SDL 3 calls every virtual pad so) are known by their ids.
    func testWellKnownPadsAreKnownByTheirIds() {
        XCTAssertEqual(ProductCategory(vendor: 0x057E, product: 0x2009), .switchPro)
        XCTAssertEqual(ProductCategory(vendor: 0x054C, product: 0x0CE6), .dualSense)
        XCTAssertEqual(ProductCategory(vendor: 0x054C, product: 0x09CC), .dualShock4)
        XCTAssertEqual(ProductCategory(vendor: 0x045E, product: 0x028E), .xbox360)
        XCTAssertEqual(ProductCategory(vendor: 0x045E, product: 0x0B12), .xboxOne)
        XCTAssertNil(ProductCategory(vendor: 0x057E, product: 0x0001), "an unknown Nintendo product")
        XCTAssertNil(ProductCategory(vendor: 0x1234, product: 0x2009), "the same product id from another vendor")
    }

    func testButtonHandlersRunOncePerChange() {
        let button = ButtonInput(.buttonA)
        var values: [Float] = [], pressedChanges: [Bool] = []
        button.valueChangedHandler = { _, value, _ in values.append(value) }
        button.pressedChangedHandler = { _, _, pressed in pressedChanges.append(pressed) }
        button.setValue(1)
        button.setValue(1)
        button.setValue(0.7)
        button.setValue(0.2)
        button.setValue(2)
        XCTAssertEqual(values, [1, 0.7, 0.2, 1], "no call when nothing changed; values clamped")
        XCTAssertEqual(pressedChanges, [true, false, true])
        XCTAssertEqual(button.pressCount, 2)
    }

    func testTriggerThreshold() {
        let pad = ExtendedGamepad()
        pad.setButton(.rightTrigger, 0.25)
        XCTAssertFalse(pad.rightTrigger.isPressed)
        pad.setButton(.rightTrigger, 0.35)
        XCTAssertTrue(pad.rightTrigger.isPressed)
    }

    func testDirectionPadIsAxesAndButtonsWithOneCallPerChange() {
        let dpad = DirectionPad(.dpad)
        var calls: [(Float, Float)] = []
        dpad.valueChangedHandler = { _, x, y in calls.append((x, y)) }
        dpad.setValue(x: -1, y: 1)
        dpad.setValue(x: -1, y: 1)
        XCTAssertEqual(calls.count, 1, "a diagonal is one change")
        XCTAssertTrue(dpad.left.isPressed && dpad.up.isPressed)
        XCTAssertFalse(dpad.right.isPressed || dpad.down.isPressed)
        dpad.setValue(x: 0.3, y: 0)
        XCTAssertEqual(dpad.right.value, 0.3, accuracy: 0.0001)
        XCTAssertFalse(dpad.right.isPressed)
    }

    func testRadialDeadZoneKeepsDirectionAndReachesOne() {
        let zone = DeadZone.standard
        XCTAssertEqual(zone.apply(x: 0.1, y: 0.1).x, 0)
        let diagonal = zone.apply(x: 0.5, y: 0.5)  // length 0.707 → (0.707 − 0.2) / 0.8 = 0.634
        XCTAssertEqual(diagonal.x, diagonal.y)
        XCTAssertEqual((diagonal.x * diagonal.x + diagonal.y * diagonal.y).squareRoot(), 0.634, accuracy: 0.001)
        XCTAssertEqual(zone.apply(x: 0, y: -1).y, -1)
        XCTAssertEqual(zone.apply(x: 1, y: 1).x, 0.7071, accuracy: 0.001, "a corner is clamped to the unit circle")
        XCTAssertEqual(DeadZone(radius: 2).radius, 0.95, "never a stick that cannot move")
    }

    func testSnapshotAppliesWithoutDeadZoneTwice() {
        var snapshot = GamepadSnapshot()
        snapshot.leftX = 0.1  // already past the dead zone when it was captured
        snapshot.buttonMenu = 1
        let pad = ExtendedGamepad(snapshot: snapshot)
        XCTAssertEqual(pad.leftThumbstick.xAxis.value, 0.1)
        XCTAssertTrue(pad.gamepad.buttonPause.isPressed)
        XCTAssertEqual(pad.capture(), snapshot)
        pad.releaseAll()
        XCTAssertEqual(pad.capture(), .neutral)
    }
}

extension ExtendedGamepad {
    var gamepad: Gamepad { Gamepad(self) }
}

final class ControllerRegistryTests: XCTestCase {
    func testPlayerIndicesAreThePlayersNumbers() {
        let registry = ControllerRegistry()
        var seats = Seating()
        let pads = (1...5).map { pad($0) }
        for pad in pads { registry.connect(pad, seats: &seats) }
        XCTAssertEqual(pads.map(\.playerIndex), [.index(1), .unset, .unset, .unset, .unset], "player 1's pad; the others are no one's")
        registry.currentFollowsInput = false
        for pad in pads[1...] { registry.join(pad, seats: &seats) }
        XCTAssertEqual(pads.map(\.playerIndex), [.index(1), .index(2), .index(3), .index(4), .unset], "four players at most")
        XCTAssertEqual(pads.map(\.lightColor), PlayerColors.all + [ControllerRegistry.freePadColor])
        registry.currentFollowsInput = true
        registry.noteInput(from: pads[4], seats: seats)
        XCTAssertEqual(pads.map(\.playerIndex), [.unset, .index(2), .index(3), .index(4), .index(1)], "the free pad used in a menu is player 1's")
        XCTAssertEqual(pads[4].lightColor, ControllerRegistry.koalaColor)
        registry.disconnect(id: .pad(2), seats: &seats)
        XCTAssertEqual(pads[1].playerIndex, .unset, "a pad that leaves is unset")
        XCTAssertEqual(seats.seats[2]?.pad, nil, "its player waits for it")
    }

    func testEffectsAreQueuedOnceForWhatChanged() {
        let registry = ControllerRegistry()
        var seats = Seating()
        let first = pad(1), second = pad(2, light: false, rumble: false)
        registry.connect(first, seats: &seats)
        XCTAssertEqual(registry.drainEffects(), [.setPlayerIndex(controllerID: 1, .index(1)), .setLight(controllerID: 1, ControllerRegistry.koalaColor)])
        registry.connect(second, seats: &seats)
        XCTAssertEqual(registry.drainEffects(), [.setPlayerIndex(controllerID: 2, .unset)], "a free pad: no number, and no light to set")
        registry.noteInput(from: first, seats: seats)
        XCTAssertEqual(registry.drainEffects(), [], "already current: nothing changes")
        registry.noteInput(from: second, seats: seats)
        registry.rumbleCurrent(low: 1, high: 1, milliseconds: 100)
        XCTAssertFalse(registry.drainEffects().contains { if case .rumble = $0 { return true }; return false }, "no rumble motor")
        registry.noteInput(from: first, seats: seats)
        _ = registry.drainEffects()
        registry.rumbleCurrent(low: 1, high: 0.5, milliseconds: 100)
        XCTAssertEqual(registry.drainEffects(), [.rumble(controllerID: 1, low: 1, high: 0.5, milliseconds: 100)])
    }

    func testDisconnectReleasesInputsAndHandsOver() {
        let registry = ControllerRegistry()
        var seats = Seating()
        let first = pad(1), second = pad(2)
        registry.connect(first, seats: &seats)
        registry.connect(second, seats: &seats)
        registry.connect(first, seats: &seats)
        XCTAssertEqual(registry.controllers.count, 2, "connecting twice is once")
        first.extendedGamepad.setButton(.buttonX, 1)
        first.extendedGamepad.setLeftStick(rawX: 1, rawY: 0)
        func describe(_ changes: [ControllerChange]) -> [String] {
            changes.map { change in
                switch change {
                case let .disconnected(pad, wasInUse): return "gone \(pad.id.padID ?? 0) \(wasInUse)"
                case let .becameCurrent(pad): return "current \(pad.id.padID ?? 0)"
                case let .connected(pad): return "connected \(pad.id.padID ?? 0)"
                case let .input(pad): return "input \(pad.id.padID ?? 0)"
                case let .playerPadLost(pad, player): return "player \(player) lost \(pad.id.padID ?? 0)"
                case let .playerPadReturned(pad, player): return "player \(player) back \(pad.id.padID ?? 0)"
                }
            }
        }
        XCTAssertEqual(describe(registry.disconnect(id: .pad(1), seats: &seats)), ["gone 1 true", "current 2"])
        XCTAssertEqual(first.extendedGamepad.capture(), .neutral, "nothing held by a pad that left")
        XCTAssertTrue(registry.disconnect(id: .pad(42), seats: &seats).isEmpty, "unknown ids are ignored")
    }

    func testCaptureFreezesAController() {
        let live = pad(7)
        live.extendedGamepad.setButton(.buttonY, 1)
        live.battery = Battery(level: 0.2, state: .discharging)
        let frozen = live.capture()
        live.extendedGamepad.setButton(.buttonY, 0)
        XCTAssertTrue(frozen.isSnapshot)
        XCTAssertEqual(frozen.id, .pad(7))
        XCTAssertTrue(frozen.extendedGamepad.buttonY.isPressed)
        XCTAssertTrue(frozen.battery.isLow)
    }

    func testBatteryLowness() {
        XCTAssertTrue(Battery(level: 0.05, state: .discharging).isLow)
        XCTAssertFalse(Battery(level: 0.5, state: .discharging).isLow)
        XCTAssertFalse(Battery(level: nil, state: .wired).isLow)
        XCTAssertFalse(Battery.unknown.isLow)
    }
}

final class TickInputTests: XCTestCase {
    func input(_ pad: ExtendedGamepad, pressed: TickPresses = []) -> TickInput {
        TickInput(source: 0, snapshot: pad.capture(), pressed: pressed)
    }

    func testOriginalMapping() {
        let pad = ExtendedGamepad()
        pad.setDirectionPad(x: -1, y: 0)
        XCTAssertEqual(input(pad).command, Command(moveX: -1))
        pad.setLeftStick(rawX: 0.6, rawY: 0)
        XCTAssertEqual(input(pad).command.moveX, 0.5, accuracy: 0.001, "the stick wins over the d-pad, analog")
        pad.setButton(.buttonA, 1)
        pad.setButton(.buttonB, 1)
        XCTAssertEqual(input(pad).command.jump, true)
        XCTAssertEqual(input(pad).command.dash, true)
        pad.setButton(.buttonB, 0)
        XCTAssertEqual(input(pad).command.dash, false)
        pad.setButton(.buttonX, 1)
        XCTAssertEqual(input(pad).command.dash, true, "X dashes, as in the original")
    }

    func testPressesBetweenTicksAreFound() {
        let pad = ExtendedGamepad()
        let before = GamepadPresses(pad)
        pad.setButton(.buttonMenu, 1)
        pad.setButton(.buttonMenu, 0)
        let after = GamepadPresses(pad)
        XCTAssertEqual(after.pressed(since: before), .menu)
        XCTAssertEqual(input(pad, pressed: .menu).actions, MenuActions(togglePause: true, restart: true))
        XCTAssertEqual(after.pressed(since: after), [])
        pad.setButton(.buttonA, 1)
        pad.setButton(.buttonA, 0)
        let tap = GamepadPresses(pad).pressed(since: after)
        XCTAssertEqual(tap, .a)
        XCTAssertEqual(input(pad, pressed: tap).actions, MenuActions(restart: true), "A plays again on an end screen")
        XCTAssertTrue(input(pad, pressed: tap).command.jump, "a tap between ticks still jumps")
        pad.setButton(.buttonOptions, 1)
        XCTAssertEqual(GamepadPresses(pad).pressed(since: after), [.a, .options])
    }
}

/// The one table of buttons agrees with the pad's own list and covers every bindable input.
final class PadButtonRowTests: XCTestCase {
    func testTheTableIsThePadsOrderAndCoversEveryBinding() {
        XCTAssertEqual(ExtendedGamepad().buttons.map(\.element), PadButtonRow.all.map(\.element), "capture and apply walk the same order")
        let dpad: Set<PadBinding> = [.button(.dpadUp), .button(.dpadDown), .button(.dpadLeft), .button(.dpadRight)]
        for binding in PadBinding.all where !dpad.contains(binding) {
            XCTAssertNotNil(PadButtonRow.row(binding), "\(binding.name) has its row")
        }
        var snapshot = GamepadSnapshot()
        for (index, row) in PadButtonRow.all.enumerated() {
            snapshot[button: row.element] = Float(index + 1) / 16
            XCTAssertEqual(row.binding.value(in: snapshot), Float(index + 1) / 16, "\(row.element)")
            XCTAssertEqual(snapshot[keyPath: row.field], Float(index + 1) / 16)
        }
    }
}
