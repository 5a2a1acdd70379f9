import XCTest
import KoalioCore
import KoalioInput
@testable import KoalioScripting
@testable import KoalioApp
@testable import KoalioView
import KoalioReplay
@testable import KoalioSim
import KoalioLevel
import KoalioTestSupport

func level1() throws -> TileMap { try TMXLoader.load(path: Repository.level1) }

final class SessionTests: XCTestCase {
    func testPauseFreezesTheWorldButNotTheLoopClock() throws {
        var session = Session(map: try level1())
        for _ in 0..<10 { session.advance(Command(moveX: 1)) }
        session.togglePause()
        XCTAssertEqual(session.state, .paused)
        let frozen = session.world
        for _ in 0..<30 { session.advance(Command(moveX: 1, jump: true)) }
        XCTAssertEqual(session.world, frozen)
        XCTAssertEqual(session.steps, 40)
        session.togglePause()
        session.advance(Command(moveX: 1))
        XCTAssertEqual(session.state, .playing)
        XCTAssertNotEqual(session.world, frozen)
    }

    func testFocusLossPausesAndStaysPaused() throws {
        var session = Session(map: try level1())
        session.pauseIfPlaying()
        session.pauseIfPlaying()
        XCTAssertEqual(session.state, .paused)
    }

    func testEndScreensIgnorePauseAndRestartWithEnter() throws {
        var session = Session(map: try level1())
        while session.state == .playing { session.advance(Command(moveX: 1)) }  // runs into the first pit
        XCTAssertEqual(session.state, .died)
        session.apply(togglePause: true, restart: false)
        XCTAssertEqual(session.state, .died, "no pause over an end screen")
        session.apply(togglePause: false, restart: true)
        XCTAssertEqual(session.state, .playing)
        XCTAssertEqual(session.world, World(map: session.map))
    }

    func testRestartIsIgnoredWhilePlaying() throws {
        var session = Session(map: try level1())
        for _ in 0..<20 { session.advance(Command(moveX: 1)) }
        let before = session.world
        session.apply(togglePause: false, restart: true)
        XCTAssertEqual(session.world, before)
    }
}

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

final class InputScriptTests: XCTestCase {
    func testParsesSortsAndRoundTrips() throws {
        let script = try InputScript.parse("# a comment\n5 right down\n\n2 space down # jump\n5 x down\n9 right up\n", file: "s.keys")
        XCTAssertEqual(script.events.map(\.tick), [2, 5, 5, 9])
        XCTAssertEqual(script.events(at: 5).map(\.action), [.key(.right, down: true), .key(.x, down: true)])
        XCTAssertTrue(script.events(at: 3).isEmpty)
        XCTAssertEqual(try InputScript.parse(script.text, file: "again"), script)
    }

    func testPadLines() throws {
        let text = "0 pad attach ps5\n3 pad1 a down\n4 pad1 leftx -0.5\n5 pad attach xbox360\n6 pad2 righttrigger 1\n9 pad1 detach\n"
        let script = try InputScript.parse(text, file: "p.keys")
        XCTAssertEqual(script.events.map(\.action), [
            .padAttach(kind: "ps5"), .padButton(pad: 1, button: "a", down: true), .padAxis(pad: 1, axis: "leftx", value: -0.5),
            .padAttach(kind: "xbox360"), .padAxis(pad: 2, axis: "righttrigger", value: 1), .padDetach(pad: 1),
        ])
        XCTAssertEqual(try InputScript.parse(script.text, file: "again"), script)
        for (bad, reason) in [("0 pad1 a down", "before it is attached"), ("0 pad attach gamecube", "unknown pad kind"),
                              ("0 pad attach ps4\n1 pad1 trigger 1", "unknown pad button or axis"),
                              ("0 pad attach ps4\n1 pad1 lefttrigger -1", "not a value in 0.0…1.0"),
                              ("0 pad attach ps4\n1 pad1 a sideways", "neither down nor up")] {
            XCTAssertThrowsError(try InputScript.parse(bad, file: "p.keys"), bad) { error in
                XCTAssertTrue((error as? InputScript.ParseError)?.reason.contains(reason) == true, "\(bad): \(error)")
            }
        }
    }

    /// Windows and old-Mac line ends and a byte-order mark read like plain lines (a CRLF file
    /// used to play nothing: "\r\n" is one Character in Swift, so splitting on "\n" missed it).
    func testCRLFAndByteOrderMark() throws {
        let plain = try InputScript.parse("0 right down\n30 right up\n", file: "s.keys")
        XCTAssertEqual(plain.events.count, 2)
        XCTAssertEqual(try InputScript.parse(bytes: Array("0 right down\r\n30 right up\r\n".utf8), file: "s.keys"), plain)
        XCTAssertEqual(try InputScript.parse(bytes: Array("0 right down\r30 right up\r".utf8), file: "s.keys"), plain)
        XCTAssertEqual(try InputScript.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("0 right down\n30 right up\n".utf8), file: "s.keys"), plain)
        XCTAssertThrowsError(try InputScript.parse(bytes: Array("0 right down\r\n1 fly down\r\n".utf8), file: "s.keys")) { error in
            XCTAssertEqual((error as? InputScript.ParseError)?.line, 2, "lines still counted")
        }
    }

    /// Pad lines are checked in the order they play (by tick), not the order of the file.
    func testPadLinesAreCheckedInPlayingOrder() throws {
        XCTAssertNoThrow(try InputScript.parse("5 pad1 a down\n0 pad attach ps5\n", file: "p.keys"), "attached at an earlier tick")
        for (text, line, reason) in [("10 pad attach ps5\n5 pad1 a down\n", 2, "before it is attached"),
                                     ("0 pad attach ps5\n3 pad1 detach\n4 pad1 a down\n", 3, "after it is detached"),
                                     ("0 pad attach ps5\n3 pad1 detach\n3 pad1 detach\n", 3, "after it is detached"),
                                     (String(repeating: "0 pad attach generic\n", count: InputScript.maxPadsAttached + 1),
                                      InputScript.maxPadsAttached + 1, "pads attached at once")] {
            XCTAssertThrowsError(try InputScript.parse(text, file: "p.keys"), text) { error in
                let error = error as? InputScript.ParseError
                XCTAssertEqual(error?.line, line, text)
                XCTAssertTrue(error?.reason.contains(reason) == true, "\(text): \(String(describing: error))")
            }
        }
    }

    func testPointerPointsMustBeInTheView() throws {
        XCTAssertNoThrow(try InputScript.parse("0 mouse down 0 0\n1 mouse up 568 320\n", file: "m.keys"))
        for point in ["nan 1", "1 inf", "-inf 1", "1e10 1", "-0.5 1", "1 320.5"] {
            XCTAssertThrowsError(try InputScript.parse("0 mouse down \(point)\n", file: "m.keys"), point)
            XCTAssertThrowsError(try InputScript.parse("0 finger1 move \(point)\n", file: "m.keys"), point)
        }
    }

    func testErrorsNameFileAndLine() {
        for (text, line, reason) in [("1 right down\nabc right down", 2, "not a tick number"),
                                     ("1 jump down", 1, "unknown key 'jump'"),
                                     ("\n\n3 left sideways", 3, "neither down nor up"),
                                     ("3 left", 1, "expected 'TICK KEY down|up'")] {
            XCTAssertThrowsError(try InputScript.parse(text, file: "s.keys")) { error in
                let error = error as? InputScript.ParseError
                XCTAssertEqual(error?.line, line, text)
                XCTAssertTrue(error?.description.hasPrefix("s.keys:\(line): ") == true, text)
                XCTAssertTrue(error?.reason.contains(reason) == true, "\(text): \(String(describing: error))")
            }
        }
    }

    func testShippedWinningScriptParses() throws {
        let text = try String(contentsOfFile: Repository.path("Tests/Fixtures/level1-win.keys"), encoding: .utf8)
        XCTAssertGreaterThan(try InputScript.parse(text, file: "level1-win.keys").events.count, 10)
    }
}

final class TraceRecordTests: XCTestCase {
    func testLineIsJSONWithEveryDocumentedField() throws {
        var session = Session(map: try level1())
        for _ in 0..<30 { session.advance(Command(moveX: 1, dash: true)) }
        let line = TraceRecord(session: session, hudVisible: true, controllers: 1, activeController: "Pad \"1\"\n",
                               renderer: "software").jsonLine
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["tick", "x", "y", "vx", "vy", "onGround", "dashing", "state", "hudVisible",
                                          "controllers", "activeController", "renderer"])
        XCTAssertEqual(object["renderer"] as? String, "software")
        XCTAssertEqual(object["tick"] as? Int, 30)
        XCTAssertEqual(object["state"] as? String, "playing")
        XCTAssertEqual(object["dashing"] as? Bool, true)
        XCTAssertEqual(object["activeController"] as? String, "Pad \"1\"\n")
        XCTAssertEqual(try XCTUnwrap(object["x"] as? Double), session.world.player.position.x, accuracy: 0.001)
        XCTAssertEqual(try XCTUnwrap(object["vx"] as? Double), session.world.player.velocity.x * 60, accuracy: 0.001)
        XCTAssertGreaterThan(try XCTUnwrap(object["vx"] as? Double), 120, "pixels per second, dashing")
        XCTAssertEqual(TraceRecord.number(-0.0004), "0.000")
        XCTAssertEqual(TraceRecord.number(-12.3456), "-12.346")
    }
}

final class SceneTests: XCTestCase {
    func dimLayers(_ list: DrawList) -> [DrawItem] {
        list.items.filter {
            if case let .fill(rect, color) = $0 {
                return rect == Rect(x: 0, y: 0, width: 568, height: 320) && color.a == Scene.dimAlpha
            }
            return false
        }
    }

    func testPauseAndEndScreensDimTheWholeViewOverTheScene() throws {
        var session = Session(map: try level1())
        XCTAssertTrue(dimLayers(Scene.drawList(session)).isEmpty)
        session.togglePause()
        let paused = Scene.drawList(session)
        XCTAssertEqual(dimLayers(paused).count, 1)
        let dimIndex = try XCTUnwrap(paused.items.firstIndex { dimLayers(DrawList(items: [$0])).count == 1 })
        XCTAssertTrue(paused.items[..<dimIndex].contains { if case .sprite(.koala, _, _, _, _) = $0 { return true }; return false },
                      "the scene is drawn beneath the dim layer")
        XCTAssertGreaterThan(paused.items.count - dimIndex, 5, "text is drawn over it")
    }

    func testNoticeAndLowBatteryAreDrawnOverThePlayingScene() throws {
        var session = Session(map: try level1())
        let plain = Scene.drawList(session)
        let warned = Scene.drawList(session, overlay: Scene.Overlay(notice: "Pad connected", lowBatteryPad: "Pad"))
        let warningGlyphs = warned.items.filter { if case .sprite(.font, _, _, _, Scene.warningColor) = $0 { return true }; return false }
        XCTAssertEqual(warningGlyphs.count, "Pad: battery low".filter { $0 != " " }.count, "the warning, in the warning colour")
        XCTAssertEqual(warned.items.count - plain.items.count, 2 * ("Pad connected" + "Pad: battery low").filter { $0 != " " }.count,
                       "notice and warning, each glyph with its shadow")
        session.togglePause()
        let paused = Scene.drawList(session, overlay: Scene.Overlay(lowBatteryPad: "Pad"))
        let dim = try XCTUnwrap(paused.items.firstIndex { !dimLayers(DrawList(items: [$0])).isEmpty })
        XCTAssertTrue(paused.items[dim...].contains { if case .sprite(.font, _, _, _, Scene.warningColor) = $0 { return true }; return false },
                      "the pause screen names the pad with the low battery, above the dim layer")
    }

    func testPitsAreShadedOnlyWhereThereIsNoFloor() throws {
        let list = Scene.drawList(Session(map: try level1()))  // the view shows the first pit, columns 14–16
        let shades = list.items.compactMap { item -> Rect? in
            if case let .fill(rect, color) = item, Scene.pitShade.contains(color) { return rect }
            return nil
        }
        XCTAssertEqual(shades.count, Scene.pitShadeRows, "one run, one rectangle per shaded row")
        XCTAssertEqual(shades.first, Rect(x: 14 * 16, y: 17 * 16, width: 3 * 16, height: 16))
    }

    /// At the start the camera shows columns 0…35 of level 1's 200: only their tiles are drawn,
    /// each inside the view, and far fewer than the map holds.
    func testOnlyVisibleTilesAreDrawn() throws {
        let map = try level1()
        let list = Scene.drawList(Session(map: map))
        let destinations = list.items.compactMap { item -> Rect? in
            if case let .sprite(.file, _, destination, _, _) = item { return destination }
            return nil
        }
        func tiles(columns: Range<Int>) -> Int {
            [map.background, map.walls, map.hazards].reduce(0) { sum, layer in
                sum + (0..<map.height).reduce(0) { rowSum, row in rowSum + columns.filter { layer.gid(column: $0, row: row) != 0 }.count }
            }
        }
        let view = Rect(x: 0, y: 0, width: Double(LogicalView.width), height: Double(LogicalView.height))
        XCTAssertTrue(destinations.allSatisfy { $0.intersects(view) }, "every tile drawn is in view")
        XCTAssertEqual(destinations.count, tiles(columns: 0..<36), "every tile of the visible columns, and only those")
        XCTAssertLessThan(destinations.count * 4, tiles(columns: 0..<map.width), "a small part of the map's tiles")
    }
}
