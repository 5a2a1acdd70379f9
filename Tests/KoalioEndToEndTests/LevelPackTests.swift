import Foundation
import XCTest
import KoalioTestSupport

/// Level packs in the player's data home, from the command line: `--list-levels` lists them
/// with what cannot be read, `--level PACK/NAME` plays one, and its win is kept by the level
/// file's SHA-256 (an edited level starts fresh).
final class LevelPackTests: XCTestCase {
    /// A data home with a pack `classic` (level 1 as `first`, a gold medal time, and a second
    /// level that is missing) and a pack whose manifest names a path.
    func shelf() throws -> (home: String, first: String) {
        let home = try Koalio.scratch().path
        let classic = home + "/koalio/levels/classic"
        try FileManager.default.createDirectory(atPath: classic, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/koalio/levels/sneaky", withIntermediateDirectories: true)
        let level = try String(contentsOfFile: Repository.path("Levels/level1.tmx"), encoding: .utf8)
        try level.write(toFile: classic + "/first.tmx", atomically: true, encoding: .utf8)
        let tileset = try String(contentsOfFile: Repository.path("Levels/koalio.tsx"), encoding: .utf8)
            .replacingOccurrences(of: "../Resources/", with: Repository.root + "/Resources/")
        try tileset.write(toFile: classic + "/koalio.tsx", atomically: true, encoding: .utf8)
        try """
        title = "Classic"
        author = "koalio's tests"
        licence = "CC0"
        levels = ["first", "second"]

        [medals.first]
        gold = 40
        silver = 50
        bronze = 60
        """.write(toFile: classic + "/pack.toml", atomically: true, encoding: .utf8)
        try "title = \"Sneaky\"\nauthor = \"x\"\nlicence = \"y\"\nlevels = [\"../../../etc/passwd\"]\n"
            .write(toFile: home + "/koalio/levels/sneaky/pack.toml", atomically: true, encoding: .utf8)
        return (home, classic + "/first.tmx")
    }

    func testAPacksLevelIsListedPlayedAndKeptByItsDigest() throws {
        let (home, first) = try shelf()
        let before = try Koalio.run(["--list-levels"], environment: ["XDG_DATA_HOME": home])
        XCTAssertEqual(before.status, 0, before.stderr)
        let lines = before.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("World 1") && lines.contains("World 2"), before.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Classic, by koalio's tests (CC0): ") }, before.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  classic/first ") && $0.hasSuffix("new") }, before.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  classic/second ") && $0.hasSuffix("missing") }, before.stdout)
        XCTAssertTrue(lines.contains { $0.contains("classic/second.tmx: no such file") }, "the missing level is one line")
        XCTAssertTrue(lines.contains { $0.contains("sneaky/pack.toml:4: `levels` holds '../../../etc/passwd'") }, "a path is refused")

        let won = try Koalio.run(["--level", "classic/first", "--headless", "--ticks", "2400", "--input-script", "Tests/Fixtures/level1-win.keys"],
                                 environment: ["XDG_DATA_HOME": home])
        XCTAssertEqual(won.status, 0, won.stderr)
        let after = try Koalio.run(["--list-levels"], environment: ["XDG_DATA_HOME": home])
        let row = try XCTUnwrap(after.stdout.split(separator: "\n").first { $0.hasPrefix("  classic/first ") })
        XCTAssertTrue(row.contains("best 0:09") && row.contains("gold"), "the best time and the pack's medal: \(row)")
        let progress = try String(contentsOfFile: home + "/koalio/progress.toml", encoding: .utf8)
        XCTAssertTrue(progress.contains("sha256-"), "kept by the file's digest:\n\(progress)")
        XCTAssertFalse(progress.contains("classic"), "not by its name")
        let best = try FileManager.default.contentsOfDirectory(atPath: home + "/koalio/best")
        XCTAssertTrue(best.contains { $0.hasPrefix("sha256-") }, "its best run, for the ghost: \(best)")

        // The same level edited (a comment) is a new level: nothing won yet.
        try (try String(contentsOfFile: first, encoding: .utf8) + "<!-- edited -->\n").write(toFile: first, atomically: true, encoding: .utf8)
        let edited = try Koalio.run(["--list-levels"], environment: ["XDG_DATA_HOME": home])
        XCTAssertTrue(edited.stdout.split(separator: "\n").contains { $0.hasPrefix("  classic/first ") && $0.hasSuffix("new") }, edited.stdout)
    }

    func testAPackLevelNoPackHasIsOneLine() throws {
        let (home, _) = try shelf()
        let run = try Koalio.run(["--level", "classic/third", "--headless", "--ticks", "1"], environment: ["XDG_DATA_HOME": home])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "koalio: --level classic/third: no level pack has it; the packs' levels are classic/first, classic/second\n")
    }
}
