@testable import KoalioInternet
import XCTest

/// What a host and a joiner say in their room: every line reads back as said; anything else
/// said there (a stranger's lines, a cut or swollen line, a key of the wrong size) is ignored.
final class RoomTalkTests: XCTestCase {
    let description = "m=application 9 ICE/SDP\nc=IN IP4 203.0.113.10\na=ice-ufrag:k0ra\na=ice-pwd:x\na=candidate:1 1 UDP 2015363327 10.1.0.2 50583 typ host\n"

    func testEveryLineReadsBackAsSaid() throws {
        let key = try DatagramSeal.newKey()
        for talk in [RoomTalk.hello(relayOnly: false), .hello(relayOnly: true), .offer(relayOnly: true, key: key, ice: description),
                     .offer(relayOnly: false, key: key, ice: description), .answer(ice: description)] {
            XCTAssertFalse(talk.line.contains("\n"), "one line: \(talk.line)")
            XCTAssertEqual(RoomTalk(line: talk.line), talk)
        }
    }

    func testAnythingElseSaidInTheRoomIsIgnored() throws {
        let key = try DatagramSeal.newKey()
        let offer = RoomTalk.offer(relayOnly: false, key: key, ice: description).line
        for line in ["", "hello", "koalio-hello", "koalio-hello relay-only=2", "koalio-hello relay-only", "koalio-nonsense relay-only=1",
                     offer.replacingOccurrences(of: "key=", with: "key=AAAA"), offer.replacingOccurrences(of: " ice=", with: " ice=%%"),
                     "koalio-offer relay-only=0 key=\(RoomTalk.base64(Array(key.prefix(16)))) ice=\(RoomTalk.base64(Array(description.utf8)))",
                     "koalio-answer ice=" + RoomTalk.base64([0xFF, 0xFE]),
                     "koalio-answer ice=" + String(repeating: "A", count: RoomTalk.lineBytes)] {
            XCTAssertNil(RoomTalk(line: line), line.prefix(80) + "")
        }
    }

    /// Hiding one's address: only relayed candidates are offered, and those without the
    /// address the relay saw them from.
    func testARelayOnlyDescriptionNamesNoAddressButTheRelays() {
        let full = """
            m=application 9 ICE/SDP
            c=IN IP4 203.0.113.10
            a=ice-ufrag:k0ra
            a=candidate:1 1 UDP 2015363327 10.1.0.2 50583 typ host
            a=candidate:2 1 UDP 1679819007 203.0.113.21 50583 typ srflx raddr 10.1.0.2 rport 50583
            a=candidate:3 1 UDP 25108223 203.0.113.10 52307 typ relay raddr 203.0.113.21 rport 50583
            """
        let hidden = IceLink.relayedOnly(full)
        XCTAssertEqual(hidden, """
            m=application 9 ICE/SDP
            c=IN IP4 203.0.113.10
            a=ice-ufrag:k0ra
            a=candidate:3 1 UDP 25108223 203.0.113.10 52307 typ relay
            """)
        for address in ["10.1.0.2", "203.0.113.21"] { XCTAssertFalse(hidden.contains(address), address) }
    }
}
