import Foundation
import XCTest
import KoalioCore
import KoalioHarness

/// A real window under Xvfb: the level is drawn, and pausing dims the whole frame while the
/// scene stays visible beneath.
final class WindowTests: XCTestCase {
    func screenshot(_ xvfb: Xvfb, _ extra: [String], name: String) throws -> PNGImage {
        try screenshotAndTrace(xvfb, extra, name: name).image
    }

    func screenshotAndTrace(_ xvfb: Xvfb, _ extra: [String], name: String) throws -> (image: PNGImage, trace: [[String: Any]]) {
        let dir = try Koalio.scratch()
        let png = dir.appendingPathComponent("\(name).png").path, trace = dir.appendingPathComponent("\(name).jsonl").path
        let level = extra.contains("--level") ? [] : ["--level", "level1"]
        let run = try Koalio.run(level + ["--ticks", "20", "--screenshot", png, "--trace", trace] + extra, environment: ["DISPLAY": xvfb.display])
        XCTAssertEqual(run.status, 0, run.stderr)
        return (try PNGImage(path: png), try Koalio.traceLines(trace))
    }

    func testLevelIsDrawnAndPauseDimsTheWholeWindow() throws {
        let xvfb = try Xvfb()
        let dir = try Koalio.scratch()
        let pause = dir.appendingPathComponent("pause.keys").path
        try "0 escape down\n1 escape up\n".write(toFile: pause, atomically: true, encoding: .utf8)
        let idle = dir.appendingPathComponent("idle.keys").path
        try "0 left down\n1 left up\n".write(toFile: idle, atomically: true, encoding: .utf8)

        let playing = try screenshot(xvfb, ["--input-script", idle], name: "playing")
        XCTAssertEqual(playing.width, 1136)
        XCTAssertEqual(playing.height, 640)
        XCTAssertGreaterThan(playing.distinctColors, 100, "a drawn level, not a blank or one-colour frame")

        let paused = try screenshot(xvfb, ["--input-script", pause], name: "paused")
        XCTAssertLessThan(paused.meanLuminance, playing.meanLuminance * 0.6, "the window is darker")
        XCTAssertGreaterThan(paused.distinctColors, 100, "the scene stays visible beneath")
        // Between the status line and "Paused" (below the first level's hint; no text, no pause button, no on-screen controls:
        // the menu's line is at the foot now), every pixel is the scene's darkened by one layer.
        let dimmed = paused.fractionDimmed(from: playing, rows: 140..<184)
        XCTAssertGreaterThan(dimmed, 0.97, "\(dimmed) of the pixels dimmed uniformly")
    }

    /// No pad: the HUD is drawn, translucent (the level shows through it). With a pad: no HUD.
    func testHUDShowsTranslucentWithoutAPadAndNotWithOne() throws {
        let xvfb = try Xvfb()
        let dir = try Koalio.scratch()
        let withPad = dir.appendingPathComponent("pad.keys").path
        try "0 pad attach ps4\n".write(toFile: withPad, atomically: true, encoding: .utf8)
        let hud = try screenshot(xvfb, [], name: "hud")
        let noHUD = try screenshot(xvfb, ["--input-script", withPad], name: "nohud")
        // The A button's disc: logical (516, 250), radius 24, shown at 2×.
        var lighter = 0, white = 0, total = 0, hudColours = Set<Int>(), sceneColours = Set<Int>()
        for y in stride(from: 470, to: 530, by: 3) {
            for x in stride(from: 1000, to: 1064, by: 3) {
                let (r, g, b) = hud.pixel(x, y), (r0, g0, b0) = noHUD.pixel(x, y)
                total += 1
                if r >= r0 && g >= g0 && b >= b0 && (r, g, b) != (r0, g0, b0) { lighter += 1 }
                if (r, g, b) == (255, 255, 255) { white += 1 }
                hudColours.insert(r << 16 | g << 8 | b)
                sceneColours.insert(r0 << 16 | g0 << 8 | b0)
            }
        }
        XCTAssertGreaterThan(Double(lighter) / Double(total), 0.8, "the button lightens what is under it")
        XCTAssertLessThan(Double(white) / Double(total), 0.05, "but does not paint it out")
        XCTAssertGreaterThanOrEqual(sceneColours.count, 3, "the spot has detail to show (sky, hills)")
        XCTAssertGreaterThanOrEqual(hudColours.count, sceneColours.count, "the level's detail shows through the button")
        // Away from the HUD both frames are the same level.
        XCTAssertEqual(hud.pixel(568, 200).0, noHUD.pixel(568, 200).0)
        XCTAssertEqual(hud.pixel(568, 200).2, noHUD.pixel(568, 200).2)
    }

    /// F11 fills the screen (Xvfb's is 1280×800): the view at the largest whole scale (2×,
    /// 1136×640) in the middle, black bars around it. F11 again brings the window back.
    func testF11TogglesFullscreenWithALetterbox() throws {
        let xvfb = try Xvfb()
        let dir = try Koalio.scratch()
        let once = dir.appendingPathComponent("once.keys").path
        try "0 f11 down\n1 f11 up\n".write(toFile: once, atomically: true, encoding: .utf8)
        let full = try screenshot(xvfb, ["--input-script", once], name: "full")
        XCTAssertEqual([full.width, full.height], [1280, 800])
        for (x, y) in [(10, 400), (1270, 400), (640, 10), (640, 790)] {
            XCTAssertTrue(full.pixel(x, y) == (0, 0, 0), "black bar at (\(x), \(y))")
        }
        XCTAssertFalse(full.pixel(72 + 10, 80 + 300) == (0, 0, 0), "the scene starts at (72, 80)")
        let twice = dir.appendingPathComponent("twice.keys").path
        try "0 f11 down\n1 f11 up\n10 f11 down\n11 f11 up\n".write(toFile: twice, atomically: true, encoding: .utf8)
        let windowed = try screenshot(xvfb, ["--input-script", twice], name: "windowed")
        XCTAssertEqual([windowed.width, windowed.height], [1136, 640])
    }

    /// A scale larger than the display (3× is 1704×960; Xvfb's screen is 1280×800) opens the
    /// window at the largest that fits, 2×, and says so.
    func testTheWindowFitsTheDisplay() throws {
        let xvfb = try Xvfb()
        let png = try Koalio.scratch().appendingPathComponent("fits.png").path
        let run = try Koalio.run(["--level", "level1", "--ticks", "5", "--screenshot", png, "--scale", "3"], environment: ["DISPLAY": xvfb.display])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "koalio: window scale 3 does not fit this display: the window is at 2x\n")
        let image = try PNGImage(path: png)
        XCTAssertEqual([image.width, image.height], [1136, 640])
        XCTAssertEqual(LogicalView.fittingScale(8, usableWidth: 1280, usableHeight: 720), 2)
        XCTAssertEqual(LogicalView.fittingScale(2, usableWidth: 500, usableHeight: 300), 1, "never below 1×")
    }

    func testBothRenderersDrawTheLevel() throws {
        let xvfb = try Xvfb()
        for renderer in ["software", "accelerated"] {
            let (image, trace) = try screenshotAndTrace(xvfb, ["--renderer", renderer, "--scale", "1"], name: renderer)
            XCTAssertEqual(trace.last?["renderer"] as? String, renderer, "the renderer asked for draws")
            XCTAssertEqual(image.width, 568, renderer)
            XCTAssertGreaterThan(image.distinctColors, 100, renderer)
        }
    }
}
