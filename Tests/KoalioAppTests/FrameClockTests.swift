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

    /// Counting frames (scripted and headless runs), frame n is at n / rate exactly: 60 ticks in
    /// 144 frames, five every twelve, never two in one frame, the fraction between them exact;
    /// at 60 frames a second one tick a frame, as before smooth motion.
    func testCountedFramesOweTicksInWholeNumbers() {
        var clock = FrameClock(framesPerSecond: 144)
        var owed: [Int] = []
        var fractions: [Double] = []
        for _ in 0..<144 {
            owed.append(clock.ticksDue(now: 0))
            fractions.append(clock.fraction)
        }
        XCTAssertEqual(owed.reduce(0, +), 60)
        XCTAssertEqual(Array(owed.prefix(12)).reduce(0, +), 5)
        XCTAssertEqual(owed.max(), 1)
        XCTAssertEqual(fractions[0], 60.0 / 144, accuracy: 1e-12)
        XCTAssertEqual(fractions[11], 0, "frame 12 falls on a tick")
        var sixty = FrameClock(framesPerSecond: 60)
        XCTAssertEqual((0..<100).map { _ in sixty.ticksDue(now: 0, rate: 0.5) }, Array(repeating: 1, count: 100))
        XCTAssertEqual(sixty.fraction, 0)
        // Fewer frames than ticks would owe two ticks in some frames, and a script's input is
        // given once a frame: counted frames are held to 60 a second at least.
        var thirty = FrameClock(framesPerSecond: 30)
        XCTAssertEqual((0..<60).map { _ in thirty.ticksDue(now: 0) }, Array(repeating: 1, count: 60))
        thirty.countFrames(at: 50)
        XCTAssertEqual(thirty.ticksDue(now: 0), 1)
    }

    /// On wall time the fraction is what is left of a tick: a 144 Hz frame 1/144 s after a tick is
    /// 60/144 of the way to the next.
    func testTheFractionIsThePartOfATickPassed() {
        var clock = FrameClock(now: 0)
        XCTAssertEqual(clock.ticksDue(now: 1.0 / 144), 0)
        XCTAssertEqual(clock.fraction, 60.0 / 144, accuracy: 1e-9)
        XCTAssertEqual(clock.ticksDue(now: 3.0 / 144), 1)
        XCTAssertEqual(clock.fraction, 3.0 * 60 / 144 - 1, accuracy: 1e-9)
    }

    /// Smooth motion is on by itself above 60 Hz, frames then come at the display's rate; off,
    /// or at 60 Hz, 60 a second; a display's rate is held to 24…500.
    func testFramesComeAtTheDisplaysRateWithSmoothMotion() {
        let auto144 = FramePacing(refreshRate: 144, smoothMotion: .auto)
        XCTAssertTrue(auto144.smooth)
        XCTAssertEqual(auto144.framesPerSecond, 144)
        XCTAssertEqual(auto144.frameSeconds, 1.0 / 144, accuracy: 1e-12)
        XCTAssertFalse(FramePacing(refreshRate: 60, smoothMotion: .auto).smooth)
        XCTAssertFalse(FramePacing(refreshRate: nil, smoothMotion: .auto).smooth, "a display with no rate reported is taken as 60 Hz")
        let off = FramePacing(refreshRate: 144, smoothMotion: .off)
        XCTAssertEqual([off.smooth ? 1 : 0, off.framesPerSecond], [0, 60])
        XCTAssertEqual(FramePacing(refreshRate: 60, smoothMotion: .on).framesPerSecond, 60)
        XCTAssertTrue(FramePacing(refreshRate: 60, smoothMotion: .on).smooth)
        XCTAssertEqual(FramePacing(refreshRate: 10_000, smoothMotion: .on).framesPerSecond, 500)
        XCTAssertEqual(FramePacing(refreshRate: 1, smoothMotion: .on).framesPerSecond, 24)
    }

    /// A still screen's rest: on wall time the frame after it owes every tick the rest took (a
    /// stall without a rest still owes at most five); counting frames, the frames slept through
    /// are counted and their ticks owed with the next frame's, so a script's ticks do not move.
    func testARestOwesEveryTickItTook() {
        var clock = FrameClock(now: 0)
        clock.rested()
        XCTAssertEqual(clock.ticksDue(now: 0.4 + 1e-9), 24, "0.4 s of rest: 24 ticks, not five")
        XCTAssertEqual(clock.ticksDue(now: 10), FrameClock.maxTicksPerFrame, "only the frame after a rest catches up")

        for rate in [60, 144] {
            var counted = FrameClock(framesPerSecond: rate)
            var plain = FrameClock(framesPerSecond: rate)
            let skipped = counted.frames(forTicks: 20) - 1
            XCTAssertGreaterThan(skipped, 0)
            counted.rested(frames: skipped)
            let batch = counted.ticksDue(now: 0)
            let frameByFrame = (0...skipped).map { _ in plain.ticksDue(now: 0) }.reduce(0, +)
            XCTAssertEqual(batch, frameByFrame, "\(rate) fps: the rest's frames owe what they would have one by one")
            XCTAssertLessThanOrEqual(batch, 20, "\(rate) fps: never past the ticks the rest may take")
            XCTAssertEqual(counted.fraction, plain.fraction, "\(rate) fps")
            XCTAssertEqual(counted.ticksDue(now: 0), plain.ticksDue(now: 0), "\(rate) fps: and on as before")
        }
    }
}
