import XCTest
import KoalioCore
@testable import KoalioSim
import KoalioTestSupport
import KoalioLevel
import KoalioLevelFile

final class TMXLoaderTests: XCTestCase {
    /// Every encoding gives the same layers, with flip flags cleared.
    func testEveryEncodingLoadsTheSameMap() throws {
        let expectedWalls: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4]
        for encoding in ["csv", "base64", "zlib", "gzip", "xml"] {
            let map = try LevelFile.load(Repository.fixtureMap(encoding)).map
            XCTAssertEqual(map.walls.gids, expectedWalls, encoding)
            XCTAssertEqual(map.hazards.gids[2], 9, encoding)
            XCTAssertEqual(map.width, 4, encoding)
            XCTAssertEqual(map.height, 3, encoding)
            XCTAssertEqual(map.spawn, Vec2(16, 16), "spawn stands on the bottom-centre of its rectangle (\(encoding))")
            XCTAssertEqual(map.goal, Rect(x: 48, y: 0, width: 16, height: 32), encoding)
        }
    }

    func testTilesetIsTheOneWithLargestFirstGIDNotAbove() throws {
        let map = try LevelFile.load(Repository.fixtureMap("csv")).map
        XCTAssertEqual(map.tileset(for: 8)?.name, "a")
        XCTAssertEqual(map.tileset(for: 9)?.name, "b")
        XCTAssertEqual(map.tileset(for: 12)?.name, "b")
        XCTAssertNil(map.tileset(for: 13), "past the last tileset's tiles")
        XCTAssertEqual(map.tileset(for: 10)?.sourceRect(for: 10), IntRect(x: 16, y: 0, width: 16, height: 16))
        XCTAssertEqual(map.tileset(for: 11)?.sourceRect(for: 11), IntRect(x: 0, y: 16, width: 16, height: 16))
        XCTAssertTrue(map.tilesets[1].imagePath.hasSuffix("Fixtures/maps/sub/b.png"))
    }

    func testExternalTilesetResolvesItsImageAgainstTheTSX() throws {
        let map = try LevelFile.load(Repository.fixtureMap("external")).map
        XCTAssertEqual(map.tilesets.count, 2)
        XCTAssertEqual(map.tilesets[0].tileCount, 8)
        XCTAssertEqual(map.tilesets[0].columns, 4)
        XCTAssertTrue(map.tilesets[0].imagePath.hasSuffix("Fixtures/maps/tiles/../a.png"), map.tilesets[0].imagePath)
        XCTAssertEqual(map.walls.gids, try LevelFile.load(Repository.fixtureMap("csv")).map.walls.gids)
    }

    func testShippedLevelFollowsTheConventions() throws {
        let map = try Repository.file(named: "level1").map
        XCTAssertEqual(map.name, "level1")
        XCTAssertEqual(map.height, 20)
        XCTAssertGreaterThanOrEqual(map.width, 120, "several screens long")
        XCTAssertEqual(map.tileWidth, 16)
        let objects = try Repository.file(named: "level1").stage.objects
        XCTAssertFalse(objects.checkpoints.isEmpty || objects.leaves.isEmpty || objects.critters.isEmpty,
                       "world 1 teaches what How to play promises: checkpoints, leaves and a critter")
        XCTAssertTrue(map.goal.maxX <= Double(map.width * map.tileWidth) && map.goal.minX > map.spawn.x)
        XCTAssertTrue(FileManager.default.fileExists(atPath: map.tilesets[0].imagePath))
    }

    func testShippedLevels2And3HaveTheirLookAndOneWayPlatforms() throws {
        for (name, theme) in [("level2", Theme.dusk), ("level6", Theme.cave)] {
            let map = try LevelFile.load(Repository.path("Levels/\(name).tmx")).map
            XCTAssertEqual(map.theme, theme, name)
            XCTAssertEqual(map.platforms?.width, map.width, name)
            XCTAssertGreaterThan((map.platforms?.gids ?? []).filter { $0 != 0 }.count, 40, "\(name) is built on one-way platforms")
            XCTAssertTrue(map.goal.minX > map.spawn.x, name)
        }
        XCTAssertEqual(try Repository.file(named: "level1").map.theme, .meadow, "no theme property: the meadow")
        XCTAssertEqual(try Repository.level1Stage().platforms.width, 0, "no platforms layer: none")
    }

    func testAnUnknownThemeIsNamedWithItsLine() throws {
        let text = try String(contentsOfFile: Repository.path("Levels/level2.tmx"), encoding: .utf8)
            .replacingOccurrences(of: "value=\"dusk\"", with: "value=\"disco\"")
        let path = Repository.path("Levels/level2-copy.tmx")
        XCTAssertThrowsError(try TMXLoader.load(bytes: Array(text.utf8), path: path)) { error in
            XCTAssertEqual((error as? LevelError)?.description, "\(path):4: <property>: theme 'disco' is not one of meadow, dusk, cave, outback, night")
        }
    }

    /// A map's `title` property: spaces trimmed, a blank one none; a long one or one holding a
    /// control character refused with its line (it is drawn on the status line).
    func testATitleIsReadTrimmedAndAWrongOneNamedWithItsLine() throws {
        let text = try String(contentsOfFile: Repository.path("Levels/level2.tmx"), encoding: .utf8)
        let path = Repository.path("Levels/level2-titled.tmx")
        func load(_ title: String) throws -> LevelMap {
            try TMXLoader.load(bytes: Array(text.replacingOccurrences(of: "value=\"Treetops at dusk\"", with: "value=\"\(title)\"").utf8), path: path)
        }
        XCTAssertEqual(try load("Treetops at dusk").title, "Treetops at dusk")
        XCTAssertEqual(try load("  Up   high ").title, "Up high")
        XCTAssertNil(try load("   ").title)
        XCTAssertNil(try load("\u{A0}\u{3000}").title, "no-break and ideographic spaces are spaces")
        XCTAssertEqual(try load("   " + String(repeating: "x", count: 26) + "  ").title?.count, 26, "counted once trimmed")
        XCTAssertThrowsError(try load(String(repeating: "x", count: 27))) { error in
            XCTAssertTrue((error as? LevelError)?.description.hasPrefix("\(path):5: <property>: the title 'xxx") ?? false, "\(error)")
            XCTAssertTrue((error as? LevelError)?.description.hasSuffix("is longer than 26 characters") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try load("Up&#27;[2Jhigh")) { error in
            XCTAssertTrue((error as? LevelError)?.description.hasSuffix("holds a control character") ?? false, "\(error)")
        }
        XCTAssertNil(try LevelFile.load(Repository.fixtureMap("csv")).map.title, "a map without one")
    }

    /// Level 2 with objects added to its object layer (on its own lines, after line 1 of it).
    func level2(with objects: String) throws -> (text: String, path: String, line: Int) {
        let text = try String(contentsOfFile: Repository.path("Levels/level2.tmx"), encoding: .utf8)
        let marker = "</objectgroup>"
        let line = text.components(separatedBy: marker)[0].components(separatedBy: "\n").count
        return (text.replacingOccurrences(of: marker, with: objects + "\n " + marker), Repository.path("Levels/level2-objects.tmx"), line)
    }

    func testCheckpointsLeavesAndCrittersAreRead() throws {
        let plain = try Repository.stage(named: "level2")
        let spawn = plain.spawn
        let (text, path, _) = try level2(with: """
          <object id="50" name="checkpoint" x="\(spawn.x + 8)" y="\(spawn.y - 48)" width="16" height="48"/>
          <object id="51" type="leaf" x="\(spawn.x + 40)" y="\(spawn.y - 40)" width="12" height="12"/>
          <object id="52" class="critter" x="\(spawn.x - 8)" y="\(spawn.y - 64)" width="16" height="16"/>
        """)
        let map = try Stage(TMXLoader.load(bytes: Array(text.utf8), path: path))
        XCTAssertEqual(map.objects.checkpoints.map(\.feet), plain.objects.checkpoints.map(\.feet) + [Vec2(spawn.x + 16, spawn.y)], "after the level's own")
        XCTAssertEqual(map.objects.leaves, [Rect(x: spawn.x + 40, y: spawn.y - 40, width: 12, height: 12)])
        XCTAssertEqual(map.objects.critters, [spawn], "dropped onto the ground the koala starts on")
        XCTAssertTrue(plain.objects.leaves.isEmpty && plain.objects.critters.isEmpty, "level 2 has checkpoints only")
        XCTAssertEqual(plain.objects.checkpoints.count, 2)
    }

    func testAMalformedObjectIsRefusedWithItsLine() throws {
        let plain = try Repository.stage(named: "level2")
        let spawn = plain.spawn
        let wall = try XCTUnwrap(plain.walls.gids.firstIndex { $0 != 0 })
        let wallX = Double(wall % plain.width * 16), wallY = Double(wall / plain.width * 16)
        let cases: [(String, String)] = [
            ("<object id=\"60\" name=\"leaf\" x=\"40\" y=\"40\"/>", "leaf object 60 has no size: draw it as a rectangle"),
            ("<object id=\"61\" name=\"checkpoint\" x=\"-40\" y=\"40\" width=\"16\" height=\"32\"/>",
             "checkpoint object 61 (-40.0, 40.0, 16.0×32.0) is outside the \(Int(plain.pixelWidth))×\(Int(plain.pixelHeight)) px map"),
            ("<object id=\"62\" name=\"critter\" x=\"\(wallX)\" y=\"\(wallY)\" width=\"16\" height=\"16\"/>", "critter object 62 is inside a wall"),
            ("<object id=\"63\" name=\"checkpoint\" x=\"\(wallX)\" y=\"\(wallY)\" width=\"16\" height=\"32\"/>",
             "checkpoint object 63: a koala standing on its bottom edge would be inside a wall or spikes"),
            ("<object id=\"64\" name=\"critter\" x=\"\(spawn.x)\" y=\"\(spawn.y - 40)\" width=\"0\" height=\"16\"/>", "critter object 64 has no size"),
        ]
        for (object, reason) in cases {
            let (text, path, line) = try level2(with: "  " + object)
            // The loader refuses what it can tell from the file; the stage, what it tells from the tiles.
            XCTAssertThrowsError(try Stage(TMXLoader.load(bytes: Array(text.utf8), path: path)), object) { error in
                let description = (error as? LevelError)?.description ?? (error as? StageError)?.description ?? "\(error)"
                XCTAssertTrue(description.hasPrefix("\(path):\(line): <object>: \(reason)"), description)
                XCTAssertFalse(description.contains("\n"))
            }
        }
    }

    func testEachBrokenMapIsRejectedWithFileElementAndReason() {
        let cases: [(String, String, String)] = [
            ("isometric", "map", "orientation 'isometric' is not supported"),
            ("unknown-encoding", "data", "unknown encoding 'hex'"),
            ("zstd", "data", "unsupported compression 'zstd'"),
            ("short-layer", "data", "layer 'walls' has 11 tiles, expected 4×3 = 12"),
            ("missing-layer", "map", "missing layer 'walls'"),
            ("unknown-tile", "data", "uses tile id 99, which no tileset has"),
            ("missing-tsx", "tileset", "nope.tsx: no such file"),
            ("not-xml", "", "not well-formed XML"),
            ("corrupt-zlib", "data", "zlib data is corrupt"),
            ("infinite", "map", "infinite maps are not supported"),
        ]
        for (name, element, reason) in cases {
            let path = Repository.fixtureMap("bad-\(name)")
            XCTAssertThrowsError(try LevelFile.load(path).map, name) { error in
                guard case let .invalid(error)? = error as? LevelFile.Failure else { return XCTFail("\(name): \(error)") }
                XCTAssertEqual(error.file, path, name)
                XCTAssertEqual(error.element, element, name)
                XCTAssertNotNil(error.line, name)
                XCTAssertTrue(error.reason.contains(reason), "\(name): \(error.reason)")
                XCTAssertFalse(error.description.contains("\n"), "one line: \(error.description)")
            }
        }
    }

    func testCSVWithAWordInsteadOfATileID() throws {
        let text = try String(contentsOfFile: Repository.fixtureMap("csv"), encoding: .utf8)
            .replacingOccurrences(of: "0,0,0,0,0,0,0,0,0,0,0,0", with: "0,0,0,0,0,0,0,x0,0,0,0,0")
        let path = Repository.fixtureMap("inline")  // beside the fixtures, so its tileset images resolve
        XCTAssertThrowsError(try TMXLoader.load(bytes: Array(text.utf8), path: path)) { error in
            XCTAssertEqual((error as? LevelError)?.description, "\(path):9: <data>: 'x' is not a tile id")
        }
    }

    func testMissingFileNamesIt() {
        XCTAssertThrowsError(try LevelFile.load("/nonexistent/level.tmx").map) { error in
            XCTAssertEqual(error as? LevelFile.Failure, .unreadable(LevelError(file: "/nonexistent/level.tmx", line: nil, element: "", reason: "no such file")))
            XCTAssertEqual("\(error)", "/nonexistent/level.tmx: no such file")
        }
    }

    func testXMLErrorsCarryTheLine() {
        XCTAssertThrowsError(try XMLReader.parse(Array("<a>\n<b>\n</a>".utf8))) { error in
            XCTAssertEqual((error as? XMLSyntaxError)?.line, 3)
        }
        XCTAssertEqual(try XMLReader.parse(Array("<a x='1 &amp; 2'>t&lt;<![CDATA[&x]]></a>".utf8)).text, "t<&x")
    }

    func testZlibInflatesToExactlyTheExpectedSize() throws {
        // zlib.compress(b"koalio", 0): a stored block.
        let stored: [UInt8] = [0x78, 0x01, 0x01, 0x06, 0x00, 0xF9, 0xFF, 0x6B, 0x6F, 0x61, 0x6C, 0x69, 0x6F, 0x08, 0xBC, 0x02, 0x80]
        XCTAssertEqual(try Zlib.inflate(stored, format: .zlib, expectedSize: 6), Array("koalio".utf8))
        XCTAssertThrowsError(try Zlib.inflate(stored, format: .zlib, expectedSize: 5)) { error in
            XCTAssertEqual((error as? ZlibError)?.reason, "it inflates to more than the 5 bytes the layer needs")
        }
        XCTAssertThrowsError(try Zlib.inflate(stored, format: .zlib, expectedSize: 7))
        var corrupt = stored
        corrupt[corrupt.count - 1] ^= 0xFF
        XCTAssertThrowsError(try Zlib.inflate(corrupt, format: .zlib, expectedSize: 6))
        XCTAssertThrowsError(try Zlib.inflate(stored, format: .gzip, expectedSize: 6))
    }
}
