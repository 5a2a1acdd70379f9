import CSDL2
import Foundation
import KoalioCore
import KoalioHUD
import KoalioInput
import KoalioSDL
import XCTest

/// The HUD through the real loop: pushed SDL mouse and finger events, with and without pads.
final class HUDLoopTests: XCTestCase {
    func play(_ script: String, ticks: Int) throws -> LoopRunner.Run { try LoopRunner.play(script, ticks: ticks) }

    func testFingersWalkAndJumpThroughTheHUD() throws {
        let run = try play("""
            0 finger1 down 70 250
            2 finger1 move 110 250
            60 finger2 down 516 250
            75 finger2 up 516 250
            90 finger1 up 110 250

            """, ticks: 120)
        XCTAssertEqual(run.field(1, "hudVisible"), true)
        XCTAssertEqual(try XCTUnwrap(run.field(59, "vx", as: Double.self)), 120, accuracy: 2, "the joystick pushed fully right")
        XCTAssertEqual(run.field(59, "activeController"), HUD.controllerName)
        XCTAssertLessThan(try XCTUnwrap(run.field(62, "vy", as: Double.self)), 0, "A jumped")
        XCTAssertLessThan(abs(try XCTUnwrap(run.field(120, "vx", as: Double.self))), 30, "the finger lifted: slowing down")
    }

    func testTheMouseDrivesTheHUDToo() throws {
        let run = try play("0 mouse down 70 250\n2 mouse move 20 250\n30 mouse up 20 250\n40 mouse down 548 20\n41 mouse up 548 20\n",
                                     ticks: 60)
        XCTAssertLessThan(try XCTUnwrap(run.field(29, "vx", as: Double.self)), -100, "walked left")
        XCTAssertEqual(run.field(42, "state"), "paused", "the pause button")
    }

    func testWithAPadConnectedTheHUDHidesAndIgnoresPointersThenComesBack() throws {
        let run = try play("""
            0 pad attach ps4
            5 finger1 down 70 250
            7 finger1 move 110 250
            30 pad1 detach
            40 mouse down 548 20
            41 mouse up 548 20
            50 finger2 down 70 250
            52 finger2 move 110 250

            """, ticks: 90)
        XCTAssertEqual(run.field(2, "hudVisible"), false, "hidden while a pad is connected")
        XCTAssertEqual(run.field(29, "x"), 48.0, "pointers on a hidden HUD do nothing")
        XCTAssertEqual(run.field(31, "hudVisible"), true, "back when the last pad left")
        XCTAssertEqual(run.field(31, "state"), "paused", "the pad in use left")
        XCTAssertEqual(run.field(42, "state"), "playing", "resumed with the HUD's pause button")
        XCTAssertGreaterThan(try XCTUnwrap(run.field(90, "x", as: Double.self)), 48 + 40, "the HUD works again")
    }

    func testWithTwoPadsUnpluggingOneKeepsTheHUDHidden() throws {
        let run = try play("0 pad attach xboxone\n0 pad attach ps5\n20 pad2 detach\n40 pad1 detach\n", ticks: 60)
        XCTAssertEqual(run.field(10, "controllers"), 2)
        XCTAssertEqual(run.field(10, "hudVisible"), false)
        XCTAssertEqual(run.field(25, "controllers"), 1)
        XCTAssertEqual(run.field(25, "hudVisible"), false, "one pad is still connected")
        XCTAssertEqual(run.field(45, "controllers"), 0)
        XCTAssertEqual(run.field(45, "hudVisible"), true, "the last pad left")
    }
}
