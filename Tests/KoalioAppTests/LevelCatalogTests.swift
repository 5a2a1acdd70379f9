import KoalioTestSupport
import XCTest

@testable import KoalioApp

/// The catalog names levels by their maps' titles (the level select lists them so).
final class LevelCatalogTests: XCTestCase {
    /// Every shipped level has its title read; a file that cannot be read has none (its
    /// problem is told when it is played), and the others keep theirs.
    func testTitlesAreReadFromTheMapsAndABrokenOneHasNone() throws {
        let broken = Scratch.file(".tmx")
        try Data("<map><properties><property name=\"title\" value=\"".utf8).write(to: URL(fileURLWithPath: broken))
        let titles = LevelCatalog.titles((1...6).map { ("level\($0)", Repository.path("Levels/level\($0).tmx")) } + [("broken", broken)])
        XCTAssertEqual(titles["level1"], "The meadow")
        XCTAssertEqual(titles.count, 6, "the six shipped levels, not the broken one: \(titles)")
    }
}
