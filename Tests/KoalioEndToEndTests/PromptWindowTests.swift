import Foundation
import KoalioHarness
import KoalioCore
import KoalioInput
import KoalioTestSupport
import KoalioView
import XCTest

/// Prompts in a real window under Xvfb show the buttons of the controller in hand: the pause
/// screen drawn after Esc on the keyboard, Start on a virtual Xbox pad and Options on a virtual
/// DualSense differs in the prompt, and nowhere else on that line.
final class PromptWindowTests: XCTestCase {
    func pausedScreenshot(_ xvfb: Xvfb, script: String, name: String) throws -> PNGImage {
        let dir = try Koalio.scratch()
        let keys = dir.appendingPathComponent("\(name).keys").path, png = dir.appendingPathComponent("\(name).png").path
        try script.write(toFile: keys, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--level", "level1", "--ticks", "20", "--input-script", keys, "--screenshot", png],
                                 environment: ["DISPLAY": xvfb.display])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try PNGImage(path: png)
    }

    /// The prompt line's band of the 1136×640 window: the pause screen's hint line (logical
    /// y = the view's middle + 16, lifted by the pause menu's six entries with --level: Resume,
    /// Restart, Settings, How to play, Add a phone, Quit), twice as big.
    func promptBand(_ image: PNGImage) -> [Int] {
        var values: [Int] = []
        let top = Int(MenuView.hintY * 2) - 2  // the pause menu's line, at the foot as every menu's
        for y in stride(from: top, to: top + 32, by: 1) {
            for x in stride(from: 300, to: 836, by: 2) {
                let (r, g, b) = image.pixel(x, y)
                values.append(r << 16 | g << 8 | b)
            }
        }
        return values
    }

    func testThePausePromptShowsTheButtonsOfTheControllerUsedLast() throws {
        let xvfb = try Xvfb()
        // A pad attached at once, so all three frames are drawn without the on-screen controls.
        let keyboard = try pausedScreenshot(xvfb, script: "0 pad attach generic\n1 pad1 detach\n2 pad attach generic\n5 escape down\n6 escape up\n",
                                            name: "keyboard")
        let xbox = try pausedScreenshot(xvfb, script: "0 pad attach xboxone\n5 pad1 start down\n6 pad1 start up\n", name: "xbox")
        let dualSense = try pausedScreenshot(xvfb, script: "0 pad attach ps5\n5 pad1 start down\n6 pad1 start up\n", name: "ps5")
        let bands = [promptBand(keyboard), promptBand(xbox), promptBand(dualSense)]
        XCTAssertNotEqual(bands[0], bands[1], "keycap vs Xbox's Menu button")
        XCTAssertNotEqual(bands[1], bands[2], "Xbox's Menu button vs the DualSense's Options button")
        XCTAssertNotEqual(bands[0], bands[2])
        // Above the prompt, the three paused frames are the same picture.
        func band(_ image: PNGImage, _ rows: Range<Int>) -> [Int] {
            rows.flatMap { y in stride(from: 0, to: 1136, by: 3).map { x in let (r, g, b) = image.pixel(x, y); return r << 16 | g << 8 | b } }
        }
        // Down to the line under "Paused" (the notice naming the pad just attached is there).
        let noticeTop = Int((Double(LogicalView.height) / 2 + 16 - MenuLayout.pauseLift(count: 6)) * 2) - 2
        XCTAssertEqual(band(xbox, 100..<noticeTop), band(dualSense, 100..<noticeTop), "only the prompt (and the pad's own lines) differ")

        // The glyph drawn is the right one: the art's own cell, found pixel for pixel (twice as big) on the prompt line.
        let art = try PNGImage(path: Repository.path("Resources/buttons.png"))
        let menu = try XCTUnwrap(Art.buttonSource(.pad(.start, .xbox))), options = try XCTUnwrap(Art.buttonSource(.pad(.start, .playStation)))
        XCTAssertTrue(contains(xbox, art, menu), "Xbox's Menu button on the Xbox pad's prompt")
        XCTAssertFalse(contains(xbox, art, options))
        XCTAssertTrue(contains(dualSense, art, options), "the DualSense's Options button on its prompt")
        XCTAssertFalse(contains(dualSense, art, menu))
        XCTAssertFalse(contains(keyboard, art, menu) || contains(keyboard, art, options), "the keyboard's prompt shows keys")
    }

    /// Whether the window's prompt line shows `cell` of the art at the window's scale (2): every
    /// opaque pixel of the cell, at one place.
    func contains(_ shot: PNGImage, _ art: PNGImage, _ cell: KoalioCore.IntRect) -> Bool {
        let opaque = (0..<cell.height).flatMap { y in (0..<cell.width).map { x in (x, y) } }.filter { x, y in
            art.alphas[(cell.y + y) * art.width + cell.x + x] == 255
        }
        guard let (fx, fy) = opaque.first else { return false }
        let first = art.pixel(cell.x + fx, cell.y + fy)
        let line = Int(MenuView.hintY * 2)
        for top in (line - 20)..<min(line + 50, shot.height - 2 * cell.height) {
            for left in 200..<936 where shot.pixel(left + fx * 2, top + fy * 2) == first {
                if opaque.allSatisfy({ x, y in shot.pixel(left + x * 2, top + y * 2) == art.pixel(cell.x + x, cell.y + y) }) { return true }
            }
        }
        return false
    }
}
