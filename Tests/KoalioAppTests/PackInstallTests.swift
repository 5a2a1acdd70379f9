@testable import KoalioApp
@testable import KoalioCommands
import Foundation
import KoalioPackArchive
import KoalioTestSupport
import KoalioUserData
import XCTest
import KoalioUserFiles

/// `--add-pack` and `--export-pack`: a pack goes to a zip and back whole; a pack with a level
/// that does not load or cannot be won is refused with one line each and leaves nothing; a
/// hostile zip (a path out of the pack, a link, a bomb, too many entries, twice the same name,
/// not a zip) is refused before anything is written.
final class PackInstallTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = try Scratch.directory().path
    }

    /// A pack folder `meadow` of docs/LEVELS.md's first level (winnable in seconds), plus `extra` files.
    func meadow(extra: [String: String] = [:], levels: [String] = ["first"]) throws -> String {
        let folder = root + "/meadow"
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        let level = try String(contentsOfFile: Repository.path("docs/first-level.tmx"), encoding: .utf8)
            .replacingOccurrences(of: "source=\"../Levels/koalio.tsx\"", with: "source=\"art/koalio.tsx\"")
        try level.write(toFile: folder + "/first.tmx", atomically: true, encoding: .utf8)
        let tileset = try String(contentsOfFile: Repository.path("Levels/koalio.tsx"), encoding: .utf8)
            .replacingOccurrences(of: "../Resources/", with: Repository.root + "/Resources/")
        try tileset.write(toFile: folder + "/art/koalio.tsx", atomically: true, encoding: .utf8)
        let list = levels.map { "\"\($0)\"" }.joined(separator: ", ")
        try "title = \"Meadow\"\nauthor = \"koalio\"\nlicence = \"CC0\"\nlevels = [\(list)]\n"
            .write(toFile: folder + "/pack.toml", atomically: true, encoding: .utf8)
        for (name, text) in extra { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return folder
    }

    func shelf() -> String { root + "/home/levels" }

    func testAPackGoesToAZipAndOntoTheShelfWhole() throws {
        let folder = try meadow()
        let zip = root + "/meadow.zip"
        let exported = PackInstaller.export(folder, to: zip)
        XCTAssertEqual(exported.status, 0, exported.lines.joined())
        let entries = try PackArchive.entries(of: Array(try Data(contentsOf: URL(fileURLWithPath: zip))), file: zip)
        XCTAssertEqual(entries.map(\.path).sorted(), ["meadow/art/koalio.tsx", "meadow/first.tmx", "meadow/pack.toml"], "under the pack's id")
        let added = PackInstaller.add(zip, into: shelf())
        XCTAssertEqual(added.status, 0, added.lines.joined(separator: "\n"))
        XCTAssertTrue(added.lines.first?.hasPrefix("added Meadow (1 level): ") ?? false, added.lines.description)
        for file in ["first.tmx", "art/koalio.tsx", "pack.toml"] {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: shelf() + "/meadow/" + file)),
                           try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)), "\(file) as it was")
        }
        XCTAssertEqual(LevelPackShelf.scan([shelf()]).packs.map(\.id), ["meadow"])
        // From its folder too, replacing the one there; nothing hidden is left beside it.
        XCTAssertEqual(PackInstaller.add(folder, into: shelf()).lines.first?.hasPrefix("replaced Meadow") ?? false, true)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: shelf()), ["meadow"])
    }

    func testABadPackIsRefusedWithALineForEachProblemAndLeavesNothing() throws {
        let folder = try meadow(extra: ["broken.tmx": "<map"], levels: ["first", "broken", "gone"])
        let outcome = PackInstaller.add(folder, into: shelf())
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.lines, ["\(folder): gone.tmx: no such file (pack.toml names it)", "\(folder): not added"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: shelf() + "/meadow"))
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: shelf())) ?? [], [], "nothing left behind")

        try "title = \"Meadow\"\nauthor = \"koalio\"\nlicence = \"CC0\"\nlevels = [\"first\", \"broken\"]\n"
            .write(toFile: folder + "/pack.toml", atomically: true, encoding: .utf8)
        let broken = PackInstaller.add(folder, into: shelf())
        XCTAssertEqual(broken.status, 2)
        XCTAssertEqual(broken.lines.count, 2, broken.lines.description)
        XCTAssertTrue(broken.lines[0].hasPrefix("\(folder): broken.tmx:"), "named in the source, not the hidden folder: \(broken.lines[0])")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: shelf())) ?? [], [])
    }

    func testHostileZipsAreRefusedBeforeAnythingIsWritten() throws {
        // Made with Python's zipfile: what an attacker's tool writes, not what ours would.
        let script = """
        import sys, zipfile
        d = sys.argv[1]
        def z(name, entries):
            with zipfile.ZipFile(d + "/" + name, "w", zipfile.ZIP_DEFLATED) as f:
                for info, data in entries: f.writestr(info, data)
        toml = 'title = "x"\\nauthor = "y"\\nlicence = "z"\\nlevels = ["a"]\\n'
        z("escape.zip", [("pack.toml", toml), ("../../evil.tmx", "x")])
        z("absolute.zip", [("pack.toml", toml), ("/etc/evil", "x")])
        link = zipfile.ZipInfo("a.tmx"); link.create_system = 3; link.external_attr = 0o120777 << 16
        z("link.zip", [("pack.toml", toml), (link, "/etc/passwd")])
        z("bomb.zip", [("pack.toml", toml), ("a.tmx", "\\0" * (20 << 20))])
        z("many.zip", [("pack.toml", toml)] + [("f%d" % i, "") for i in range(2100)])
        with zipfile.ZipFile(d + "/twice.zip", "w") as f:
            f.writestr("pack.toml", toml)
            f.writestr("pack.toml", toml)
        open(d + "/notzip.zip", "w").write("PK but not really")
        """
        let run = try ChildProcess.run("/usr/bin/env", ["python3", "-W", "ignore", "-c", script, root], environment: ProcessInfo.processInfo.environment,
                                       directory: root, deadlineSeconds: 60)
        XCTAssertEqual(run.status, 0, run.stderr)
        let expected = [
            ("escape.zip", "../../evil.tmx: is not a plain path inside the pack"),
            ("absolute.zip", "/etc/evil: is not a plain path inside the pack"),
            ("link.zip", "a.tmx: is a link or a device, not a file"),
            ("bomb.zip", "a.tmx: inflates over 200 times"),
            ("many.zip", "more than 2048 entries"),
            ("twice.zip", "pack.toml: is in the zip twice"),
            ("notzip.zip", "not a zip file"),
        ]
        for (name, reason) in expected {
            let outcome = PackInstaller.add(root + "/" + name, into: shelf())
            XCTAssertEqual(outcome.status, 2, name)
            XCTAssertEqual(outcome.lines.count, 1, "\(name): \(outcome.lines)")
            XCTAssertTrue(outcome.lines.first?.contains(": " + reason) ?? false, "\(name): \(outcome.lines)")
            XCTAssertTrue(outcome.lines.first?.hasPrefix(root + "/" + name) ?? false, "\(name) names the zip: \(outcome.lines)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: shelf()), "nothing written for any of them")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/evil.tmx"))
    }
}
