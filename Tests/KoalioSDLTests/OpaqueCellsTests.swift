import CSDL2
import Foundation
import KoalioCore
import KoalioTestSupport
import XCTest
@testable import KoalioSDL

/// Tiles whose 16×16 cell is fully opaque are copied, not blended: which cells those are.
final class OpaqueCellsTests: XCTestCase {
    func testOnlyCellsWithEveryPixelOpaqueCount() throws {
        let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 48, 16, 32, SDL_PIXELFORMAT_ABGR8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let pixels = try XCTUnwrap(surface.pointee.pixels).assumingMemoryBound(to: UInt32.self)
        let stride = Int(surface.pointee.pitch) / 4
        for y in 0..<16 {
            for x in 0..<48 { pixels[y * stride + x] = 0xFF33_6699 }  // opaque (alpha is the top byte)
        }
        pixels[15 * stride + 16 + 15] = 0xFE33_6699  // one pixel of the middle cell barely see-through
        for y in 0..<16 { pixels[y * stride + 40] = 0x0000_0000 }  // a transparent column in the last
        let cells = try XCTUnwrap(Renderer.opaqueCells(of: surface))
        XCTAssertEqual(cells.columns, 3)
        XCTAssertEqual(cells.opaque, [true, false, false])

        let odd = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 24, 28, 32, SDL_PIXELFORMAT_ABGR8888.rawValue))
        defer { SDL_FreeSurface(odd) }
        XCTAssertNil(Renderer.opaqueCells(of: odd), "not a grid of 16 px cells (the koala's frames)")
        let rgb = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 32, 32, 24, SDL_PIXELFORMAT_RGB24.rawValue))
        defer { SDL_FreeSurface(rgb) }
        XCTAssertNil(Renderer.opaqueCells(of: rgb), "no alpha: SDL copies it anyway")
    }
}

/// Runs of opaque tiles are drawn as one copy from a strip: the same pixels as tile by tile.
final class TileRunTests: XCTestCase {
    func testARunOfOpaqueTilesLooksTheSameAsTilesDrawnOneByOne() throws {
        try MainActor.assumeIsolated { try Self.check() }
    }

    @MainActor
    static func check() throws {
        let fixture = try PadFixture()
        defer { fixture.tearDown() }
        let tiles = TextureID.resource("tiles.png")
        try fixture.platform.preload([tiles])
        let grass = IntRect(x: 0, y: 0, width: 16, height: 16), spikes = IntRect(x: 64, y: 0, width: 16, height: 16)
        func row(_ columns: [Int], y: Double) -> [DrawItem] {
            columns.map { .sprite(tiles, source: grass, destination: Rect(x: Double($0 * 16 - 40), y: y, width: 16, height: 16), flipped: false, tint: .white) }
        }
        // 70 tiles in a row (more than one strip), a blended tile over them, a second row.
        let forward = row(Array(0..<40), y: 100) + [.sprite(tiles, source: spikes, destination: Rect(x: 200, y: 100, width: 16, height: 16), flipped: false, tint: .white)]
            + row(Array(0..<70), y: 200)
        let oneByOne = row(Array((0..<40).reversed()), y: 100) + [forward[40]] + row(Array((0..<70).reversed()), y: 200)  // never side by side in order
        var shots: [String] = []
        for list in [forward, oneByOne] {
            try fixture.platform.render(DrawList(clearColor: Color(10, 20, 30), items: list))
            let path = Scratch.file(".png")
            try fixture.platform.saveScreenshot(to: path)
            shots.append(path)
        }
        let first = try XCTUnwrap(FileManager.default.contents(atPath: shots[0]))
        XCTAssertEqual(first, FileManager.default.contents(atPath: shots[1]), "merged runs draw the same pixels")
        let image = try PNGDecoder.surface(shots[0])
        defer { SDL_FreeSurface(image) }
        XCTAssertGreaterThan(image.pointee.w, 0)
    }
}
