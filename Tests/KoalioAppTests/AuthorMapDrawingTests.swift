import CSDL2
@testable import KoalioApp
@testable import KoalioFlow
import KoalioCore
import KoalioLevel
import KoalioLevelFile
@testable import KoalioSDL
import KoalioSim
import KoalioTestSupport
import KoalioView
import XCTest

/// A map as Tiled writes it (tools/make_test_maps.py, `author/roles.tmx`), drawn by SDL's
/// software renderer and checked pixel by pixel: flipped tiles as Tiled flips them, an animated
/// tile at the world's clock, an image-collection tile bottom-aligned on its cell, the layers'
/// order, opacity and background colour.
final class AuthorMapDrawingTests: XCTestCase {
    /// Tile 0 of quads.png: red, green / blue, white quadrants; tile 1: cyan, magenta / yellow, grey.
    static let red: UInt32 = 0xFF0000, green: UInt32 = 0x00FF00, blue: UInt32 = 0x0000FF, white: UInt32 = 0xFFFFFF
    static let cyan: UInt32 = 0x00FFFF

    func testTilesAreDrawnAsTiledDrawsThem() throws {
        try MainActor.assumeIsolated {
            let platform = try ContrastTests.headlessPlatform()
            let file = try LevelFile.load(Repository.fixtureMap("author/roles")), map = file.map
            try platform.preload(Art.textures(for: map))
            var session = Session(stage: file.stage)
            let list = Scene.drawList(session, on: map, showStatus: false)
            XCTAssertEqual(list.clearColor, Color(0x33, 0x66, 0x99), "the map's background colour")
            // Where the map's origin is on screen, from the unflipped tile at column 1, row 1.
            let origin = try XCTUnwrap(list.items.lazy.compactMap { item -> Vec2? in
                guard case let .sprite(.file(path), source, destination, _, _) = item, path.hasSuffix("quads.png"),
                      source == IntRect(x: 0, y: 0, width: 16, height: 16) else { return nil }
                return Vec2(destination.x - 16, destination.y - 16)
            }.first)
            let pixels = try ContrastTests.pixels(list, platform)
            func pixel(_ x: Double, _ y: Double) -> UInt32 { pixels[Int(origin.y + y) * LogicalView.width + Int(origin.x + x)] }
            /// A tile's quadrants (top-left, top-right, bottom-left, bottom-right) at a cell.
            func quadrants(_ column: Int, _ row: Int, in frame: (Double, Double) -> UInt32 = pixel) -> [UInt32] {
                let x = Double(column * 16), y = Double(row * 16)
                return [frame(x + 4, y + 4), frame(x + 12, y + 4), frame(x + 4, y + 12), frame(x + 12, y + 12)]
            }
            let (r, g, b, w) = (Self.red, Self.green, Self.blue, Self.white)
            XCTAssertEqual(quadrants(1, 1), [r, g, b, w], "as drawn")
            XCTAssertEqual(quadrants(2, 1), [g, r, w, b], "flipped horizontally")
            XCTAssertEqual(quadrants(3, 1), [b, w, r, g], "flipped vertically")
            XCTAssertEqual(quadrants(4, 1), [r, b, g, w], "flipped diagonally: x and y swapped")
            XCTAssertEqual(quadrants(5, 1), [w, g, b, r], "all three: swapped, then both flips")
            XCTAssertEqual(quadrants(6, 1)[0], r, "the animated tile's first frame at tick 0")
            // The tree (32×48, an image collection's) stands on its cell (8, 4): it fills
            // columns 8-9 and rows 2-4, green above its brown trunk.
            XCTAssertEqual(pixel(8 * 16 + 4, 2 * 16 + 4), 0x148C3C, "the tree's leaves, above its cell")
            XCTAssertEqual(pixel(8 * 16 + 4, 4 * 16 + 12), 0x6E461E, "its trunk, on its cell")

            for _ in 0..<60 { session.advance(Command()) }  // 1000 ms of the world's clock
            let later = Scene.drawList(session, on: map, showStatus: false)
            let laterPixels = try ContrastTests.pixels(later, platform)
            XCTAssertEqual(quadrants(6, 1) { x, y in laterPixels[Int(origin.y + y) * LogicalView.width + Int(origin.x + x)] }[0], Self.cyan,
                           "a second later, the second frame")

            // The solid ground is drawn at its group's opacity; the foreground layer after the koala.
            let ground = list.items.compactMap { item -> Color? in
                if case let .sprite(.file(path), source, _, _, tint) = item, path.hasSuffix("quads.png"), source.x == 32 { return tint }
                return nil
            }
            XCTAssertEqual(ground.first?.a, 128)
            let koala = try XCTUnwrap(list.items.lastIndex { if case .sprite(.koala, _, _, _, _) = $0 { return true } else { return false } })
            let leaves = try XCTUnwrap(list.items.lastIndex { item in
                if case let .sprite(.file(path), source, _, _, _) = item, path.hasSuffix("quads.png"), source.x == 16 { return true }
                return false
            })
            XCTAssertGreaterThan(leaves, koala, "the foreground layer is drawn in front of the koala")

            // 32 px tiles: the same scale, each tile 32 px on screen.
            let bigFile = try LevelFile.load(Repository.fixtureMap("author/tiles32")), big = bigFile.map
            try platform.preload(Art.textures(for: big))
            let bigList = Scene.drawList(Session(stage: bigFile.stage), on: big, showStatus: false)
            let bigTile = try XCTUnwrap(bigList.items.lazy.compactMap { item -> Rect? in
                if case let .sprite(.file(path), _, destination, _, _) = item, path.hasSuffix("quads32.png") { return destination }
                return nil
            }.first)
            XCTAssertEqual([bigTile.width, bigTile.height], [32, 32])
            let bigPixels = try ContrastTests.pixels(bigList, platform)
            func at(_ x: Double, _ y: Double) -> UInt32 { bigPixels[Int(bigTile.y + y) * LogicalView.width + Int(bigTile.x + x)] }
            XCTAssertEqual([at(8, 8), at(24, 8), at(8, 24), at(24, 24)], [r, g, b, w], "a 32 px tile, quadrant by quadrant")
        }
    }
}
