import KoalioPhone
import XCTest

/// The 9 bytes a phone sends: what they mean, and that anything else is refused.
final class PhoneFrameTests: XCTestCase {
    func testAFrameReadsAsThePageWritesIt() throws {
        // As the page's frame(): A held, stick right and a little up, 3 A presses, 1 pause press.
        let bytes: [UInt8] = [1, 0b001, 0xFF, 0x7F, 0x00, 0xF0, 3, 0, 1]
        let frame = try PhoneFrame(decoding: bytes)
        XCTAssertEqual(frame, PhoneFrame(a: true, stickX: 32767, stickY: -4096, aPresses: 3, pausePresses: 1))
        XCTAssertEqual(frame.bytes, bytes, "written back byte for byte")
        XCTAssertEqual(frame.released, PhoneFrame(aPresses: 3, pausePresses: 1), "let go: nothing held, the counts kept")
    }

    func testMalformedBytesAreRefused() {
        func refusal(_ bytes: [UInt8]) -> PhoneFrame.Malformed? {
            do { _ = try PhoneFrame(decoding: bytes) } catch { return error }
            return nil
        }
        XCTAssertEqual(refusal([]), .length(0))
        XCTAssertEqual(refusal([1, 0, 0, 0, 0, 0, 0, 0]), .length(8))
        XCTAssertEqual(refusal([UInt8](repeating: 1, count: 256)), .length(256))
        XCTAssertEqual(refusal([2, 0, 0, 0, 0, 0, 0, 0, 0]), .kind(2))
        XCTAssertEqual(refusal([1, 8, 0, 0, 0, 0, 0, 0, 0]), .unknownButtons(8))
        XCTAssertEqual(refusal([1, 0, 0x00, 0x80, 0, 0, 0, 0, 0]), .stickOutOfRange, "−32768 is no stick position")
    }

    func testMessagesToThePhone() {
        XCTAssertEqual(PhoneMessage.seat(number: 2, player: 3, red: 10, green: 20, blue: 30, resume: [0xAB, 0xCD]).bytes,
                       [1, 2, 3, 10, 20, 30, 0xAB, 0xCD])
        XCTAssertEqual(PhoneMessage.rumble(milliseconds: 300, strength: 200).bytes, [2, 0x2C, 0x01, 200])
        XCTAssertEqual(PhoneMessage.full.bytes, [3])
    }
}
