import Foundation
import KoalioTestSupport
@testable import KoalioUserData
import XCTest
@testable import KoalioUserFiles

final class ProgressTests: XCTestCase {
    let order = ["level1", "level2", "level3"]

    func testLevelsUnlockOneByOneAndBestTimesOnlyImprove() {
        var progress = PlayerProgress()
        XCTAssertEqual(order.indices.map { progress.isUnlocked($0, of: order) }, [true, false, false])
        XCTAssertTrue(progress.recordWin(level: "level1", ticks: 2400), "the first win is the best")
        XCTAssertEqual(order.indices.map { progress.isUnlocked($0, of: order) }, [true, true, false])
        XCTAssertFalse(progress.recordWin(level: "level1", ticks: 2500))
        XCTAssertEqual(progress.record("level1").bestTicks, 2400)
        XCTAssertTrue(progress.recordWin(level: "level1", ticks: 2100))
        XCTAssertEqual(progress.record("level1").bestTicks, 2100)
        XCTAssertFalse(progress.isUnlocked(3, of: order), "past the end")
        progress.recordWin(level: "level3", ticks: 3000)
        XCTAssertEqual(order.indices.map { progress.isUnlocked($0, of: order) }, [true, true, true],
                       "a level won stays open, whatever comes before it now")
        XCTAssertFalse(PlayerProgress(levels: ["level3": .init(won: false)]).isUnlocked(2, of: order), "a level only tried is not")
    }

    /// A file from before the levels were put in order of difficulty (version 1) reads as if
    /// written now: each record under its level's new name, one-level categories too, the
    /// categories whose levels changed left out and said, the old file kept; the next save
    /// writes version 2, which reads back as it is.
    func testAVersion1FileFollowsTheLevelsToTheirNewPlaces() throws {
        let directory = try Scratch.directory().path
        let path = directory + "/progress.toml"
        let old = """
            version = 1
            hints_done = ["jump"]
            [levels.level1]
            won = true
            best_ticks = 600
            [levels.level3]
            won = true
            best_ticks = 2600
            leaves = 0
            [levels.level5]
            won = true
            [levels."sha256-00ff"]
            won = true
            [speedruns.world1]
            splits = [600, 2600, 5200]
            [speedruns.level3]
            splits = [2600]
            [speedruns.mypack]
            splits = [100]

            """
        try Data(old.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = ProgressFile.load(path: path)
        XCTAssertNil(loaded.warning)
        XCTAssertTrue(loaded.upgraded)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".version1"), "reading alone writes nothing")
        let version1 = try XCTUnwrap(loaded.version1)
        let (mayWrite, notice) = ProgressFile.keepVersion1(path, bytes: version1.bytes, progress: version1.asWritten)
        XCTAssertTrue(mayWrite)
        XCTAssertEqual(loaded.progress.levels.keys.sorted(), ["level1", "level3", "level6", "sha256-00ff"])
        XCTAssertEqual(loaded.progress.record("level6").bestTicks, 2600, "the crystal cave's time goes with it to level 6")
        XCTAssertEqual(loaded.progress.record("level3"), .init(won: true), "the night forest's win to level 3")
        XCTAssertEqual(loaded.progress.record("level1").bestTicks, 600)
        XCTAssertEqual(loaded.progress.speedruns.keys.sorted(), ["level6", "mypack"])
        XCTAssertEqual(loaded.progress.hintsDone, ["jump"])
        XCTAssertEqual(notice, "\(path): the levels are in a new order, so the personal bests of world1 (run on the old order) "
                       + "start again; the old file is kept as \(path).version1")
        XCTAssertEqual(try String(contentsOfFile: path + ".version1", encoding: .utf8), old)
        XCTAssertEqual(order.indices.map { loaded.progress.isUnlocked($0, of: order) }, [true, true, true])

        XCTAssertNil(try ProgressFile.save(loaded.progress, path: path))
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("version = 2\n"))
        let again = ProgressFile.load(path: path)
        XCTAssertFalse(again.upgraded, "read once, upgraded once")
        XCTAssertEqual(again.progress, loaded.progress)
        XCTAssertEqual(try String(contentsOfFile: path + ".version1", encoding: .utf8), old, "the copy stays as it was")
    }

    func testLeavesAndAssistedWins() {
        var progress = PlayerProgress()
        XCTAssertFalse(progress.recordWin(level: "level4", ticks: 3000, leaves: 4, of: 10, assisted: true), "no best time with assist")
        XCTAssertTrue(progress.record("level4").wonOnlyWithAssist)
        XCTAssertTrue(progress.isUnlocked(1, of: ["level4", "level5"]), "an assisted win unlocks the next level")
        XCTAssertTrue(progress.recordWin(level: "level4", ticks: 3100, leaves: 2, of: 10))
        XCTAssertEqual(progress.record("level4"), .init(won: true, bestTicks: 3100, bestLeaves: 4, allLeaves: false, leafTotal: 10), "the most leaves kept")
        progress.recordWin(level: "level4", ticks: 3200, leaves: 10, of: 10)
        XCTAssertEqual(progress.record("level4"), .init(won: true, bestTicks: 3100, bestLeaves: 10, allLeaves: true, leafTotal: 10))
    }

    func testFileRoundTripsAndReadsWhatPeopleWrite() throws {
        var withLeaves = PlayerProgress(hintsDone: ["jump", "dash \"x\""])
        withLeaves.recordWin(level: "level5", ticks: 4000, leaves: 3, of: 3)
        XCTAssertEqual(try ProgressFile.decode(Array(ProgressFile.encode(withLeaves).utf8), file: "p.toml"), withLeaves)
        XCTAssertTrue(ProgressFile.encode(withLeaves).contains("leaves = 3\nleaves_of = 3\nall_leaves = true\n"))
        var progress = PlayerProgress()
        progress.recordWin(level: "level1", ticks: 2031)
        progress.levels["my level \"2\""] = .init(won: false)
        let text = ProgressFile.encode(progress)
        XCTAssertEqual(try ProgressFile.decode(Array(text.utf8), file: "p.toml"), progress)
        let handWritten = "\u{FEFF}version = 1\r\n[levels.level2]\r\nwon = true # by hand\r\n"
        XCTAssertEqual(try ProgressFile.decode(Array(handWritten.utf8), file: "p.toml").record("level2"), .init(won: true))
    }

    func testDamagedContentsAreNamedWithFileAndPlace() {
        let cases: [(String, String)] = [
            ("version = 1\n[levels.level1\nwon = true\n", "p.toml:2: not TOML"),
            ("won = true\n", "p.toml: no `version` number"),
            ("version = 7\n", "p.toml: `version = 7`: this koalio reads versions 1 to 2"),
            ("version = 1\nlevels = 3\n", "p.toml: `levels` is not a table"),
            ("version = 1\n[levels.level1]\nwon = \"yes\"\n", "p.toml: `levels.level1.won` is not true or false"),
            ("version = 1\n[levels.level1]\nbest_ticks = -5\n", "p.toml: `levels.level1.best_ticks` is not a tick count"),
            ("version = 1\n[levels.level1]\nbest_ticks = 99999999999999\n", "p.toml: `levels.level1.best_ticks` is not a tick count"),
            ("version = 1\n[levels.level1]\nleaves = -1\n", "p.toml: `levels.level1.leaves` is not a count from 0 to 4096"),
            ("version = 1\n[levels.level1]\nall_leaves = 1\n", "p.toml: `levels.level1.all_leaves` is not true or false"),
            ("version = 1\nhints_done = \"jump\"\n", "p.toml: `hints_done` is not a list"),
            ("version = 1\nhints_done = [1]\n", "p.toml: `hints_done` holds something other than a name"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try ProgressFile.decode(Array(text.utf8), file: "p.toml"), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error) should start with \(expected)")
            }
        }
        XCTAssertThrowsError(try ProgressFile.decode([0x76, 0xFF, 0xFE], file: "p.toml")) { XCTAssertEqual("\($0)", "p.toml: not UTF-8 text") }
        XCTAssertThrowsError(try ProgressFile.decode(Array("version = 1\0".utf8), file: "p.toml")) {
            XCTAssertEqual("\($0)", "p.toml: contains a NUL byte")
        }
    }

    func testADamagedFileIsKeptAsideNeverOverwrittenAndANewOneIsSaved() throws {
        let directory = try Scratch.directory().path
        let path = directory + "/koalio/progress.toml"
        XCTAssertEqual(ProgressFile.load(path: path).progress, PlayerProgress(), "no file yet: no progress, no warning")
        XCTAssertNil(ProgressFile.load(path: path).warning)

        var progress = PlayerProgress()
        progress.recordWin(level: "level1", ticks: 2000)
        XCTAssertNil(try ProgressFile.save(progress, path: path))
        XCTAssertEqual(ProgressFile.load(path: path).progress, progress)

        for round in 1...2 {
            let damaged = "version = 1\n[levels.level1\n garbage \(round)"
            try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))
            let loaded = ProgressFile.load(path: path)
            XCTAssertEqual(loaded.progress, PlayerProgress())
            let aside = path + (round == 1 ? ".damaged" : ".damaged-2")
            XCTAssertEqual(loaded.warning?.hasPrefix("\(path):2: not TOML"), true, loaded.warning ?? "no warning")
            XCTAssertEqual(loaded.warning?.hasSuffix("the damaged file kept as \(aside)"), true, loaded.warning ?? "")
            XCTAssertEqual(try String(contentsOfFile: aside, encoding: .utf8), damaged, "kept byte for byte, the earlier one untouched")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        }
        XCTAssertNil(try ProgressFile.save(progress, path: path))
        XCTAssertEqual(ProgressFile.load(path: path).progress, progress)
    }
}
