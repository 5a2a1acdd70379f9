import KoalioCore
import XCTest

/// The path operations that replaced NSString's, with NSString's answers.
final class PathStringTests: XCTestCase {
    func testDirectoryFileNameExtensionAndJoin() {
        XCTAssertEqual(PathString.directory(of: "Levels/level1.tmx"), "Levels")
        XCTAssertEqual(PathString.directory(of: "level1.tmx"), "")
        XCTAssertEqual(PathString.directory(of: "/level1.tmx"), "/")
        XCTAssertEqual(PathString.directory(of: "/usr/share/koalio/"), "/usr/share")
        XCTAssertEqual(PathString.fileName(of: "/a/b/level1.tmx"), "level1.tmx")
        XCTAssertEqual(PathString.fileName(of: "level1.tmx"), "level1.tmx")
        XCTAssertEqual(PathString.removingExtension("level1.tmx"), "level1")
        XCTAssertEqual(PathString.removingExtension("my.level.tmx"), "my.level")
        XCTAssertEqual(PathString.removingExtension(".hidden"), ".hidden")
        XCTAssertEqual(PathString.join("Levels", "../Resources/tiles.png"), "Levels/../Resources/tiles.png")
        XCTAssertEqual(PathString.join("", "koalio.tsx"), "koalio.tsx")
        XCTAssertEqual(PathString.join("/", "x"), "/x")
    }

    func testLexicallyNormalPaths() {
        XCTAssertEqual(PathString.lexicallyNormal("/a/map/templates/../objs.tsx"), "/a/map/objs.tsx")
        XCTAssertEqual(PathString.lexicallyNormal("a/./b//c"), "a/b/c")
        XCTAssertEqual(PathString.lexicallyNormal("../x/../y"), "../y", "a relative path keeps its leading ..")
        XCTAssertEqual(PathString.lexicallyNormal("/../x"), "/x", "above the root is the root")
        XCTAssertEqual(PathString.lexicallyNormal("a/.."), ".")
    }
}
