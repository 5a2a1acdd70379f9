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
        XCTAssertEqual(SceneCanvas.letterbox(width: 1136, height: 640).w, 1136)
        let wide = SceneCanvas.letterbox(width: 1920, height: 1080)  // 3× is 1704×960
        XCTAssertEqual([wide.x, wide.y, wide.w, wide.h], [108, 60, 1704, 960])
        let small = SceneCanvas.letterbox(width: 400, height: 300)  // smaller than the view: a fractional fit
        XCTAssertEqual(small.w, 400)
        XCTAssertEqual(small.h, 225)
    }

    func testEnlargingByTwoAndThreeCopiesEachPixelIntoItsBlock() throws {
        let scene = try scene()
        defer { SDL_FreeSurface(scene) }
        for (w, h, scale) in [(Int32(1136), Int32(640), 2), (1920, 1080, 3)] {
            let window = try surface(w, h)
            defer { SDL_FreeSurface(window) }
            SDL_FillRect(window, nil, 0x00FF_FFFF)  // stale white that the borders must lose
            let box = SceneCanvas.letterbox(width: w, height: h)
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
        let box = SceneCanvas.letterbox(width: 400, height: 300)
        try SceneCanvas.present(scene, into: window, box: box)
        XCTAssertEqual(pixel(window, 0, Int(box.y)), 0, "the scene's top-left pixel")
        XCTAssertEqual(pixel(window, 0, 0), 0, "border")
        XCTAssertNotEqual(pixel(window, 399, Int(box.y + box.h) - 1), 0, "the scene reaches the far corner")
    }
}
