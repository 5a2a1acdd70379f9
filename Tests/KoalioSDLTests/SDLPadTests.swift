import CSDL2
import Foundation
import KoalioCore
import KoalioInput
import KoalioSDL
import KoalioScriptPlayback
import KoalioTestSupport
import XCTest

/// XCTest on Linux runs tests on the main thread but cannot call `@MainActor` methods, so
/// each test states its isolation with `MainActor.assumeIsolated`.
final class SDLPadTests: XCTestCase {
    func testEachKindConnectsAsItsProductCategory() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let expected: [VirtualPad.Kind: ProductCategory] = [
                .xbox360: .xbox360, .xboxOne: .xboxOne, .ps4: .dualShock4, .ps5: .dualSense, .switchPro: .switchPro, .generic: .generic,
            ]
            for kind in VirtualPad.Kind.allCases {
                let pad = try fixture.attach(kind)
                let controller = try fixture.controller(pad)
                XCTAssertEqual(controller.productCategory, expected[kind], "\(kind)")
                XCTAssertFalse(controller.vendorName.isEmpty)
                XCTAssertTrue(controller.hasRumble, "\(kind): the virtual pad has a rumble callback")
                XCTAssertTrue(controller.hasLight, "\(kind)")
                pad.detach()
                fixture.pump()
                XCTAssertNil(fixture.registry.controller(id: .pad(pad.instanceID)), "\(kind) left")
            }
            XCTAssertTrue(fixture.registry.controllers.isEmpty)
        }
    }

    func testConnectDisconnectAndCurrentNotificationsInOrder() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            func log(_ changes: [ControllerChange]) -> [String] {
                changes.map { change in
                    switch change {
                    case let .connected(pad): return "connect \(pad.productCategory.rawValue)"
                    case let .disconnected(pad, wasInUse): return "disconnect \(pad.productCategory.rawValue)\(wasInUse ? " in use" : "")"
                    case let .becameCurrent(pad): return "current \(pad.productCategory.rawValue)"
                    case let .input(pad): return "input \(pad.productCategory.rawValue)"
                    case let .playerPadLost(pad, player): return "player \(player) lost \(pad.productCategory.rawValue)"
                    case let .playerPadReturned(pad, player): return "player \(player) back \(pad.productCategory.rawValue)"
                    }
                }
            }
            let xbox = try VirtualPad(kind: .xbox360)
            XCTAssertEqual(log(fixture.pump()), ["connect Xbox 360", "current Xbox 360"])
            let ps5 = try VirtualPad(kind: .ps5)
            XCTAssertEqual(log(fixture.pump()), ["connect DualSense"])
            try ps5.set(button: "a", down: true)
            XCTAssertEqual(log(fixture.pump()), ["current DualSense", "input DualSense"])
            try ps5.set(button: "a", down: false)
            try xbox.set(button: "a", down: true)
            XCTAssertEqual(log(fixture.pump()), ["current Xbox 360", "input Xbox 360"])
            xbox.detach()
            XCTAssertEqual(log(fixture.pump()).filter { !$0.hasPrefix("input") }, ["disconnect Xbox 360 in use", "current DualSense"])
            ps5.detach()
            XCTAssertEqual(log(fixture.pump()), ["disconnect DualSense in use"])
            XCTAssertNil(fixture.registry.current)
        }
    }

    func testPadsPresentBeforeStartUpAreFound() throws {
        try MainActor.assumeIsolated {
            XCTAssertEqual(SDL_InitSubSystem(UInt32(SDL_INIT_JOYSTICK)), 0)
            let early = try VirtualPad(kind: .ps4)
            let fixture = try PadFixture()
            defer {
                early.detach()
                fixture.tearDown()
                SDL_QuitSubSystem(UInt32(SDL_INIT_JOYSTICK))
            }
            XCTAssertEqual(fixture.registry.controllers.map(\.id), [.pad(early.instanceID)])
            XCTAssertEqual(fixture.registry.current?.productCategory, .dualShock4)
        }
    }

    func testButtonsAxesDPadTriggersAndTheirHandlers() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let pad = try fixture.attach(.ps4)
            let gamepad = try fixture.controller(pad).extendedGamepad
            var buttonValues: [(Float, Bool)] = [], pressed: [Bool] = [], dpadValues: [(Float, Float)] = [], elements: [GamepadElement] = []
            gamepad.buttonA.valueChangedHandler = { _, value, isPressed in buttonValues.append((value, isPressed)) }
            gamepad.buttonA.pressedChangedHandler = { _, _, isPressed in pressed.append(isPressed) }
            gamepad.dpad.valueChangedHandler = { _, x, y in dpadValues.append((x, y)) }
            gamepad.valueChangedHandler = { _, element in elements.append(element) }

            try pad.set(button: "a", down: true)
            fixture.pump()
            XCTAssertEqual(gamepad.buttonA.value, 1)
            XCTAssertTrue(gamepad.buttonA.isPressed)
            try pad.set(button: "a", down: false)
            fixture.pump()
            XCTAssertEqual(buttonValues.map(\.0), [1, 0], "once per change")
            XCTAssertEqual(pressed, [true, false])

            try pad.set(button: "dpup", down: true)
            try pad.set(button: "dpleft", down: true)
            fixture.pump()
            XCTAssertTrue(gamepad.dpad.up.isPressed && gamepad.dpad.left.isPressed)
            XCTAssertFalse(gamepad.dpad.down.isPressed || gamepad.dpad.right.isPressed)
            XCTAssertEqual(gamepad.dpad.xAxis.value, -1)
            XCTAssertEqual(gamepad.dpad.yAxis.value, 1)
            XCTAssertEqual(dpadValues.count, 2, "one call per SDL button event")

            try pad.set(axis: "leftx", value: 1)
            try pad.set(axis: "lefty", value: -1)  // SDL: up is negative; the profile: up is positive
            try pad.set(axis: "righttrigger", value: 0.5)
            fixture.pump()
            XCTAssertEqual(gamepad.leftThumbstick.xAxis.value, 0.7071, accuracy: 0.001, "a full diagonal has length 1")
            XCTAssertEqual(gamepad.leftThumbstick.yAxis.value, 0.7071, accuracy: 0.001)
            XCTAssertTrue(gamepad.leftThumbstick.up.isPressed)
            XCTAssertEqual(gamepad.rightTrigger.value, 0.5, accuracy: 0.01)
            XCTAssertTrue(gamepad.rightTrigger.isPressed)
            XCTAssertFalse(gamepad.leftTrigger.isPressed, "triggers rest released")
            XCTAssertEqual(gamepad.rightThumbstick.yAxis.value, 0, "sticks rest centred")

            try pad.set(button: "start", down: true)
            try pad.set(button: "back", down: true)
            try pad.set(button: "leftshoulder", down: true)
            fixture.pump()
            XCTAssertTrue(gamepad.buttonMenu.isPressed && gamepad.buttonOptions.isPressed && gamepad.leftShoulder.isPressed)
            XCTAssertTrue(try fixture.controller(pad).gamepad.buttonPause.isPressed, "the standard view shares the elements")
            XCTAssertTrue(elements.contains(.leftThumbstick) && elements.contains(.rightTrigger) && elements.contains(.buttonMenu))
        }
    }

    func testXInputPadsReadTheSame() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let pad = try fixture.attach(.xbox360)
            let gamepad = try fixture.controller(pad).extendedGamepad
            XCTAssertEqual(gamepad.capture(), .neutral, "at rest: no right stick up, no half-pressed trigger")
            for (name, button) in [("a", gamepad.buttonA), ("b", gamepad.buttonB), ("x", gamepad.buttonX), ("y", gamepad.buttonY),
                                   ("start", gamepad.buttonMenu), ("rightshoulder", gamepad.rightShoulder)] {
                try pad.set(button: name, down: true)
                fixture.pump()
                XCTAssertTrue(button.isPressed, name)
                try pad.set(button: name, down: false)
                fixture.pump()
            }
            try pad.set(button: "dpright", down: true)
            try pad.set(axis: "lefttrigger", value: 1)
            fixture.pump()
            XCTAssertEqual(gamepad.dpad.xAxis.value, 1)
            XCTAssertEqual(gamepad.leftTrigger.value, 1, accuracy: 0.001)
        }
    }

    func testRadialDeadZoneRescalesToReachOne() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let pad = try fixture.attach(.ps5)
            let gamepad = try fixture.controller(pad).extendedGamepad
            try pad.set(axis: "leftx", value: 0.15)
            fixture.pump()
            XCTAssertEqual(gamepad.leftThumbstick.xAxis.value, 0, "inside the 0.2 dead zone")
            try pad.set(axis: "leftx", value: 0.6)
            fixture.pump()
            XCTAssertEqual(gamepad.leftThumbstick.xAxis.value, 0.5, accuracy: 0.001, "(0.6 − 0.2) / 0.8")
            try pad.set(axis: "leftx", value: -1)
            fixture.pump()
            XCTAssertEqual(gamepad.leftThumbstick.xAxis.value, -1)
            gamepad.deadZone = DeadZone(radius: 0.5)
            try pad.set(axis: "leftx", value: 0.6)
            fixture.pump()
            XCTAssertEqual(gamepad.leftThumbstick.xAxis.value, 0.2, accuracy: 0.001, "configurable")
        }
    }

    func testCurrentFollowsInputAndPlayerIndicesAndLightsFollowIt() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let first = try fixture.attach(.ps4)
            let second = try fixture.attach(.ps5)
            XCTAssertEqual(fixture.registry.current?.id, .pad(first.instanceID))
            XCTAssertEqual(first.calls.playerIndices.last, 0, "player 1 is SDL's index 0: the first LED")
            XCTAssertEqual(second.calls.playerIndices.last, -1, "a free pad shows no player")
            XCTAssertEqual(first.calls.lights.last, ControllerRegistry.koalaColor)
            XCTAssertEqual(second.calls.lights.last, ControllerRegistry.freePadColor)

            try second.set(button: "x", down: true)
            fixture.pump()
            XCTAssertEqual(fixture.registry.current?.id, .pad(second.instanceID), "in the menus the pad that had input is current")
            XCTAssertEqual(second.calls.playerIndices.last, 0)
            XCTAssertEqual(first.calls.playerIndices.last, -1)
            XCTAssertEqual(second.calls.lights.last, ControllerRegistry.koalaColor)
            XCTAssertEqual(try fixture.controller(first).playerIndex, .unset)

            fixture.registry.join(try fixture.controller(first), seats: &fixture.seats)
            fixture.registry.currentFollowsInput = false
            fixture.pump()
            XCTAssertEqual(first.calls.playerIndices.last, 1, "player 2 is SDL's index 1")
            XCTAssertEqual(first.calls.lights.last, PlayerColors.of(2))
            fixture.registry.leave(player: 2, seats: &fixture.seats)
            fixture.registry.currentFollowsInput = true

            try first.set(axis: "leftx", value: 0.1)  // inside the dead zone: not "input"
            fixture.pump()
            XCTAssertEqual(fixture.registry.current?.id, .pad(second.instanceID))

            second.detach()
            fixture.pump()
            XCTAssertEqual(fixture.registry.current?.id, .pad(first.instanceID))
            XCTAssertEqual(first.calls.playerIndices.last, 0)
        }
    }

    func testRumbleReachesThePad() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let pad = try fixture.attach(.ps5)
            fixture.registry.rumbleCurrent(low: 1, high: 0.5, milliseconds: 200)
            fixture.pump()
            XCTAssertEqual(pad.calls.rumbles.first?.low, 65535)
            XCTAssertEqual(Double(pad.calls.rumbles.first?.high ?? 0), 32767, accuracy: 1)
        }
    }

    func testSnapshotsRoundTripAndReadLikeALivePad() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let pad = try fixture.attach(.generic)
            let controller = try fixture.controller(pad)
            try pad.set(button: "b", down: true)
            try pad.set(button: "dpdown", down: true)
            try pad.set(axis: "rightx", value: -0.73)
            try pad.set(axis: "lefttrigger", value: 0.61)
            fixture.pump()
            let snapshot = controller.extendedGamepad.capture()
            let decoded = try JSONDecoder().decode(GamepadSnapshot.self, from: JSONEncoder().encode(snapshot))
            XCTAssertEqual(decoded, snapshot, "exact round trip")
            let replayed = ExtendedGamepad(snapshot: decoded)
            XCTAssertTrue(replayed.buttonB.isPressed)
            XCTAssertTrue(replayed.dpad.down.isPressed)
            XCTAssertEqual(replayed.rightThumbstick.xAxis.value, controller.extendedGamepad.rightThumbstick.xAxis.value)
            XCTAssertEqual(replayed.leftTrigger.value, controller.extendedGamepad.leftTrigger.value)
            XCTAssertEqual(replayed.capture(), snapshot)

            let frozen = controller.capture()
            try pad.set(button: "b", down: false)
            fixture.pump()
            XCTAssertTrue(frozen.isSnapshot)
            XCTAssertTrue(frozen.extendedGamepad.buttonB.isPressed, "a snapshot does not follow the pad")
            XCTAssertFalse(controller.extendedGamepad.buttonB.isPressed)
        }
    }

    /// Nintendo pads label A on the east button. Their mappings say so with two lines, one per
    /// setting of SDL's button-labels hint (as in the community gamecontrollerdb); koalio turns
    /// labels off, so A is the bottom button on every pad, as for this PS4.
    func testSwitchProFaceButtonsArePositional() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let probe = try VirtualPad(kind: .switchPro)
            let guid = probe.guid
            probe.detach()
            fixture.pump()
            let rest = "back:b4,guide:b5,start:b6,leftstick:b7,rightstick:b8,leftshoulder:b9,rightshoulder:b10,dpup:b11,dpdown:b12,"
                + "dpleft:b13,dpright:b14,leftx:a0,lefty:a1,rightx:a2,righty:a3,lefttrigger:a4,righttrigger:a5,"
            // Raw buttons as Linux's hid-nintendo reports them: 0 south (B), 1 east (A), 2 north (X), 3 west (Y).
            let db = """
            \(guid),Pro Controller (koalio test),a:b1,b:b0,x:b2,y:b3,\(rest)hint:SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,platform:Linux,
            \(guid),Pro Controller (koalio test),a:b0,b:b1,x:b3,y:b2,\(rest)hint:!SDL_GAMECONTROLLER_USE_BUTTON_LABELS:=1,platform:Linux,

            """
            let file = URL(fileURLWithPath: Scratch.file("-gamecontrollerdb.txt"))
            try db.write(to: file, atomically: true, encoding: .utf8)
            try fixture.platform.loadControllerMappings([file.path, "/nonexistent/gamecontrollerdb.txt"])

            let pro = try fixture.attach(.switchPro)
            let ps4 = try fixture.attach(.ps4)
            XCTAssertEqual(try fixture.controller(pro).vendorName, "Pro Controller (koalio test)", "the file's mapping is used")
            let positions: [(String, Int32, Int32, GamepadElement)] = [  // (position, raw on the Pro, raw on the PS4, element)
                ("south", 0, 0, .buttonA), ("east", 1, 1, .buttonB), ("west", 3, 2, .buttonX), ("north", 2, 3, .buttonY),
            ]
            for (position, proRaw, ps4Raw, element) in positions {
                for (pad, raw) in [(pro, proRaw), (ps4, ps4Raw)] {
                    try pad.setRaw(button: raw, down: true)
                    fixture.pump()
                    let pressed = try fixture.controller(pad).extendedGamepad.buttons.filter(\.isPressed).map(\.element)
                    XCTAssertEqual(pressed, [element], "\(pad.kind): the \(position) button")
                    try pad.setRaw(button: raw, down: false)
                    fixture.pump()
                }
            }
        }
    }

    func testPluggingInAndOut200TimesLeavesNothingBehind() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let kinds = VirtualPad.Kind.allCases
            for round in 0..<200 {
                let pad = try VirtualPad(kind: kinds[round % kinds.count])
                fixture.pump()
                try pad.set(button: "a", down: true)
                fixture.pump()
                XCTAssertEqual(fixture.registry.controllers.count, 1)
                XCTAssertTrue(fixture.registry.current?.extendedGamepad.buttonA.isPressed == true)
                pad.detach()
                fixture.pump()
            }
            XCTAssertTrue(fixture.registry.controllers.isEmpty)
            XCTAssertNil(fixture.registry.current)
            XCTAssertEqual(SDL_NumJoysticks(), 0, "no joystick left open or attached")
        }
    }
}

/// Battery news arrives as SDL events; pushed ones take the same path.
final class SDLBatteryTests: XCTestCase {
    func testBatteryEventsUpdateTheController() throws {
        try MainActor.assumeIsolated {
            let fixture = try PadFixture()
            defer { fixture.tearDown() }
            let pad = try fixture.attach(.ps5)
            for (level, expected) in [(SDL_JOYSTICK_POWER_LOW, true), (SDL_JOYSTICK_POWER_FULL, false), (SDL_JOYSTICK_POWER_EMPTY, true),
                                      (SDL_JOYSTICK_POWER_WIRED, false)] {
                var event = SDL_Event()
                event.type = SDL_JOYBATTERYUPDATED.rawValue
                event.jbattery.which = SDL_JoystickID(pad.instanceID)
                event.jbattery.level = level
                XCTAssertEqual(SDL_PushEvent(&event), 1)
                fixture.pump()
                XCTAssertEqual(try fixture.controller(pad).battery.isLow, expected, "\(level)")
            }
            XCTAssertEqual(try fixture.controller(pad).battery.state, .wired)
        }
    }
}
