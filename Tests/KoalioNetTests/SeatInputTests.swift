import KoalioInput
import KoalioNet
import XCTest

final class SeatInputTests: XCTestCase {
    /// The stick is quantised once, the same for the machine that made the input and the ones
    /// that read it off the wire.
    func testWhatCrossesTheWireIsWhatIsStepped() throws {
        var snapshot = GamepadSnapshot.neutral
        snapshot.leftX = 0.333
        snapshot.buttonA = 1
        let input = SeatInput(snapshot: snapshot, pressed: [.a, .menu])
        XCTAssertEqual(input.moveX, 42)
        let (x, buttons) = input.wire
        let read = try XCTUnwrap(SeatInput(wire: x, buttons))
        XCTAssertEqual(read, input)
        XCTAssertEqual(read.snapshot.leftX, 42 / 127)
        XCTAssertEqual(read.pressed, [.a, .menu])
        XCTAssertNil(SeatInput(wire: 0x80, SeatInput.Buttons.present.rawValue), "−128 is no step")
        XCTAssertNil(SeatInput(wire: 0, 0x80), "a bit no input has")
        XCTAssertNil(SeatInput(wire: 5, 0), "an absent seat is all zero")
        XCTAssertEqual(input.predictingNext.pressed, [], "a guess holds what is held and presses nothing")
    }

    /// Start pressed while the game shows playing is a pause, never a toggle: two machines
    /// pausing on the same tick (or one after the other) leave the game paused.
    func testTwoPausesAtOnceLeaveItPaused() {
        let pause = SeatInput(snapshot: .neutral, pressed: [.menu]).pausing
        XCTAssertEqual(pause.pressed, [.pauseRequest])
        let both = SeatTick.tickInput([pause, pause])
        XCTAssertTrue(both.actions.pause)
        XCTAssertFalse(both.actions.togglePause)
        let resume = SeatInput(snapshot: .neutral, pressed: [.menu])
        XCTAssertTrue(SeatTick.tickInput([.idle, resume]).actions.togglePause, "anyone's Start while paused resumes")
        XCTAssertEqual(SeatTick.tickInput([.idle, .absent, .idle]).partners.map(\.player), [3], "an absent seat has no koala")
    }
}
