import Foundation
import KoalioCore
import KoalioLevel
import XCTest
import KoalioTestSupport

/// Object layers as level authors use them: shapes and tile objects in a layer of a role made
/// solid on the grid, templates filling in what an object does not say, a player or hero as the
/// spawn, and image collections' big pictures.
final class ObjectLayerTests: XCTestCase {
    let objs = Repository.root + "/Tests/Fixtures/sticker-knight/objs.tsx"
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "koalio-objects-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    /// A 10×6 map of 16 px cells holding `layers`, with Sticker Knight's image collection as tiles 1….
    func map(_ layers: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <map version="1.10" orientation="orthogonal" width="10" height="6" tilewidth="16" tileheight="16" infinite="0">
         <tileset firstgid="1" source="\(objs)"/>
        \(layers)
        </map>
        """
    }

    func load(_ text: String) throws -> LevelMap {
        try TMXLoader.load(bytes: Array(text.utf8), path: directory + "/map.tmx")
    }

    func write(_ text: String, to name: String) throws {
        try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    }

    /// The grid of a role layer as text: one string a row, `#` for a set cell.
    func rows(_ layer: TileLayer) -> [String] {
        (0..<layer.height).map { row in String((0..<layer.width).map { layer.gid(column: $0, row: row) != 0 ? "#" : "." }) }
    }

    func testShapesAndTileObjectsOfARoleAreCellsByTheirCentres() throws {
        let map = try load(map("""
         <objectgroup name="Ground" class="walls">
          <object id="1" x="0" y="80" width="160" height="16"/>
          <object id="2" x="40" y="40" width="4" height="4"/>
         </objectgroup>
         <objectgroup name="hazards">
          <object id="3" gid="4" x="96" y="80" width="32" height="16"/>
         </objectgroup>
        """))
        XCTAssertEqual(rows(map.walls), ["..........", "..........", "..#.......", "..........", "..........", "##########"],
                       "the floor's cells; a shape thinner than a cell, the cell its centre is in")
        XCTAssertEqual(rows(map.hazards), ["..........", "..........", "..........", "..........", "......##..", ".........."],
                       "a tile object stands on its (x, y): it covers the row above")
        XCTAssertEqual(map.layers.map(\.name), ["hazards"], "the tile object is drawn; shapes are not")
    }

    func testOutlinesAreNeverSolid() throws {
        // A polygon has no rectangle (its width and height are 0): it is not one cell at its origin.
        let map = try load(map("""
         <objectgroup name="walls">
          <object id="1" x="0" y="80" width="160" height="16"/>
          <object id="2" x="40" y="40"><polygon points="0,0 32,0 32,16"/></object>
          <object id="3" x="72" y="40"><point/></object>
         </objectgroup>
        """))
        XCTAssertEqual(rows(map.walls), ["..........", "..........", "..........", "..........", "..........", "##########"])
    }

    func testATurnedObjectIsSolidOverItsBoundingBox() throws {
        // A 48×16 bar turned a quarter about its top-left corner (64, 16): it hangs down-left.
        let map = try load(map("""
         <objectgroup name="walls">
          <object id="1" x="64" y="16" width="48" height="16" rotation="90"/>
         </objectgroup>
        """))
        XCTAssertEqual(rows(map.walls), ["..........", "...#......", "...#......", "...#......", "..........", ".........."])
    }

    func testTemplatesFillInWhatTheObjectDoesNotSay() throws {
        try write("""
        <?xml version="1.0" encoding="UTF-8"?>
        <template>
         <object type="checkpoint" width="16" height="32"/>
        </template>
        """, to: "flag.tx")
        try write("""
        <?xml version="1.0" encoding="UTF-8"?>
        <template>
         <tileset firstgid="1" source="\(objs)"/>
         <object name="hero" gid="22" width="32" height="40"/>
        </template>
        """, to: "hero.tx")
        let map = try load(map("""
         <objectgroup name="walls"><object id="9" x="0" y="80" width="160" height="16"/></objectgroup>
         <objectgroup name="things">
          <object id="1" template="flag.tx" x="32" y="48"/>
          <object id="2" template="flag.tx" x="64" y="40" height="40"/>
          <object id="3" template="hero.tx" x="100" y="80"/>
         </objectgroup>
        """))
        XCTAssertEqual(map.placements.map(\.area), [Rect(x: 32, y: 48, width: 16, height: 32), Rect(x: 64, y: 40, width: 16, height: 40)],
                       "the template's size, or the object's own")
        XCTAssertEqual(map.spawn, Vec2(116, 80), "no spawn: the hero (a tile object from its template) is where the koala starts")
        guard case let .objects(drawn)? = map.layers.last?.content else { return XCTFail("the hero is drawn") }
        XCTAssertEqual(drawn.map(\.gid), [22], "the template's tile of the same tileset")
    }

    func testTemplateProblemsAreOneLineNamingTheFileAndPlace() throws {
        try write("<template><object gid=\"3\"/></template>", to: "tileless.tx")
        try write("<map/>", to: "notatemplate.tx")
        let cases = [
            ("missing.tx", "map.tmx", "missing.tx: no such file"),
            ("notatemplate.tx", "notatemplate.tx", "the root element is <map>, not <template>"),
            ("tileless.tx", "tileless.tx", "the template names no tileset"),
        ]
        for (template, file, reason) in cases {
            XCTAssertThrowsError(try load(map("""
             <objectgroup name="walls"><object id="1" template="\(template)" x="0" y="80"/></objectgroup>
            """))) { error in
                guard let error = error as? LevelError else { return XCTFail("\(template): \(error)") }
                XCTAssertTrue(error.file.hasSuffix(file), "\(template): \(error)")
                XCTAssertTrue(error.reason.contains(reason), "\(template): \(error)")
                XCTAssertFalse(error.description.contains("\n"), "\(template): one line")
            }
        }
    }

    func testASpawnObjectWinsOverAPlayer() throws {
        let map = try load(map("""
         <objectgroup name="walls"><object id="9" x="0" y="80" width="160" height="16"/></objectgroup>
         <objectgroup name="things">
          <object id="1" name="player" x="10" y="20" width="10" height="10"/>
          <object id="2" type="spawn" x="40" y="20" width="10" height="10"/>
         </objectgroup>
        """))
        XCTAssertEqual(map.spawn, Vec2(45, 30))
    }

    func testAnImageCollectionsPicturesMayBeBigButGridTilesMayNot() throws {
        // Sticker Knight's collection says 384×332 tiles: it loads (above). A tileset cut from
        // one image into 300 px tiles does not.
        let grid = map("").replacingOccurrences(of: "<tileset firstgid=\"1\" source=\"\(objs)\"/>", with: """
         <tileset firstgid="1" name="big" tilewidth="300" tileheight="300"><image source="\(Repository.root)/Tests/Fixtures/sticker-knight/hero.png" width="128" height="160"/></tileset>
        """)
        XCTAssertThrowsError(try load(grid)) { error in
            XCTAssertTrue("\(error)".contains("such tiles may be up to 256×256"), "\(error)")
        }
    }
}
