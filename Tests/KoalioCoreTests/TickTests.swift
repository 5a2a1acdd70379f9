import KoalioCore
import XCTest

/// Times as shown.
final class TickTests: XCTestCase {
    /// A time is shown in tenths, cut (not rounded): 59 ticks is 0.9 s, 60 ticks 1.0 s.
    func testTenthsAreCutNotRounded() {
        XCTAssertEqual(Tick.tenths(0), 0)
        XCTAssertEqual(Tick.tenths(5), 0)
        XCTAssertEqual(Tick.tenths(6), 1)
        XCTAssertEqual(Tick.tenths(59), 9)
        XCTAssertEqual(Tick.tenths(60), 10)
        XCTAssertEqual(Tick.tenths(Tick.perSecond * 75 + 11), 751)
    }

    /// A medal is earned by a time *shown* equal to its own: compared in tenths, so 5 ticks
    /// over (still the same tenth) earns it and 6 over does not.
    func testAMedalIsEarnedByTheTimeAsShown() {
        let times = MedalTimes(gold: 600, silver: 900, bronze: 1200)
        XCTAssertEqual(times.medal(forTicks: 1), .gold)
        XCTAssertEqual(times.medal(forTicks: 605), .gold, "10.0 s shown, as gold's")
        XCTAssertEqual(times.medal(forTicks: 606), .silver, "10.1 s")
        XCTAssertEqual(times.medal(forTicks: 1205), .bronze)
        XCTAssertNil(times.medal(forTicks: 1206))
        XCTAssertEqual(Medal.allCases.map { times.ticks(for: $0) }, [600, 900, 1200])
    }
}
