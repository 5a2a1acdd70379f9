import KoalioPhone
import XCTest

/// How a phone's frames become what its pad holds each game frame: a tap is one frame down,
/// two quick taps are two presses, a hold is held, and counters that jump queue no more than two.
final class PhonePadLatchTests: XCTestCase {
    /// `frames[i]` arrives before game frame i (nil: nothing came); what was down for A, frame by frame.
    private func aDown(_ frames: [PhoneFrame?]) -> [Bool] {
        var latch = PhonePadLatch()
        return frames.map { frame in
            latch.step(receiving: frame)
            return latch.down.contains(.a)
        }
    }

    func testATapBetweenTwoFramesIsDownForOneFrameWithoutANewFrame() {
        XCTAssertEqual(aDown([PhoneFrame(), PhoneFrame(aPresses: 1), nil, nil]), [false, true, false, false])
    }

    func testASecondTapWhileTheFirstIsDownIsASecondPress() {
        // The second tap arrives at the frame the first is let go: down again at the frame after.
        XCTAssertEqual(aDown([PhoneFrame(), PhoneFrame(aPresses: 1), PhoneFrame(aPresses: 2), nil, nil]),
                       [false, true, false, true, false])
        // Both taps in one frame of the page's: the same.
        XCTAssertEqual(aDown([PhoneFrame(), PhoneFrame(aPresses: 2), nil, nil, nil]), [false, true, false, true, false])
    }

    func testAHoldIsHeldAndALetGoAndPressAgainIsTwoPresses() {
        XCTAssertEqual(aDown([PhoneFrame(), PhoneFrame(a: true, aPresses: 1), nil, PhoneFrame(a: true, aPresses: 1), PhoneFrame(aPresses: 1)]),
                       [false, true, true, true, false])
        // Let go and pressed again between two frames, still held: up for one frame, then down.
        XCTAssertEqual(aDown([PhoneFrame(), PhoneFrame(a: true, aPresses: 1), PhoneFrame(a: true, aPresses: 2), nil, nil]),
                       [false, true, false, true, true])
    }

    func testTheFirstFrameOnlySetsWhereTheCountersStart() {
        XCTAssertEqual(aDown([PhoneFrame(aPresses: 41), nil, PhoneFrame(aPresses: 41)]), [false, false, false],
                       "a page that reconnects keeps counting: no press from its old count")
        XCTAssertEqual(aDown([PhoneFrame(a: true, aPresses: 41), nil]), [true, true], "but what it holds is held")
        XCTAssertEqual(aDown([PhoneFrame(aPresses: 255), PhoneFrame(aPresses: 0), nil]), [false, true, false], "the counter wraps")
    }

    func testCountersThatJumpQueueAtMostTwoPresses() {
        let down = aDown([PhoneFrame(), PhoneFrame(aPresses: 200)] + Array(repeating: nil, count: 8))
        XCTAssertEqual(down.filter { $0 }.count, PhonePadLatch.waitingPressLimit)
    }

    func testTheStickIsTheLatestFramesAndButtonsAreApart() {
        var latch = PhonePadLatch()
        latch.step(receiving: PhoneFrame(stickX: 100, stickY: -5))
        latch.step(receiving: PhoneFrame(b: true, stickX: -32767, bPresses: 1))
        XCTAssertEqual(latch.stickX, -32767)
        XCTAssertEqual(latch.stickY, 0)
        XCTAssertEqual(latch.down, [.b])
        latch.step(receiving: nil)
        XCTAssertEqual(latch.stickX, -32767, "no new frame: the stick stays")
        XCTAssertEqual(latch.down, [.b], "a hold is not a tap")
    }
}
