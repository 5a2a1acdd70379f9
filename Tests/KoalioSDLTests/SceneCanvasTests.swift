import CSDL2
import XCTest
@testable import KoalioSDL

/// The software path's hand-made enlargement and the letterbox, on real SDL surfaces.
final class SceneCanvasTests: XCTestCase {
    func surface(_ w: Int32, _ h: Int32, _ format: UInt32 = SDL_PIXELFORMAT_RGB888.rawValue) throws -> UnsafeMutablePointer<SDL_Surface> {
        try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, format))
    }

    func pixel(_ s: UnsafeMutablePointer<SDL_Surface>, _ x: Int, _ y: Int) -> UInt32 {
        s.pointee.pixels.assumingMemoryBound(to: UInt32.self)[y * Int(s.pointee.pitch) / 4 + x] & 0x00FF_FFFF
    }

    /// A scene whose every pixel is distinct: x in the low bits, y above.
    func scene() throws -> UnsafeMutablePointer<SDL_Surface> {
        let s = try surface(568, 320, SDL_PIXELFORMAT_ARGB8888.rawValue)
        let pixels = s.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        for y in 0..<320 { for x in 0..<568 { pixels[y * Int(s.pointee.pitch) / 4 + x] = 0xFF00_0000 | UInt32(y << 10 | x) } }
        return s
    }

    func testLetterboxIsTheLargestWholeMultipleCentred() {
        XCTAssertEqual(SceneCanvas.letterbox(width: 1136, height: 640, scaling: .pixelPerfect).w, 1136)
        let wide = SceneCanvas.letterbox(width: 1920, height: 1080, scaling: .pixelPerfect)  // 3× is 1704×960
        XCTAssertEqual([wide.x, wide.y, wide.w, wide.h], [108, 60, 1704, 960])
        let small = SceneCanvas.letterbox(width: 400, height: 300, scaling: .pixelPerfect)  // smaller than the view: a fractional fit
        XCTAssertEqual(small.w, 400)
        XCTAssertEqual(small.h, 225)
    }

    func testEnlargingByTwoAndThreeCopiesEachPixelIntoItsBlock() throws {
        let scene = try scene()
        defer { SDL_FreeSurface(scene) }
        // 1250×700: the 2× letterbox starts at x 57, rows off an 8-byte boundary.
        for (w, h, scale) in [(Int32(1136), Int32(640), 2), (1920, 1080, 3), (1250, 700, 2)] {
            let window = try surface(w, h)
            defer { SDL_FreeSurface(window) }
            SDL_FillRect(window, nil, 0x00FF_FFFF)  // stale white that the borders must lose
            let box = SceneCanvas.letterbox(width: w, height: h, scaling: .pixelPerfect)
            try SceneCanvas.present(scene, into: window, box: box)
            for (x, y) in [(0, 0), (567, 0), (0, 319), (567, 319), (300, 123)] {
                for (dx, dy) in [(0, 0), (scale - 1, scale - 1), (scale - 1, 0)] {
                    XCTAssertEqual(pixel(window, Int(box.x) + x * scale + dx, Int(box.y) + y * scale + dy), UInt32(y << 10 | x), "\(w)×\(h) (\(x), \(y))")
                }
            }
            if box.x > 0 { XCTAssertEqual(pixel(window, 0, Int(h) / 2), 0, "letterbox borders are cleared") }
            if box.y > 0 { XCTAssertEqual(pixel(window, Int(w) / 2, 0), 0) }
        }
    }

    func testFractionalSizesFallBackToSDLsScaledBlit() throws {
        let scene = try scene()
        defer { SDL_FreeSurface(scene) }
        let window = try surface(400, 300)
        defer { SDL_FreeSurface(window) }
        let box = SceneCanvas.letterbox(width: 400, height: 300, scaling: .pixelPerfect)
        try SceneCanvas.present(scene, into: window, box: box)
        XCTAssertEqual(pixel(window, 0, Int(box.y)), 0, "the scene's top-left pixel")
        XCTAssertEqual(pixel(window, 0, 0), 0, "border")
        XCTAssertNotEqual(pixel(window, 399, Int(box.y + box.h) - 1), 0, "the scene reaches the far corner")
    }

    /// Fill: the largest size of the view's shape, so a 1280×800 screen (Steam Deck) shows
    /// 1280×721 instead of pixel-perfect's 1136×640.
    func testFillIsTheLargestSizeOfTheViewsShape() {
        let deck = SceneCanvas.letterbox(width: 1280, height: 800, scaling: .fill)
        XCTAssertEqual([deck.x, deck.y, deck.w, deck.h], [0, 39, 1280, 721])
        XCTAssertEqual(SceneCanvas.letterbox(width: 1280, height: 800, scaling: .pixelPerfect).w, 1136)
        XCTAssertEqual(SceneCanvas.letterbox(width: 1136, height: 640, scaling: .fill).w, 1136, "a whole multiple is the same either way")
    }

    /// Filling 1280×800 samples the nearest scene pixel: every window pixel of the box is a
    /// scene pixel within one of where it falls (no blending), and the corners are the scene's.
    func testFillSamplesTheNearestScenePixel() throws {
        let scene = try scene()
        defer { SDL_FreeSurface(scene) }
        let window = try surface(1280, 800)
        defer { SDL_FreeSurface(window) }
        let box = SceneCanvas.letterbox(width: 1280, height: 800, scaling: .fill)
        try SceneCanvas.present(scene, into: window, box: box)
        XCTAssertEqual(pixel(window, Int(box.x), Int(box.y)), 0, "the scene's top-left pixel")
        XCTAssertEqual(pixel(window, Int(box.x + box.w) - 1, Int(box.y + box.h) - 1), UInt32(319 << 10 | 567), "its bottom-right pixel")
        XCTAssertEqual(pixel(window, 640, 20), 0, "the bar above is cleared")
        for (wx, wy) in [(100, 100), (640, 400), (1000, 700), (1279, 41)] {
            let value = pixel(window, wx, wy)
            let x = Int(value & 0x3FF), y = Int(value >> 10)
            let expectedX = Double(wx - Int(box.x)) * 568 / Double(box.w), expectedY = Double(wy - Int(box.y)) * 320 / Double(box.h)
            XCTAssertEqual(Double(x), expectedX, accuracy: 1, "window (\(wx), \(wy))")
            XCTAssertEqual(Double(y), expectedY, accuracy: 1, "window (\(wx), \(wy))")
        }
    }
}
