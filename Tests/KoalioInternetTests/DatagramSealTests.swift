import KoalioInternet
import XCTest

/// Sealing as an attacker on the path would test it: what they change, replay, cut or make up
/// never opens; what the players send opens once, in any order within the window.
final class DatagramSealTests: XCTestCase {
    func testASealedDatagramOpensOnceAndOnlyWithItsKey() throws {
        let key = try DatagramSeal.newKey()
        XCTAssertEqual(key.count, DatagramSeal.keyBytes)
        XCTAssertNotEqual(key, try DatagramSeal.newKey(), "each key is drawn anew")
        var host = try DatagramSeal(key: key, side: .host), joiner = try DatagramSeal(key: key, side: .joiner)
        let input: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
        let sealed = host.seal(input)
        XCTAssertEqual(sealed.count, input.count + DatagramSeal.overhead)
        XCTAssertNil(sealed.firstRange(of: input), "the datagram does not travel in the clear")
        XCTAssertEqual(joiner.open(sealed), input)
        XCTAssertNil(joiner.open(sealed), "a replay is dropped")
        var stranger = try DatagramSeal(key: try DatagramSeal.newKey(), side: .joiner)
        XCTAssertNil(stranger.open(host.seal(input)), "another key opens nothing")
        XCTAssertEqual(host.seal([]).count, DatagramSeal.overhead, "an empty datagram is sealed too")
        XCTAssertEqual(host.open(joiner.seal(input)), input, "the other way, under the other direction's key")
        XCTAssertThrowsError(try DatagramSeal(key: [1, 2, 3], side: .host)) { XCTAssertEqual($0 as? DatagramSeal.Failure, .badKey) }
    }

    /// Someone on the path sends a player's datagram back to it: it never opens there (each
    /// direction has its own key), nor does one side's datagram open on another of its side.
    func testAReflectedDatagramNeverOpens() throws {
        let key = try DatagramSeal.newKey()
        var host = try DatagramSeal(key: key, side: .host), joiner = try DatagramSeal(key: key, side: .joiner)
        var otherJoiner = try DatagramSeal(key: key, side: .joiner)
        let fromHost = host.seal([1, 2, 3]), fromJoiner = joiner.seal([4, 5, 6])
        XCTAssertNil(host.open(fromHost), "the host's own datagram sent back")
        XCTAssertNil(joiner.open(fromJoiner), "the joiner's own datagram sent back")
        XCTAssertNil(otherJoiner.open(fromJoiner), "a joiner's datagram at another joiner")
        XCTAssertEqual(joiner.open(fromHost), [1, 2, 3], "each still opens where it was sent")
        XCTAssertEqual(host.open(fromJoiner), [4, 5, 6])
    }

    func testAForgedDamagedOrCutDatagramNeverOpens() throws {
        let key = try DatagramSeal.newKey()
        var host = try DatagramSeal(key: key, side: .host), joiner = try DatagramSeal(key: key, side: .joiner)
        let sealed = host.seal(Array("the inputs of tick 120".utf8))
        for index in sealed.indices {  // every byte flipped in turn: nonce, body and tag are all covered
            var changed = sealed
            changed[index] ^= 0x40
            XCTAssertNil(joiner.open(changed), "byte \(index) changed")
        }
        XCTAssertNil(joiner.open(Array(sealed.dropLast())))
        XCTAssertNil(joiner.open(Array(sealed.prefix(DatagramSeal.overhead - 1))))
        XCTAssertNil(joiner.open([]))
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 27, 28, 29, 64, 1200] {
            XCTAssertNil(joiner.open((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }), "random \(length) bytes")
        }
        XCTAssertEqual(joiner.open(sealed), Array("the inputs of tick 120".utf8), "the real one still opens after the forgeries")
    }

    /// Datagrams overtake each other on the internet: late ones within the window open once,
    /// those older than the window do not; each sender has its own counters.
    func testLateDatagramsOpenOnceWithinTheWindow() throws {
        let key = try DatagramSeal.newKey()
        var host = try DatagramSeal(key: key, side: .host), other = try DatagramSeal(key: key, side: .host), joiner = try DatagramSeal(key: key, side: .joiner)
        let sealed = (0..<2100).map { host.seal([UInt8(truncatingIfNeeded: $0)]) }
        XCTAssertNotNil(joiner.open(sealed[1500]))
        XCTAssertNotNil(joiner.open(sealed[1000]), "500 behind: within the window")
        XCTAssertNil(joiner.open(sealed[1000]), "but once")
        XCTAssertNil(joiner.open(sealed[400]), "1100 behind: past the window")
        XCTAssertNotNil(joiner.open(sealed[1499]))
        XCTAssertNotNil(joiner.open(sealed[2099]))
        XCTAssertNil(joiner.open(sealed[1500]), "taken before the window moved on, still refused")
        XCTAssertNotNil(joiner.open(other.seal([9])), "another sender's first datagram opens: its own counters")
        // The window's edge: 1023 behind the newest still opens, 1024 behind does not.
        XCTAssertNotNil(joiner.open(sealed[2099 - 1023]), "1023 behind")
        XCTAssertNil(joiner.open(sealed[2099 - 1024]), "1024 behind")
    }
}
