import KoalioNet
import XCTest

/// LAN discovery's two datagrams, read as a stranger might send them.
final class DiscoveryTests: XCTestCase {
    let sender = NetAddress(host: [192, 168, 1, 20], port: 40000)

    func testAnAnswerNamesTheGameAtItsSendersAddress() {
        let answer = Discovery.answer(gamePort: 24820, levelName: "level3", here: 2, expected: 4, id: 0xA1B2C3D4)
        XCTAssertEqual(Discovery.game(answer: answer, from: sender),
                       Discovery.Game(address: NetAddress(host: [192, 168, 1, 20], port: 24820), levelName: "level3", here: 2, expected: 4, id: 0xA1B2C3D4))
    }

    /// No amplification: an answer is never longer than the probe, however long the level's name
    /// (cut on a character's edge).
    func testAnAnswerIsNeverLongerThanTheProbe() throws {
        let name = String(repeating: "é", count: 100)
        let answer = Discovery.answer(gamePort: 1, levelName: name, here: 1, expected: 2, id: 7)
        XCTAssertLessThanOrEqual(answer.count, Discovery.probe.count)
        let game = try XCTUnwrap(Discovery.game(answer: answer, from: sender))
        XCTAssertTrue(name.hasPrefix(game.levelName))
        XCTAssertEqual(game.levelName.count, Discovery.maxLevelNameBytes / 2)
    }

    func testOnlyTheExactProbeIsAProbe() {
        XCTAssertTrue(Discovery.isProbe(Discovery.probe))
        XCTAssertFalse(Discovery.isProbe(Array(Discovery.probe.dropLast())), "shorter")
        XCTAssertFalse(Discovery.isProbe(Discovery.probe + [0]), "longer")
        var other = Discovery.probe
        other[3] &+= 1
        XCTAssertFalse(Discovery.isProbe(other), "another version")
        XCTAssertFalse(Discovery.isProbe(Discovery.answer(gamePort: 1, levelName: "x", here: 1, expected: 2, id: 7)))
    }

    /// Every cut or changed byte of an answer is refused or read as an answer still (never a trap).
    func testBrokenAnswersAreRefused() {
        let answer = Discovery.answer(gamePort: 24820, levelName: "level1", here: 1, expected: 4, id: 7)
        for length in 0..<answer.count { XCTAssertNil(Discovery.game(answer: Array(answer[0..<length]), from: sender), "cut at \(length)") }
        XCTAssertNil(Discovery.game(answer: answer + [0x41], from: sender), "a byte past the name")
        XCTAssertNil(Discovery.game(answer: Discovery.answer(gamePort: 0, levelName: "a", here: 1, expected: 2, id: 7), from: sender), "port 0")
        XCTAssertNil(Discovery.game(answer: Discovery.answer(gamePort: 1, levelName: "a", here: 3, expected: 2, id: 7), from: sender), "more here than room")
        XCTAssertNil(Discovery.game(answer: Discovery.answer(gamePort: 1, levelName: "a\u{1B}[2J", here: 1, expected: 2, id: 7), from: sender),
                     "a terminal escape in the name")
        for index in answer.indices {
            for value: UInt8 in [0, 0xFF] {
                var broken = answer
                broken[index] = value
                _ = Discovery.game(answer: broken, from: sender)
            }
        }
    }
}
