@testable import KoalioApp
@testable import KoalioFlow
import XCTest

final class FrameClockTests: XCTestCase {
    /// A second of wall time owes 60 ticks, and at assist's 50 % game speed 30.
    func testTicksFollowWallTimeAndTheGameSpeed() {
        for (rate, expected) in [(1.0, 60), (0.5, 30), (0.7, 42)] {
            var clock = FrameClock(now: 0)
            var owed = 0
            for frame in 1...60 { owed += clock.ticksDue(now: Double(frame) / 60 + 1e-9, rate: rate) }
            XCTAssertEqual(owed, expected, "rate \(rate)")
        }
        var stalled = FrameClock(now: 0)
        XCTAssertEqual(stalled.ticksDue(now: 10), FrameClock.maxTicksPerFrame, "a stall owes no burst")
    }
}
