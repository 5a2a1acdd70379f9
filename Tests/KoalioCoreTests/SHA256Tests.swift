import KoalioCore
import XCTest
import KoalioSystem

/// SHA-256 names the exact level file a replay, a ghost or a record was made on: it must be
/// the standard's, byte for byte (FIPS 180-4's examples).
final class SHA256Tests: XCTestCase {
    func testTheStandardsExamples() {
        XCTAssertEqual(HexDigits.text(SHA256.hash(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(HexDigits.text(SHA256.hash([])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(HexDigits.text(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "two blocks: the length spills into the second")
        XCTAssertEqual(HexDigits.text(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000))),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "a million 'a's")
    }

    func testOneBitChangesTheDigest() {
        let level = Array("<map version=\"1.10\"/>".utf8)
        var changed = level
        changed[3] ^= 1
        XCTAssertNotEqual(SHA256.hash(level), SHA256.hash(changed))
        XCTAssertEqual(SHA256.hash(level).count, 32)
    }
}
