import Foundation
import KoalioCore
import KoalioTestSupport
@testable import KoalioUserData
import XCTest
@testable import KoalioUserFiles

final class MedalFileTests: XCTestCase {
    /// Every shipped level has medal times set by the documented rule from the solver's win
    /// (its golden run's length): gold 1.2 ×, silver 1.5 ×, bronze 2 ×, up to a whole second.
    func testEveryShippedLevelHasItsMedalsFromTheSolversTime() throws {
        let loaded = MedalFile.load(levelsDirectory: Repository.path("Levels"))
        XCTAssertNil(loaded.warning)
        for level in 1...6 {
            let keys = try String(contentsOfFile: Repository.path("Tests/Fixtures/level\(level)-win.keys"), encoding: .utf8)
            let header = try XCTUnwrap(keys.split(separator: "\n").first { $0.contains("won in") })
            let ticks = try XCTUnwrap(Int(header.split(separator: " ")[4]), String(header))
            let times = try XCTUnwrap(loaded.medals["level\(level)"], "level\(level) has medals")
            func rule(_ factor: Double) -> Int { Int((Double(ticks) * factor / 60).rounded(.up)) * 60 }
            XCTAssertEqual(times, MedalTimes(gold: rule(1.2), silver: rule(1.5), bronze: rule(2)), "level\(level), solved in \(ticks) ticks")
            XCTAssertEqual(times.medal(forTicks: ticks), .gold)
            XCTAssertNil(times.medal(forTicks: times.bronze + 6), "a tenth of a second over")
            XCTAssertEqual(times.medal(forTicks: times.bronze + 5), .bronze, "shown as the bronze time: earns it")
            XCTAssertEqual(times.medal(forTicks: times.silver), .silver)
        }
    }

    func testABadFileIsOneLineWithItsPlace() {
        let cases: [(String, String)] = [
            ("[level1]\ngold = 40\nsilver = 30\nbronze = 50\n", "m.toml:1: `level1`: gold must be the fastest and bronze the slowest"),
            ("[level1]\ngold = 40\nsilver = 45\n", "m.toml:1: `level1` has no bronze time"),
            ("[level1]\ngold = \"fast\"\nsilver = 45\nbronze = 50\n", "m.toml:2: `level1.gold` is not a time in seconds from above 0 to 3600"),
            ("level1 = 5\n", "m.toml:1: `level1` is not a table of gold, silver and bronze"),
            ("[level1\n", "m.toml:1: not TOML"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try MedalFile.decode(Array(text.utf8), file: "m.toml"), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
            }
        }
        XCTAssertEqual(try MedalFile.decode(Array("[a]\ngold = 1.5\nsilver = 2\nbronze = 2\n".utf8), file: "m"),
                       ["a": MedalTimes(gold: 90, silver: 120, bronze: 120)])
    }
}
