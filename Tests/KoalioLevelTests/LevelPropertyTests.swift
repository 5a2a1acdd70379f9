import Foundation
import KoalioSim
import KoalioTestSupport
import PropertyBased
import Testing
@testable import KoalioLevel

/// Generated maps written as Tiled writes them, read back by the loader: the same tiles come
/// out, whatever the size, the encoding and the flip flags.
struct LevelPropertyTests {
    static let encodings = ["csv", "base64", "xml"]

    /// A TMX document for the fixture tileset (`a.png`: 8 tiles of 16 px) with these walls.
    static func tmx(width: Int, height: Int, walls: [UInt32], encoding: String) -> String {
        func data(_ gids: [UInt32]) -> String {
            switch encoding {
            case "csv": return "<data encoding=\"csv\">\r\n" + gids.map(String.init).joined(separator: ",") + "\r\n</data>"
            case "base64":
                let bytes = gids.flatMap { gid in (0..<4).map { UInt8(truncatingIfNeeded: gid >> (8 * $0)) } }
                return "<data encoding=\"base64\">\n  " + Data(bytes).base64EncodedString() + "\n</data>"
            default: return "<data>" + gids.map { "<tile gid=\"\($0)\"/>" }.joined() + "</data>"
            }
        }
        let empty = [UInt32](repeating: 0, count: width * height)
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <map orientation="orthogonal" width="\(width)" height="\(height)" tilewidth="16" tileheight="16">
         <tileset firstgid="1" name="a" tilewidth="16" tileheight="16"><image source="a.png"/></tileset>
         <layer name="background">\(data(empty))</layer>
         <layer name="walls">\(data(walls))</layer>
         <layer name="hazards">\(data(empty))</layer>
         <objectgroup><object name="spawn" x="8" y="8"/></objectgroup>
        </map>
        """
    }

    @Test func writtenMapsReadBackTileForTile() async throws {
        await propertyCheck(count: 200, input: Gen.int(in: 1...40), Gen.int(in: 1...20), Gen.uint32(in: 0...UInt32.max).array(of: 1...800),
                            Gen.element(of: Self.encodings)) { width, height, numbers, encoding in
            let encoding = encoding ?? "csv"
            // Tile ids 0…8 (the tileset has 8) with any of Tiled's flip flags set on top.
            let walls = (0..<(width * height)).map { i -> UInt32 in
                let number = numbers[i % numbers.count] &+ UInt32(truncatingIfNeeded: i &* 2_654_435_761)
                return number % 9 | (number & 0xE000_0000)
            }
            let text = Self.tmx(width: width, height: height, walls: walls, encoding: encoding)
            let map = try TMXLoader.load(bytes: Array(text.utf8), path: Repository.fixtureMap("property"))
            #expect(map.width == width && map.height == height)
            #expect(map.walls.gids == walls.map { $0 & 0x0FFF_FFFF })
        }
    }
}
