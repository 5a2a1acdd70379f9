import Foundation
import KoalioHarness
import XCTest

/// koalio on a real Wayland compositor (weston, X11 backend, in a private Xvfb), with no X11
/// display named: every renderer choice plays, takes pads, the on-screen joystick and pauses.
final class WaylandTests: XCTestCase {
    struct Shot {
        var image: PNGImage
        var trace: [[String: Any]]
        var stderr: String
    }

    func play(_ weston: Weston, _ script: String, renderer: String, ticks: Int, name: String,
              extra: [String] = []) throws -> Shot {
        let dir = try Koalio.scratch()
        let keys = dir.appendingPathComponent("\(name).keys").path, png = dir.appendingPathComponent("\(name).png").path
        let trace = dir.appendingPathComponent("\(name).jsonl").path
        try script.write(toFile: keys, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--level", "level1", "--renderer", renderer, "--ticks", "\(ticks)", "--input-script", keys,
                                  "--screenshot", png, "--trace", trace] + extra,
                                 environment: weston.environment, removing: ["DISPLAY"])
        XCTAssertEqual(run.status, 0, "\(renderer): \(run.stderr)")
        return Shot(image: try PNGImage(path: png), trace: try Koalio.traceLines(trace), stderr: run.stderr)
    }

    func testEveryRendererPlaysWithPadsTheJoystickAndPause() throws {
        let weston = try Weston()
        for renderer in ["auto", "software", "accelerated"] {
            // The on-screen joystick is dragged right with the mouse; then a pad comes and goes.
            let steer = try play(weston, """
                5 mouse down 70 250
                7 mouse move 120 250
                40 mouse up 120 250
                45 pad attach xboxone
                60 pad1 detach
                """, renderer: renderer, ticks: 75, name: "steer-\(renderer)")
            let expected = renderer == "accelerated" ? ["accelerated"] : ["software-texture", "accelerated"]
            XCTAssertTrue(expected.contains(steer.trace.last?["renderer"] as? String ?? "none"),
                          "\(renderer) draws as \(String(describing: steer.trace.last?["renderer"]))")
            let startX = try XCTUnwrap(steer.trace[4]["x"] as? Double), endX = try XCTUnwrap(steer.trace[40]["x"] as? Double)
            XCTAssertGreaterThan(endX, startX + 20, "\(renderer): the dragged joystick walks the koala right")
            XCTAssertEqual(steer.trace[44]["hudVisible"] as? Bool, true, renderer)
            XCTAssertEqual(steer.trace[55]["hudVisible"] as? Bool, false, "\(renderer): a pad hides the on-screen controls")
            XCTAssertEqual(steer.trace[55]["controllers"] as? Int, 1, renderer)
            XCTAssertEqual(steer.trace[70]["hudVisible"] as? Bool, true, "\(renderer): they return when it goes")
            XCTAssertFalse(steer.stderr.contains("Compose"), "\(renderer): no xkbcommon complaint: \(steer.stderr)")
            XCTAssertFalse(steer.stderr.contains("koalio:") && !steer.stderr.contains("no sound"),
                           "\(renderer): no warning of koalio's own: \(steer.stderr)")

            let playing = try play(weston, "0 left down\n1 left up\n", renderer: renderer, ticks: 20, name: "playing-\(renderer)")
            let paused = try play(weston, "0 escape down\n1 escape up\n", renderer: renderer, ticks: 20, name: "paused-\(renderer)")
            XCTAssertEqual([playing.image.width, playing.image.height], [1136, 640], renderer)
            XCTAssertGreaterThan(playing.image.distinctColors, 100, "\(renderer): a drawn level")
            XCTAssertEqual(paused.trace.last?["state"] as? String, "paused", renderer)
            let dimmed = paused.image.fractionDimmed(from: playing.image, rows: 140..<184)  // between the first level's hint and "Paused"
            XCTAssertGreaterThan(dimmed, 0.97, "\(renderer): \(dimmed) of the pixels dimmed uniformly")

            // Smooth motion (a 144 Hz display): the pictures between steps reach the window too.
            let smooth = try play(weston, "0 right down\n", renderer: renderer, ticks: 60, name: "smooth-\(renderer)",
                                  extra: ["--refresh-rate", "144"])
            XCTAssertEqual([smooth.image.width, smooth.image.height], [1136, 640], renderer)
            XCTAssertGreaterThan(smooth.image.distinctColors, 100, "\(renderer): a drawn level at 144 Hz")
            XCTAssertGreaterThan(try XCTUnwrap(smooth.trace.last?["x"] as? Double), try XCTUnwrap(smooth.trace.first?["x"] as? Double) + 40,
                                 "\(renderer): the koala walked, 60 steps in 144 frames a second")
        }
    }

    /// The compositor is told the app id `koalio`, the desktop entry's StartupWMClass, so docks
    /// show koalio's icon (read from libwayland's own log of the requests sent).
    func testTheWindowsAppIdIsKoalio() throws {
        let weston = try Weston()
        let run = try Koalio.run(["--level", "level1", "--ticks", "3"], environment: weston.environment.merging(["WAYLAND_DEBUG": "1"]) { $1 },
                                 removing: ["DISPLAY"])
        XCTAssertEqual(run.status, 0, String(run.stderr.suffix(500)))
        XCTAssertTrue(run.stderr.contains("set_app_id(\"koalio\")"), "no app id request seen")
        let desktop = try String(contentsOfFile: Koalio.repository + "/dist/koalio.desktop", encoding: .utf8)
        XCTAssertTrue(desktop.contains("\nStartupWMClass=koalio\n"))
    }

    /// Level 1 won by keyboard alone, with the default renderer choice.
    func testLevel1IsWonByKeyboard() throws {
        let weston = try Weston()
        let script = try String(contentsOfFile: Koalio.repository + "/Tests/Fixtures/level1-win.keys", encoding: .utf8)
        let run = try play(weston, script, renderer: "auto", ticks: 2300, name: "win")
        XCTAssertTrue(run.trace.contains { $0["state"] as? String == "won" }, "the koala reaches the flag")
    }

    /// A scale-2 output (HiDPI): the window's pixels are twice its points, the picture is drawn
    /// at the whole multiple that fits them (sharp, not enlarged by the compositor), and a
    /// click still lands where the on-screen controls are drawn.
    func testAScaleTwoOutputIsSharpAndTouchLandsUnderTheFinger() throws {
        let weston = try Weston(scale: 2)
        let run = try play(weston, """
            10 mouse down 516 250
            30 mouse up 516 250
            """, renderer: "auto", ticks: 40, name: "hidpi")
        XCTAssertEqual([run.image.width, run.image.height], [2272, 1280], "4× the view: 2× points at 2 pixels a point")
        // Pixel art enlarged by a whole factor: every pixel is repeated in 4×4 blocks.
        var blocky = 0, sampled = 0
        for y in stride(from: 0, to: 1280, by: 36) {
            for x in stride(from: 0, to: 2272, by: 44) {
                let base = (x / 4) * 4, row = (y / 4) * 4
                sampled += 1
                if run.image.pixel(base, row) == run.image.pixel(base + 3, row + 3) { blocky += 1 }
            }
        }
        XCTAssertEqual(blocky, sampled, "whole 4×4 blocks, no blur")
        let jumped = run.trace[12...29].contains { ($0["y"] as? Double ?? 272) < 272 }
        XCTAssertTrue(jumped, "the A button, pressed where it is drawn, jumps")
    }
}
