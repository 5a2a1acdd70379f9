import CSDL2
import Foundation
import KoalioCore
import KoalioHUD
import KoalioInput
import KoalioSDL
import KoalioTestSupport
import KoalioUserData
@testable import KoalioFlow
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

    /// Show at auto (the default): keys take over, and a few seconds later the level is clear;
    /// the first click brings the controls back, without steering.
    func testTheControlsStepAsideForKeysAndComeBackAtAClick() throws {
        let stays = ControllerPresence.hudStaysTicks
        let run = try play("0 right down\n30 right up\n\(stays + 60) mouse down 300 100\n\(stays + 61) mouse up 300 100\n", ticks: stays + 90)
        XCTAssertEqual(run.field(1, "hudVisible"), true, "nothing used yet: shown")
        XCTAssertEqual(run.field(stays - 2, "hudVisible"), true, "a few seconds after the keys took over")
        XCTAssertEqual(run.field(stays + 2, "hudVisible"), false, "then gone")
        XCTAssertEqual(run.field(stays + 62, "hudVisible"), true, "back at the click")
        XCTAssertEqual(run.field(stays + 62, "x"), run.field(stays + 59, "x", as: Double.self), "the click steered nothing")
    }

    func testShowOffNeverShowsThemAndAlwaysKeepsThem() throws {
        var off = Settings()
        off.touchShown = .off
        let hidden = try LoopRunner.play("0 finger1 down 70 250\n2 finger1 move 110 250\n", ticks: 30, settings: off)
        XCTAssertEqual(hidden.field(1, "hudVisible"), false)
        XCTAssertEqual(hidden.field(30, "x"), 48.0, "a finger where the joystick would be does nothing")
        var always = Settings()
        always.touchShown = .always
        let kept = try LoopRunner.play("0 right down\n30 right up\n", ticks: ControllerPresence.hudStaysTicks + 30, settings: always)
        XCTAssertEqual(kept.field(ControllerPresence.hudStaysTicks + 30, "hudVisible"), true, "keys do not send them away")
    }

    /// The koala never starts under a thumb: in every shipped level, at every size and hand,
    /// the joystick's rest and A and B are off the koala where it spawns.
    func testTheControlsNeverSitOverTheSpawn() throws {
        let levels = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Levels"))
            .filter { $0.hasSuffix(".tmx") }.map { String($0.dropLast(4)) }.sorted()
        XCTAssertGreaterThanOrEqual(levels.count, 6)
        let level1Spawn = FlowRunner.spawnInView(try Repository.file(named: "level1").stage)
        XCTAssertTrue(Circle(center: HUDLayout().joystickRest, radius: HUDLayout().joystickRadius).bounds.intersects(level1Spawn),
                      "as the settings lay them out, the joystick sits on level 1's spawn")
        for level in levels {
            let spawn = FlowRunner.spawnInView(try Repository.file(named: level).stage)
            for size in stride(from: 0.5, through: 2.0, by: 0.5) {
                for leftHanded in [false, true] {
                    let layout = HUDLayout(size: size, leftHanded: leftHanded).keepingClear(of: spawn)
                    let circles = [("the joystick", Circle(center: layout.joystickRest, radius: layout.joystickRadius)),
                                   ("A", layout.buttonA), ("B", layout.buttonB)]
                    for (name, circle) in circles {
                        XCTAssertFalse(circle.bounds.intersects(spawn), "\(level), size \(size), left-handed \(leftHanded): \(name) over the spawn")
                    }
                }
            }
        }
    }
}
