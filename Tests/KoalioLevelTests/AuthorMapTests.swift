import KoalioCore
import KoalioLevel
import KoalioLevelFile
import KoalioSim
import KoalioTestSupport
import XCTest

/// Maps as level authors bring them from Tiled (tools/make_test_maps.py, `author/`): layers by
/// role or class, scenery, groups, hidden layers, a foreground, an image layer, a background
/// colour, image-collection tilesets without sizes in the file, animations, flips, 32 px tiles.
final class AuthorMapTests: XCTestCase {
    func author(_ name: String) throws -> LevelMap { try LevelFile.load(Repository.fixtureMap("author/\(name)")).map }

    func testLayersAreReadByRoleOrClassAndTheRestIsScenery() throws {
        let map = try author("roles")
        XCTAssertEqual(map.walls.gid(column: 0, row: 5), 3, "the solid layer is the one of class walls, inside a group")
        XCTAssertEqual(map.hazards.gid(column: 11, row: 4), 3, "a hidden layer still has its role")
        XCTAssertEqual(map.layers.map(\.name), ["Clouds", "Scenery", "Ground", "Leaves in front"], "visible layers in file order")
        XCTAssertEqual(map.layers.map(\.foreground), [false, false, false, true])
        XCTAssertEqual(map.layers[2].opacity, 0.5, "the group's opacity")
        guard case let .image(path, width, height, _, _) = map.layers[0].content else { return XCTFail("an image layer") }
        XCTAssertTrue(path.hasSuffix("author/clouds.png"))
        XCTAssertEqual([width, height], [40, 20], "the size from the PNG")
        XCTAssertEqual(map.layers[0].offset, Vec2(100, 4))
        XCTAssertEqual(map.backgroundColor, Color(0x33, 0x66, 0x99))
        XCTAssertFalse(map.drawsThemeBackdrop, "its own background colour and images, not a theme's")
        XCTAssertEqual(map.spawn, Vec2(32, 80), "objects by class")
        guard case let .tiles(scenery) = map.layers[1].content else { return XCTFail("a tile layer") }
        XCTAssertEqual(scenery.gid(column: 2, row: 1), 0x8000_0001, "flip bits kept for drawing")
        XCTAssertEqual(TileFlip(gid: scenery.gid(column: 5, row: 1)), [.horizontal, .vertical, .diagonal])
    }

    /// Tiled before 1.9 (Debian 12 packages 1.8) gives layers no class: their names serve.
    func testRolesAndTheForegroundByNameAlone() throws {
        let text = try String(contentsOfFile: Repository.fixtureMap("author/roles"), encoding: .utf8)
            .replacingOccurrences(of: "name=\"Ground\" class=\"walls\"", with: "name=\"walls\"")
            .replacingOccurrences(of: "name=\"Leaves in front\" class=\"foreground\"", with: "name=\"Foreground\"")
        let map = try TMXLoader.load(bytes: Array(text.utf8), path: Repository.fixtureMap("author/by-name"))
        XCTAssertEqual(map.walls.gid(column: 0, row: 5), 3)
        XCTAssertEqual(map.layers.last?.name, "Foreground")
        XCTAssertEqual(map.layers.last?.foreground, true)
    }

    func testImageCollectionsAndAnimations() throws {
        let map = try author("roles")
        let things = try XCTUnwrap(map.tilesets.first { $0.name == "things" })
        XCTAssertEqual(things.images[0].map { [$0.width, $0.height] }, [32, 48], "no size in the file: read from the PNG")
        XCTAssertEqual(things.images[1].map { [$0.width, $0.height] }, [16, 16])
        XCTAssertEqual([map.largestTileWidth, map.largestTileHeight], [32, 48])
        let quads = try XCTUnwrap(map.tilesets.first { $0.name == "quads" })
        XCTAssertEqual(quads.frame(of: 3, atMilliseconds: 0), 0)
        XCTAssertEqual(quads.frame(of: 3, atMilliseconds: 999), 0)
        XCTAssertEqual(quads.frame(of: 3, atMilliseconds: 1000), 1)
        XCTAssertEqual(quads.frame(of: 3, atMilliseconds: 2500), 0, "it loops")
        XCTAssertEqual(quads.frame(of: 2, atMilliseconds: 1000), 2, "a tile without an animation is itself")
    }

    func testThirtyTwoPixelTilesPlay() throws {
        let map = try Stage(author("tiles32"))
        XCTAssertEqual([map.tileWidth, map.tileHeight], [32, 32])
        var world = World(stage: map)
        for _ in 0..<120 { world.step(Command(), in: map) }
        XCTAssertTrue(world.player.onGround)
        XCTAssertEqual(world.player.position.y, 9 * 32, "standing on the bottom row of 32 px tiles")
        for _ in 0..<600 where world.state == .playing { world.step(Command(moveX: 1, dash: true), in: map) }
        XCTAssertEqual(world.state, .won, "walks to the goal")
    }

    func testAnimationFramesMustBeTilesTheTilesetHas() throws {
        let text = try String(contentsOfFile: Repository.fixtureMap("author/roles"), encoding: .utf8)
            .replacingOccurrences(of: "<frame tileid=\"1\" duration=\"1000\"/>", with: "<frame tileid=\"9\" duration=\"1000\"/>")
        XCTAssertThrowsError(try TMXLoader.load(bytes: Array(text.utf8), path: Repository.fixtureMap("author/copy"))) { error in
            XCTAssertTrue("\(error)".contains("an animation shows tile 9, which the tileset's 4 tiles do not have"), "\(error)")
        }
    }
}

/// `Levels/koalio.tiled-project` offers Tiled's class drop-downs every class the loader reads.
final class TiledProjectTests: XCTestCase {
    func testTheProjectDefinesEveryClassAndThemeTheGameReads() throws {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: Repository.path("Levels/koalio.tiled-project")))
        let project = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let types = try XCTUnwrap(project["propertyTypes"] as? [[String: Any]])
        func classes(for use: String) -> Set<String> {
            Set(types.filter { ($0["type"] as? String) == "class" && (($0["useAs"] as? [String]) ?? []).contains(use) }.compactMap { $0["name"] as? String })
        }
        XCTAssertEqual(classes(for: "layer"), Set(LayerRole.allCases.map(\.rawValue) + ["foreground"]))
        XCTAssertEqual(classes(for: "object"), ["spawn", "goal", "checkpoint", "leaf", "critter"])
        let themes = try XCTUnwrap(types.first { ($0["name"] as? String) == "Theme" }?["values"] as? [String])
        XCTAssertEqual(themes, Theme.allCases.map(\.rawValue))
        let ids = types.compactMap { $0["id"] as? Int }
        XCTAssertEqual(Set(ids).count, types.count, "each type its own id")
    }
}
