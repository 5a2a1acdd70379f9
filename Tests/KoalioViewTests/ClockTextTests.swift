import KoalioCore
import KoalioUI
import XCTest

/// Times as speedruns show them: whole milliseconds from ticks, by one rule.
final class ClockTextTests: XCTestCase {
    func testMillisecondsFromTicks() {
        XCTAssertEqual(Tick.milliseconds(1), 16, "1000/60 rounded down")
        XCTAssertEqual(Tick.milliseconds(60), 1000)
        XCTAssertEqual(ClockText.precise(ticks: 0), "0:00.000")
        XCTAssertEqual(ClockText.precise(ticks: 7001), "1:56.683")
        XCTAssertEqual(ClockText.precise(ticks: 3 * 216_000 + 61), "3:00:01.016")
        XCTAssertEqual(ClockText.delta(ticks: 30), "+0.500")
        XCTAssertEqual(ClockText.delta(ticks: -61), "-1.016")
        XCTAssertEqual(ClockText.delta(ticks: 3660), "+1:01.000")
    }
}
