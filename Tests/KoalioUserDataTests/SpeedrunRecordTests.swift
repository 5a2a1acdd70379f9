import KoalioTestSupport
@testable import KoalioUserData
@testable import KoalioUserFiles
import XCTest

/// Speedrun categories by name, a category's personal best and gold segments, and their place
/// in the progress file.
final class SpeedrunRecordTests: XCTestCase {
    func testCategoriesByName() {
        XCTAssertEqual(SpeedrunCategory(name: "world1"), .world(1))
        XCTAssertEqual(SpeedrunCategory(name: "all-levels"), .allLevels)
        XCTAssertEqual(SpeedrunCategory(name: "level3"), .level(3))
        XCTAssertEqual(SpeedrunCategory(name: "forest-trials"), .pack("forest-trials"))
        XCTAssertEqual(SpeedrunCategory(name: "level03"), .pack("level03"), "not a level's number: a pack's name")
        XCTAssertNil(SpeedrunCategory(name: "../x"))
        XCTAssertNil(SpeedrunCategory(name: ""))
        for name in ["world2", "all-levels", "level12", "pack_1"] { XCTAssertEqual(SpeedrunCategory(name: name)?.description, name) }
        XCTAssertEqual(SpeedrunCategory.world(2).catalogLevels(count: 9, perWorld: 3), [3, 4, 5])
        XCTAssertEqual(SpeedrunCategory.world(4).catalogLevels(count: 9, perWorld: 3), nil)
        XCTAssertEqual(SpeedrunCategory.allLevels.catalogLevels(count: 4, perWorld: 3), [0, 1, 2, 3])
        XCTAssertEqual(SpeedrunCategory.level(4).catalogLevels(count: 4, perWorld: 3), [3])
        XCTAssertNil(SpeedrunCategory.level(5).catalogLevels(count: 4, perWorld: 3))
    }

    func testSplitsCompareWithThePersonalBestAndGoldSegments() {
        var record = SpeedrunRecord()
        XCTAssertEqual(record.compare([600], at: 0), .init(delta: nil, gold: true), "the first run: every segment gold")
        XCTAssertTrue(record.finish([600, 1500, 2000], real: [10_000, 25_000, 40_000]))
        XCTAssertEqual(record.bestSegments, [600, 900, 500])
        XCTAssertEqual(record.compare([630, 1400], at: 1), .init(delta: -100, gold: true), "770 beats 900")
        XCTAssertEqual(record.compare([630], at: 0), .init(delta: 30, gold: false))
        XCTAssertFalse(record.finish([630, 1400, 2100], real: [11_000, 24_000, 41_000]), "slower: no personal best")
        XCTAssertEqual(record.personalBest, [600, 1500, 2000])
        XCTAssertEqual(record.bestSegments, [600, 770, 500], "its gold segment is kept all the same")
        XCTAssertTrue(record.finish([590, 1480, 1990], real: [9_900, 24_700, 39_000]))
        XCTAssertEqual(record.personalBestReal, [9_900, 24_700, 39_000])
    }

    func testTheProgressFileKeepsEachCategory() throws {
        var progress = PlayerProgress()
        progress.recordWin(level: "level1", ticks: 2031)
        progress.speedruns["world1"] = SpeedrunRecord(personalBest: [1834, 4102, 7001], personalBestReal: [31_020, 69_400, 121_034],
                                                      bestSegments: [1800, 2200, 2800])
        progress.speedruns["my-pack"] = SpeedrunRecord(bestSegments: [500])
        let text = ProgressFile.encode(progress)
        XCTAssertTrue(text.contains("[speedruns.world1]\nsplits = [1834, 4102, 7001]\nreal_ms = [31020, 69400, 121034]\nbest_segments = [1800, 2200, 2800]\n"), text)
        XCTAssertEqual(try ProgressFile.decode(Array(text.utf8), file: "p.toml"), progress)
        let cases: [(String, String)] = [
            ("version = 1\nspeedruns = 1\n", "p.toml: `speedruns` is not a table"),
            ("version = 1\n[speedruns.\"a/b\"]\n", "p.toml: `speedruns.a/b` is not a category's table"),
            ("version = 1\n[speedruns.world1]\nsplits = [5, 3]\n", "p.toml: `speedruns.world1.splits` is not a list of up to 256 tick counts from 1 to 5184000, none before"),
            ("version = 1\n[speedruns.world1]\nbest_segments = [0]\n", "p.toml: `speedruns.world1.best_segments` is not a list"),
            ("version = 1\n[speedruns.world1]\nreal_ms = [-1]\n", "p.toml: `speedruns.world1.real_ms` is not a list of up to 256 milliseconds"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try ProgressFile.decode(Array(text.utf8), file: "p.toml"), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error) should start with \(expected)")
            }
        }
    }
}
