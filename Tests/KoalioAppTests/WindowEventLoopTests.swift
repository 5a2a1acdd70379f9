import Foundation
import KoalioHUD
import KoalioUserData
import XCTest

/// Window events through SDL's real queue and window, in the real loop.
final class WindowEventLoopTests: XCTestCase {
    func play(_ script: String, ticks: Int) throws -> LoopRunner.Run { try LoopRunner.play(script, ticks: ticks) }

    /// Clicking another window while holding → pauses the game and lets go of the key (its
    /// release goes to the other window): after resuming, the koala stands.
    func testLosingFocusPausesAndReleasesHeldKeys() throws {
        let run = try play("0 right down\n60 window focuslost\n120 p down\n121 p up\n", ticks: 200)
        XCTAssertEqual(run.field(60, "state"), "playing")
        XCTAssertEqual(try XCTUnwrap(run.field(60, "vx", as: Double.self)), 120, accuracy: 1, "walking when focus went")
        XCTAssertEqual(run.field(61, "state"), "paused")
        let x61 = try XCTUnwrap(run.field(61, "x", as: Double.self)), x120 = try XCTUnwrap(run.field(120, "x", as: Double.self))
        XCTAssertEqual(x61, x120, "the world stands still while paused")
        XCTAssertEqual(run.field(122, "state"), "playing", "P resumes")
        XCTAssertLessThan(abs(try XCTUnwrap(run.field(200, "vx", as: Double.self))), 1, "→ was released: the koala stops")
    }

    /// A window of a size that is no whole multiple of the 568×320 view: a touch on the
    /// on-screen joystick still lands on it and walks.
    func testAfterAResizeToAnOddSizeATouchStillLandsOnTheJoystick() throws {
        let run = try play("0 window resize 1001 677\n5 finger1 down 70 250\n7 finger1 move 110 250\n70 finger1 up 110 250\n", ticks: 80)
        XCTAssertEqual(try XCTUnwrap(run.field(69, "vx", as: Double.self)), 120, accuracy: 1, "the joystick pushed fully right")
        XCTAssertEqual(run.field(69, "activeController"), HUD.controllerName)
    }

    /// Fill scaling on a 1280×800 screen (Steam Deck): the on-screen joystick and A still take
    /// fingers and the mouse where they are drawn.
    func testWithFillScalingAt1280x800TouchesAndClicksLandOnTheControls() throws {
        var settings = Settings()
        settings.scaling = .fill
        let run = try LoopRunner.play("""
            0 window resize 1280 800
            5 finger1 down 70 250
            7 finger1 move 110 250
            60 mouse down 516 250
            75 mouse up 516 250
            90 finger1 up 110 250

            """, ticks: 100, settings: settings)
        XCTAssertEqual(try XCTUnwrap(run.field(59, "vx", as: Double.self)), 120, accuracy: 2, "the joystick pushed fully right")
        XCTAssertEqual(run.field(59, "activeController"), HUD.controllerName)
        XCTAssertLessThan(try XCTUnwrap(run.field(62, "vy", as: Double.self)), 0, "the click on A jumped")
    }

    /// The pointer hides while the keyboard or a pad plays and shows again when the mouse moves.
    func testThePointerHidesWhileKeysOrAPadPlayAndShowsOnMouseMotion() throws {
        let run = try play("""
            10 right down
            20 right up
            30 mouse move 300 100
            40 pad attach xbox360
            50 pad1 a down
            51 pad1 a up
            60 mouse move 310 100

            """, ticks: 70)
        XCTAssertEqual(run.field(10, "pointerShown"), true, "shown at start")
        XCTAssertEqual(run.field(11, "pointerShown"), false, "a key hides it")
        XCTAssertEqual(run.field(30, "pointerShown"), false, "still hidden until the mouse moves")
        XCTAssertEqual(run.field(31, "pointerShown"), true, "the mouse moved")
        XCTAssertEqual(run.field(50, "pointerShown"), true, "a pad plugged in is not yet a pad playing")
        XCTAssertEqual(run.field(51, "pointerShown"), false, "A on the pad hides it")
        XCTAssertEqual(run.field(61, "pointerShown"), true)
    }
}
