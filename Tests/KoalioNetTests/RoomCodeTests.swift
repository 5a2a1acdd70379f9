import KoalioNet
import XCTest

/// A room's code: Crockford base 32, six symbols, shown `K7M-3QX`, read back forgivingly.
final class RoomCodeTests: XCTestCase {
    func testACodeIsShownInTwoHalvesOfCrockfordsSymbols() {
        XCTAssertEqual(RoomCode(bits: 0).description, "000-000")
        XCTAssertEqual(RoomCode(bits: 1 << 30 - 1).description, "ZZZ-ZZZ", "30 bits, all ones")
        XCTAssertEqual(RoomCode(bits: UInt32.max), RoomCode(bits: 1 << 30 - 1), "only the low 30 bits count")
        let code = RoomCode(bits: 0x1234_5678)
        XCTAssertEqual(code.symbols.count, 6)
        XCTAssertFalse(code.symbols.contains { "ILOU".contains($0) }, "no symbol reads as another")
        XCTAssertEqual(RoomCode(code.description), code, "shown and typed back")
        XCTAssertEqual(RoomCode.alphabet.count, 32)
    }

    func testTypedCodesForgiveCaseSpacesHyphensAndLookalikes() throws {
        let code = try XCTUnwrap(RoomCode("K7M-3QX"))
        XCTAssertEqual(RoomCode("k7m 3qx"), code)
        XCTAssertEqual(RoomCode("K7M3QX"), code)
        XCTAssertEqual(RoomCode("IL0-000"), RoomCode("110-000"), "I and L read as 1")
        XCTAssertEqual(RoomCode("OOO-OOO"), RoomCode(bits: 0), "O reads as 0")
        XCTAssertNil(RoomCode("K7M-3QU"), "U is no symbol")
        XCTAssertNil(RoomCode("K7M-3Q"), "too short")
        XCTAssertNil(RoomCode("K7M-3QXX"), "too long")
        XCTAssertNil(RoomCode("K7M-3Q!"))
        XCTAssertNil(RoomCode(""))
    }
}
