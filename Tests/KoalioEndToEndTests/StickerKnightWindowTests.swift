import Foundation
import XCTest
import KoalioHarness
import KoalioTestSupport

/// Tiled's Sticker Knight in a real window under Xvfb, with both renderers: its tile objects are
/// drawn, and its shadows (a grey image without alpha, drawn at 36 %) darken what is under them
/// instead of covering it black.
final class StickerKnightWindowTests: XCTestCase {
    func testTheSandboxIsDrawnWithItsTranslucentShadows() throws {
        let dir = try Koalio.scratch()
        let copy = dir.appendingPathComponent("sticker-knight").path
        try FileManager.default.copyItem(atPath: Repository.path("Tests/Fixtures/sticker-knight"), toPath: copy)
        let map = copy + "/sandbox.tmx"
        try (try String(contentsOfFile: map, encoding: .utf8))
            .replacingOccurrences(of: #"<objectgroup id="3" name="ground">"#, with: #"<objectgroup id="3" name="ground" class="walls">"#)
            .write(toFile: map, atomically: true, encoding: .utf8)
        let xvfb = try Xvfb()
        for renderer in ["software", "accelerated"] {
            let png = dir.appendingPathComponent("\(renderer).png").path
            let run = try Koalio.run(["--level", map, "--ticks", "30", "--renderer", renderer, "--screenshot", png],
                                     environment: ["DISPLAY": xvfb.display])
            XCTAssertEqual(run.status, 0, run.stderr)
            let image = try PNGImage(path: png)
            // The left column of the ground lies under a shadow (x 0–32 of the map); the ground
            // beside it does not. Window pixels at the default scale of 2.
            let shaded = image.pixel(20, 500), plain = image.pixel(100, 500)
            XCTAssertNotEqual([shaded.0, shaded.1, shaded.2], [0, 0, 0], "\(renderer): the shadow is not an opaque black")
            XCTAssertGreaterThan(plain.0, 150, "\(renderer): the ground's orange is drawn: \(plain)")
            let ratio = Double(shaded.0) / Double(max(1, plain.0))
            XCTAssertEqual(ratio, 0.64, accuracy: 0.12, "\(renderer): 36 % black over the ground: \(shaded) against \(plain)")
            XCTAssertGreaterThan(image.distinctColors, 40, "\(renderer): the pictures are drawn")
        }
    }
}
