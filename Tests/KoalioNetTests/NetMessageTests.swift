import KoalioNet
import XCTest

final class NetMessageTests: XCTestCase {
    static let samples: [NetMessage] = [
        .hello(NetMessage.Hello(nonce: 0x0102_0304_0506_0708, code: Array("012345".utf8), players: 2)),
        .welcome(NetMessage.Welcome(nonce: 9, token: 77, firstSeat: 1, seatCount: 2, inputDelay: 2, levelName: "level3",
                                    levelSHA256: Array(0..<32), endTick: 1800)),
        .refuse(nonce: 5, reason: .lockedOut(seconds: 42)),
        .refuse(nonce: 5, reason: .codeOff),
        .input(NetMessage.InputPacket(token: 77, seats: 3, startPresent: 0b011, tick: 1000, acks: [998, 1003, 960], checksum: (990, 0xDEAD_BEEF),
                                      stamp: 12, echo: 11, echoAgeMilliseconds: 3,
                                      blocks: [NetMessage.SeatInputs(seat: 0, firstTick: 999, inputs: [.idle, .idle, SeatInput(moveX: -127, buttons: [.present, .jump]), .absent]),
                                               NetMessage.SeatInputs(seat: 2, firstTick: 961, inputs: Array(repeating: SeatInput(moveX: 5, buttons: [.present, .dash, .aPressed]), count: 64))])),
        .input(NetMessage.InputPacket(token: 1, seats: 0, tick: 0, acks: [])),
        .bye(token: 77, reason: .desync),
    ]

    func testEveryMessageReadsBackAsWritten() throws {
        for message in Self.samples {
            let bytes = message.bytes
            XCTAssertLessThanOrEqual(bytes.count, NetMessage.maxBytes)
            XCTAssertEqual(try NetMessage(decoding: bytes), message)
        }
    }

    /// No answer to a hello is bigger than the hello: the host cannot amplify a forged sender.
    func testAHelloIsTheLargestThingAStrangerIsAnsweredFor() {
        let hello = Self.samples[0].bytes
        XCTAssertEqual(hello.count, NetMessage.helloBytes)
        let longestName = String(repeating: "é", count: 40)
        let welcome = NetMessage.welcome(NetMessage.Welcome(nonce: .max, token: .max, firstSeat: 3, seatCount: 1, inputDelay: 8,
                                                            levelName: longestName, levelSHA256: Array(repeating: 0xFF, count: 32), endTick: Int(Int32.max)))
        XCTAssertLessThan(welcome.bytes.count, hello.count)
        XCTAssertLessThan(NetMessage.refuse(nonce: .max, reason: .full).bytes.count, hello.count)
    }

    func testEveryCutOrChangedDatagramIsRefusedOrReadsBackTheSame() {
        for message in Self.samples {
            let bytes = message.bytes
            for length in 0..<bytes.count {
                XCTAssertThrowsError(try NetMessage(decoding: Array(bytes.prefix(length))), "\(message) cut at \(length)")
            }
            XCTAssertThrowsError(try NetMessage(decoding: bytes + [0]), "a byte too many")
            for index in bytes.indices {
                for flip: UInt8 in [0x01, 0x80, 0xFF] {
                    var changed = bytes
                    changed[index] ^= flip
                    if let read = try? NetMessage(decoding: changed) { XCTAssertEqual(read.bytes, changed, "read as something else") }
                }
            }
        }
    }

    /// A room code's game says hello with the room's six symbols; a capital no room code has
    /// (I, L, O, U) is refused as any other stray byte.
    func testARoomCodesHelloCarriesItsSymbols() throws {
        let hello = NetMessage.hello(NetMessage.Hello(nonce: 7, code: Array("K7M3QX".utf8), players: 1))
        XCTAssertEqual(try NetMessage(decoding: hello.bytes), hello)
        var stray = hello.bytes
        stray[12] = UInt8(ascii: "I")
        XCTAssertThrowsError(try NetMessage(decoding: stray))
    }

    func testWhatNoPeerSendsIsRefusedWithItsPlace() {
        XCTAssertEqual((try? NetMessage(decoding: Array(repeating: 0, count: 700))) == nil, true)
        do {
            var hello = Self.samples[0].bytes
            hello[12] = UInt8(ascii: "x")
            _ = try NetMessage(decoding: hello)
            XCTFail("small letters in a code")
        } catch {
            XCTAssertEqual(error.offset, 12)
            XCTAssertEqual(error.reason, "the code is not digits (nor a room code's symbols)")
        }
        // Two runs of the same input (one run written as two) are not how inputs are written.
        var packet = NetMessage.InputPacket(token: 1, seats: 1, startPresent: 1, tick: 10, acks: [10],
                                            blocks: [NetMessage.SeatInputs(seat: 0, firstTick: 11, inputs: [.idle, .absent])])
        var bytes = NetMessage.input(packet).bytes
        bytes[bytes.count - 3] = 0x00  // the second run's x …
        bytes[bytes.count - 2] = SeatInput.Buttons.present.rawValue  // … and buttons: the first run's input again
        XCTAssertThrowsError(try NetMessage(decoding: bytes))
        packet.blocks[0].seat = 0
        packet.seats = 1
        packet.startPresent = 2  // seat 1 in play in a one-seat game
        XCTAssertThrowsError(try NetMessage(decoding: NetMessage.input(packet).bytes))
    }

    func testAddressesAreNumbersOnly() {
        XCTAssertEqual(NetAddress(parsing: "127.0.0.1:7000"), NetAddress(host: [127, 0, 0, 1], port: 7000))
        XCTAssertEqual(NetAddress(parsing: "[::1]:7000"), NetAddress(host: Array(repeating: 0, count: 15) + [1], port: 7000))
        XCTAssertEqual(NetAddress(parsing: "[fe80::1:2]:9")?.host.count, 16)
        for bad in ["localhost:7000", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", "1.2.3:4", "256.1.1.1:5", "[::1]", "[1::2::3]:4", "+1.2.3.4:5", "1.2.3.4:+5"] {
            XCTAssertNil(NetAddress(parsing: bad), bad)
        }
        XCTAssertEqual(NetAddress(parsing: "[::1]:7000")?.description, "[::1]:7000")
        XCTAssertEqual(NetAddress(parsing: "[fd00:0:0:1:0:0:0:2]:9")?.description, "[fd00:0:0:1::2]:9", "the longest run of zeros")
        XCTAssertEqual(NetAddress(parsing: "[1:0:2:3:4:5:6:7]:9")?.description, "[1:0:2:3:4:5:6:7]:9", "one zero group stays")
        XCTAssertEqual(NetAddress(parsing: "[::]:9")?.description, "[::]:9")
        XCTAssertEqual(NetAddress(parsing: "127.0.0.1:0", anyPort: true)?.port, 0)
    }
}
