import KoalioInput
import XCTest
@testable import KoalioReplay

final class TickInputRunsTests: XCTestCase {
    func input(_ x: Float) -> TickInput {
        var snapshot = GamepadSnapshot()
        snapshot.dpadX = x
        return TickInput(source: 0, snapshot: snapshot)
    }

    /// Equal neighbours share a run: memory follows the changes, not the ticks.
    func testEqualInputsShareARun() {
        var runs = TickInputRuns()
        runs.append(input(1), count: 5_000_000)
        runs.append(input(1))
        runs.append(input(0), count: 3)
        XCTAssertEqual(runs.count, 5_000_004)
        XCTAssertEqual(runs.runs.count, 2)
        XCTAssertEqual(runs[5_000_000], input(1))
        XCTAssertEqual(runs[5_000_001], input(0))
        XCTAssertEqual(runs.last, input(0))
    }

    func testReadsAndWritesLikeAnArray() {
        let array = (0..<50).map { input(Float($0 / 7)) }
        var runs = TickInputRuns(array)
        XCTAssertEqual(Array(runs), array)
        XCTAssertEqual(runs.runs.count, 8)
        runs[17] = input(-1)
        var edited = array
        edited[17] = input(-1)
        XCTAssertEqual(Array(runs), edited)
        XCTAssertEqual(runs.runs.count, 10, "the run around tick 17 split in three")
        runs[17] = array[17]
        XCTAssertEqual(runs, TickInputRuns(array), "and merged again")
    }
}
