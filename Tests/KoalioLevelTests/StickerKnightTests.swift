import KoalioCore
import KoalioLevel
import KoalioSim
import KoalioTestSupport
import XCTest

/// Tiled's own platformer example, Sticker Knight (public domain; `Tests/Fixtures/sticker-knight`,
/// copied whole): a world drawn with tile objects from an image collection of pictures up to
/// 384 px, its hero placed with a template, its ground made of tile objects on an object layer.
final class StickerKnightTests: XCTestCase {
    let path = Repository.root + "/Tests/Fixtures/sticker-knight/sandbox.tmx"

    /// The sandbox as its file has it, or with its `ground` layer given the class `walls`.
    func sandbox(groundIsWalls: Bool = true) throws -> [UInt8] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let marked = text.replacingOccurrences(of: #"<objectgroup id="3" name="ground">"#, with: #"<objectgroup id="3" name="ground" class="walls">"#)
        XCTAssertNotEqual(marked, text, "the ground layer is where the file had it")
        return Array((groundIsWalls ? marked : text).utf8)
    }

    func testTheSandboxPlaysOnceItsGroundIsWalls() throws {
        XCTAssertThrowsError(try TMXLoader.load(bytes: try sandbox(groundIsWalls: false), path: path)) { error in
            XCTAssertTrue("\(error)".contains("missing layer 'walls'"), "\(error)")
        }
        let map = try TMXLoader.load(bytes: try sandbox(), path: path)
        // The hero's template (templates/hero.tx: 128×160, its tile in the template's own ids)
        // placed at (45, 979.5): the koala stands where the hero's feet are.
        XCTAssertEqual(map.spawn, Vec2(45 + 64, 979.5))
        // The ground's tile objects (256×96 pictures standing on y = 1087) are solid cells.
        XCTAssertNotEqual(map.walls.gid(column: 2, row: 32), 0, "under the first ground piece")
        XCTAssertEqual(map.walls.gid(column: 2, row: 30), 0, "above it")
        let stage = try Stage(map)
        var world = World(stage: stage)
        for _ in 0..<120 { _ = world.step(.idle, in: stage) }
        XCTAssertTrue(world.player.onGround, "the koala stands on the ground: \(world.player.position)")
        XCTAssertEqual(world.player.position.y, 992, accuracy: 0.5, "on the ground piece's top, at the grid: \(world.player.position)")
    }

    func testItsTileObjectsAreDrawnInFileOrder() throws {
        let map = try TMXLoader.load(bytes: try sandbox(), path: path)
        let objectLayers = map.layers.compactMap { layer -> (String, [TileObject])? in
            if case let .objects(objects) = layer.content { (layer.name, objects) } else { nil }
        }
        XCTAssertEqual(objectLayers.map(\.0), ["static", "parallax clouds", "parallax background", "background", "ground", "castle",
                                               "castledeco", "shading", "game", "above"], "every visible layer with tiles, none hidden")
        let clouds = try XCTUnwrap(map.layers.first { $0.name == "parallax clouds" })
        XCTAssertEqual(clouds.parallax, Vec2(0.5, 0.5))
        let shading = try XCTUnwrap(map.layers.first { $0.name == "shading" })
        XCTAssertEqual(shading.opacity, 0.36, accuracy: 0.001)
        let background = try XCTUnwrap(objectLayers.first { $0.0 == "parallax background" }?.1)
        XCTAssertEqual(background[2].rotation, -10.4469, accuracy: 0.0001, "turned as the file turns it")
        let cloud = try XCTUnwrap(objectLayers.first { $0.0 == "parallax clouds" }?.1[1])
        XCTAssertEqual(TileFlip(gid: cloud.gid), [.horizontal], "flipped as the file flips it")
        XCTAssertEqual(cloud.area, Rect(x: 373.939, y: 627.121 - 128, width: 384, height: 128), "standing on its (x, y)")
        let hero = try XCTUnwrap(objectLayers.first { $0.0 == "game" }?.1.first)
        XCTAssertEqual(hero.area, Rect(x: 45, y: 979.5 - 160, width: 128, height: 160), "the template's size")
        XCTAssertEqual(map.tileset(for: hero.gid & ~LevelMap.flipBits)?.images[Int(hero.gid - 1)]?.path.hasSuffix("hero.png"), true,
                       "the template's tile 22 of objs.tsx, in the map's ids")
    }
}
