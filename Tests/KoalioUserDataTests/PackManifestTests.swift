import KoalioCore
import KoalioUserData
import XCTest
import KoalioUserFiles

/// `pack.toml`: what a pack says, and one line for each way a stranger's file can be wrong.
final class PackManifestTests: XCTestCase {
    func decode(_ text: String) throws -> PackManifest { try PackManifest.decode(Array(text.utf8), file: "p/pack.toml") }

    let good = """
    title = "Forest trials"
    author = "Ana"
    licence = "CC-BY-4.0"
    levels = ["intro", "canopy.v2"]

    [medals.intro]
    gold = 30
    silver = 40.5
    bronze = 60
    """

    func testAManifestReadsAsWritten() throws {
        let manifest = try decode(good)
        XCTAssertEqual(manifest, PackManifest(title: "Forest trials", author: "Ana", licence: "CC-BY-4.0", levels: ["intro", "canopy.v2"],
                                              medals: ["intro": MedalTimes(gold: 1800, silver: 2430, bronze: 3600)]))
    }

    func testEachProblemIsOneLineWithItsPlace() {
        let cases: [(String, String)] = [
            (good.replacingOccurrences(of: "title = \"Forest trials\"\n", with: ""), "p/pack.toml: no `title`"),
            (good.replacingOccurrences(of: "\"Ana\"", with: "\"\""), "p/pack.toml:2: `author` is not text of 1 to 60 characters"),
            (good.replacingOccurrences(of: "[\"intro\", \"canopy.v2\"]", with: "[]"), "p/pack.toml:4: `levels` is not a list of 1 to 100"),
            (good.replacingOccurrences(of: "\"canopy.v2\"", with: "\"../x\""), "`levels` holds '../x'"),
            (good.replacingOccurrences(of: "\"canopy.v2\"", with: "\"/etc/x\""), "`levels` holds '/etc/x'"),
            (good.replacingOccurrences(of: "\"canopy.v2\"", with: "\"intro\""), "`levels` names 'intro' twice"),
            (good.replacingOccurrences(of: "\"canopy.v2\"", with: "3"), "something that is not a name"),
            (good.replacingOccurrences(of: "[medals.intro]", with: "[medals.outro]"), "`medals.outro`: 'outro' is not one of the pack's levels"),
            (good.replacingOccurrences(of: "gold = 30", with: "gold = 50"), "`medals.intro`: gold must be the fastest"),
            ("version = 2\n" + good, "unknown key `version`"),
            ("title = [", "p/pack.toml:1: not TOML"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try decode(text), expected) { error in
                let line = "\(error)"
                XCTAssertTrue(line.contains(expected), "\(expected) — got \(line)")
                XCTAssertFalse(line.contains("\n"), "one line: \(line)")
            }
        }
        XCTAssertThrowsError(try PackManifest.decode([0xFF, 0xFE], file: "p/pack.toml"))
    }

    func testPlainNames() {
        XCTAssertTrue(["a", "level-2", "my_level", "v1.2"].allSatisfy(PackManifest.isPlainName))
        XCTAssertFalse(["", ".hidden", "a/b", "..", "a..b", "trailing.", "ünï", "a b", String(repeating: "x", count: 65)]
            .contains(where: PackManifest.isPlainName))
    }
}
