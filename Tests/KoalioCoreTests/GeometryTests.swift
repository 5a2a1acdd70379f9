import KoalioCore
import XCTest

/// Rectangles as the collision code reads them: a koala standing exactly on a floor is not in it.
final class GeometryTests: XCTestCase {
    func testRectanglesThatShareOnlyAnEdgeDoNotIntersect() {
        let floor = Rect(x: 0, y: 100, width: 64, height: 16)
        let standing = Rect(x: 10, y: 74, width: 14, height: 26)  // its bottom on the floor's top
        XCTAssertFalse(standing.intersects(floor))
        XCTAssertFalse(floor.intersects(standing))
        XCTAssertTrue(Rect(x: 10, y: 74.5, width: 14, height: 26).intersects(floor), "half a pixel into it")
        XCTAssertEqual(standing.intersection(floor).width * standing.intersection(floor).height, 0)
        XCTAssertEqual(Rect(x: 0, y: 0, width: 10, height: 10).intersection(Rect(x: 5, y: -5, width: 10, height: 10)),
                       Rect(x: 5, y: 0, width: 5, height: 5))
    }

    /// Points like pixels: the top and left edges are in, the bottom and right ones out.
    func testContainsIsHalfOpen() {
        let tile = Rect(x: 16, y: 32, width: 16, height: 16)
        XCTAssertTrue(tile.contains(Vec2(16, 32)))
        XCTAssertTrue(tile.contains(Vec2(31.9, 47.9)))
        XCTAssertFalse(tile.contains(Vec2(32, 40)))
        XCTAssertFalse(tile.contains(Vec2(20, 48)))
        XCTAssertEqual(tile.center, Vec2(24, 40))
        XCTAssertEqual(tile.insetBy(dx: 2, dy: 3), Rect(x: 18, y: 35, width: 12, height: 10))
    }
}
