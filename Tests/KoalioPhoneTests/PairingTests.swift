import KoalioAdmission
import KoalioPhone
import XCTest

/// The secrets, compared in constant time; where the server may listen; which interface is the
/// player's network. (When each secret is taken: ``PhoneDoorTests``.)
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

    func testConstantTimeComparisonLooksAtEveryByte() {
        XCTAssertTrue(PairingSecrets.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        XCTAssertFalse(PairingSecrets.constantTimeEqual([1, 2, 4], [1, 2, 3]))
        XCTAssertFalse(PairingSecrets.constantTimeEqual([], [1]))
        XCTAssertFalse(PairingSecrets.constantTimeEqual([1, 2, 3, 0], [1, 2, 3]))
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
        XCTAssertTrue(PrivateAddress.mayListen(on: [127, 0, 0, 5]), "loopback when named")
        XCTAssertTrue(PrivateAddress.mayListen(on: [UInt8](repeating: 0, count: 15) + [1]), "::1")
        XCTAssertFalse(PrivateAddress.mayListen(on: [0, 0, 0, 0]), "never every address")
        XCTAssertFalse(PrivateAddress.mayListen(on: [UInt8](repeating: 0, count: 16)), "nor ::")
        XCTAssertFalse(PrivateAddress.mayListen(on: [203, 0, 113, 7]), "nor a public one")
    }

    /// The default route's interface, from the kernel's tables as this machine has them: the
    /// lowest metric wins, a route that is down or a reject route (IPv6's unreachable `::/0` on
    /// `lo`) is none, and a bridge or tunnel with a private address but no default route is left out.
    func testTheDefaultRoutesInterfaceIsThePlayersNetwork() {
        let ipv4 = """
            Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
            wg0\t00000000\t00000000\t0001\t0\t0\t50\t00000000\t0\t0\t0
            wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
            eth0\t00000000\t0101A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0
            docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0
            """
        let ipv6 = """
            fd000000000000000000000000000000 40 00000000000000000000000000000000 00 00000000000000000000000000000000 00000100 00000001 00000000 00000001     eth0
            00000000000000000000000000000000 00 00000000000000000000000000000000 00 fd000000000000000000000000000001 00000400 00000002 00000000 00000003     wlan0
            00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo
            """
        // A VPN that takes the default route (wg0, metric 50) wins here; its addresses are then left
        // out as a point-to-point link, and --phones-listen names the address to use.
        XCTAssertEqual(DefaultRoute.interfaces(ipv4Table: ipv4, ipv6Table: ipv6), ["wg0", "wlan0"])
        let down = ipv4.replacingOccurrences(of: "wg0\t00000000\t00000000\t0001", with: "wg0\t00000000\t00000000\t0000")
        XCTAssertEqual(DefaultRoute.interfaces(ipv4Table: down, ipv6Table: ""), ["eth0"], "a route that is down is none; then the lowest metric")
        XCTAssertEqual(DefaultRoute.interfaces(ipv4Table: "", ipv6Table: ""), [], "no default route: nowhere")
    }
}
