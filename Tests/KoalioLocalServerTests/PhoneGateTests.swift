@testable import KoalioLocalServer
import KoalioPhone
import NIOCore
import NIOEmbedded
import NIOHTTP1
import XCTest

/// What a request must name before it is even compared with a secret, and which addresses
/// `--phones-listen` takes.
final class PhoneGateTests: XCTestCase {
    func gate(host: String) -> PhoneGate {
        PhoneGate(hub: PhoneHub(clock: { 0 }), connection: 1, host: host)
    }

    func head(host: String?, origin: String? = nil, extra: [(String, String)] = []) -> HTTPRequestHead {
        var headers = HTTPHeaders(extra)
        if let host { headers.add(name: "Host", value: host) }
        if let origin { headers.add(name: "Origin", value: origin) }
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: "/pad?token=00", headers: headers)
    }

    func testHostIsTheAddressTheConnectionCameTo() {
        let ours = gate(host: "127.0.0.1:8765")
        XCTAssertTrue(ours.isOurs(head(host: "127.0.0.1:8765")))
        XCTAssertFalse(ours.isOurs(head(host: "localhost:8765")), "a name for it is not it (DNS rebinding)")
        XCTAssertFalse(ours.isOurs(head(host: "127.0.0.1")), "nor without its port")
        XCTAssertFalse(ours.isOurs(head(host: nil)))
        XCTAssertFalse(ours.isOurs(head(host: "127.0.0.1:8765", extra: [("Host", "evil.example")])), "two Hosts are none")
        let web = gate(host: "[fd12::20]:80")
        XCTAssertTrue(web.isOurs(head(host: "[fd12::20]")), "port 80: browsers leave it out")
        XCTAssertTrue(web.isOurs(head(host: "[fd12::20]:80")))
    }

    func testOriginAndBodyAreCheckedBeforeAnySecret() {
        let ours = gate(host: "127.0.0.1:80")
        XCTAssertNil(ours.check(head(host: "127.0.0.1", origin: "http://evil.example")))
        XCTAssertEqual(ours.refusal, .notOurs)
        XCTAssertNil(ours.check(head(host: "127.0.0.1", origin: "http://127.0.0.1", extra: [("Content-Length", "1")])))
        XCTAssertEqual(ours.refusal, .badRequest, "an upgrade with a body")
        XCTAssertNil(ours.check(head(host: "127.0.0.1", origin: "http://127.0.0.1", extra: [("Transfer-Encoding", "chunked")])))
        XCTAssertEqual(ours.refusal, .badRequest)
        XCTAssertNil(ours.check(head(host: "127.0.0.1", origin: "http://127.0.0.1")))
        XCTAssertEqual(ours.refusal, .badRequest, "ours in every way, but a socket the hub never opened")
    }

    func testListenAddressesAreNumbersOnThePlayersOwnNetwork() {
        for good in ["127.0.0.1:0", "192.168.1.20:8765", "[fd12::1]:8765", "[fe80::1%eth0]:8765", "[::1]:1"] {
            XCTAssertNoThrow(try LocalListener.ListenAddress(parsing: good), good)
        }
        for bad in ["0.0.0.0:8765", "[::]:8765", "8.8.8.8:53", "[2001:db8::1]:8765", "localhost:8765", "10.0.0.1%eth0:8765",
                    "[fd12::1%eth0]:8765", "192.168.1.20", "192.168.1.20:65536"] {
            XCTAssertThrowsError(try LocalListener.ListenAddress(parsing: bad), bad)
        }
    }
}
