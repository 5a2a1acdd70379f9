import KoalioPhone
import XCTest

/// Who gets in: the token and the code, compared in constant time; the code only while a card
/// shows and for ten minutes at most; lockouts after failures; private addresses only.
final class PairingTests: XCTestCase {
    func testTheTokenIs128RandomBitsAndTheCodeSixDigits() {
        var random = SystemRandomNumberGenerator()
        let one = PairingSecrets(using: &random), two = PairingSecrets(using: &random)
        XCTAssertEqual(one.token.count, 16)
        XCTAssertEqual(one.tokenText.count, 32)
        XCTAssertTrue(one.tokenText.allSatisfy(\.isHexDigit))
        XCTAssertNotEqual(one.token, two.token)
        XCTAssertEqual(one.code.count, 6)
        XCTAssertTrue(one.code.allSatisfy(\.isNumber))
        XCTAssertTrue(one.matches(token: Substring(one.tokenText)))
        XCTAssertFalse(one.matches(token: Substring(two.tokenText)))
        XCTAssertFalse(one.matches(token: Substring(one.tokenText.dropLast())), "a prefix is not the token")
        XCTAssertFalse(one.matches(token: Substring(one.tokenText + "0")), "nor a longer one")
    }

    func testACodeIsValidOnlyWhileACardShowsAndForTenMinutes() {
        var random = SystemRandomNumberGenerator()
        var secrets = PairingSecrets(using: &random)
        let code = Substring(secrets.code)
        XCTAssertFalse(secrets.matches(code: code, at: 0), "no card: no code")
        secrets.setCardShown(true, at: 100)
        XCTAssertTrue(secrets.matches(code: code, at: 100))
        XCTAssertTrue(secrets.matches(code: code, at: 100 + PairingSecrets.codeLifetimeSeconds))
        XCTAssertFalse(secrets.matches(code: code, at: 101 + PairingSecrets.codeLifetimeSeconds), "too old")
        secrets.setCardShown(false, at: 200)
        XCTAssertFalse(secrets.matches(code: code, at: 200), "the card went away")
        secrets.renewCode(using: &random, at: 300)
        XCTAssertTrue(secrets.matches(code: Substring(secrets.code), at: 300))
    }

    func testConstantTimeComparisonLooksAtEveryByte() {
        XCTAssertTrue(PairingSecrets.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        XCTAssertFalse(PairingSecrets.constantTimeEqual([1, 2, 4], [1, 2, 3]))
        XCTAssertFalse(PairingSecrets.constantTimeEqual([], [1]))
        XCTAssertFalse(PairingSecrets.constantTimeEqual([1, 2, 3, 0], [1, 2, 3]))
    }

    func testFiveFailuresLockAnAddressOutForAMinuteAndTenChangeTheCode() {
        var admission = Admission()
        for failure in 1...4 { XCTAssertFalse(admission.recordFailure(from: "10.0.0.2", at: Double(failure))) }
        XCTAssertTrue(admission.mayTry("10.0.0.2", at: 4))
        _ = admission.recordFailure(from: "10.0.0.2", at: 5)
        XCTAssertFalse(admission.mayTry("10.0.0.2", at: 6), "locked out after five")
        XCTAssertTrue(admission.mayTry("10.0.0.3", at: 6), "another address is not")
        XCTAssertTrue(admission.mayTry("10.0.0.2", at: 5 + Admission.lockoutSeconds), "for a minute")
        for failure in 1...4 { XCTAssertFalse(admission.recordFailure(from: "10.0.0.3", at: Double(failure)), "failure \(5 + failure) in all") }
        XCTAssertTrue(admission.recordFailure(from: "10.0.0.4", at: 7), "the tenth in all: a new code")
    }

    func testOnlyPrivateAddressesAreListenedOn() {
        XCTAssertTrue(PrivateAddress.isPrivate(ipv4: [192, 168, 1, 20]))
        XCTAssertTrue(PrivateAddress.isPrivate(ipv4: [10, 1, 2, 3]))
        XCTAssertTrue(PrivateAddress.isPrivate(ipv4: [172, 16, 0, 1]))
        XCTAssertTrue(PrivateAddress.isPrivate(ipv4: [172, 31, 255, 1]))
        XCTAssertFalse(PrivateAddress.isPrivate(ipv4: [172, 32, 0, 1]))
        XCTAssertFalse(PrivateAddress.isPrivate(ipv4: [8, 8, 8, 8]))
        XCTAssertFalse(PrivateAddress.isPrivate(ipv4: [0, 0, 0, 0]))
        XCTAssertFalse(PrivateAddress.isPrivate(ipv4: [127, 0, 0, 1]), "loopback only when named")
        XCTAssertTrue(PrivateAddress.isPrivate(ipv6: [0xFD] + [UInt8](repeating: 1, count: 15)), "unique-local")
        XCTAssertTrue(PrivateAddress.isPrivate(ipv6: [0xFE, 0x80] + [UInt8](repeating: 0, count: 14)), "link-local")
        XCTAssertFalse(PrivateAddress.isPrivate(ipv6: [0x20, 0x01] + [UInt8](repeating: 0, count: 14)), "global")
    }
}
