@testable import KoalioLocalServer
import KoalioPhone
import NIOCore
import NIOEmbedded
import NIOWebSocket
import XCTest

/// A seated phone's WebSocket handler in NIO's embedded channel: its time is moved by the test,
/// its writability set by hand, so what a peer that stops reading gets is tested without one.
final class PhonePadHandlerTests: XCTestCase {
    /// A channel with a phone seated on it (admitted with the token, upgraded), and its hub.
    func seatedChannel() throws -> (EmbeddedChannel, PhoneHub) {
        let hub = PhoneHub(clock: { 0 })
        hub.showToken()
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8765)).wait()  // active, as an accepted socket is
        let id = try XCTUnwrap(hub.opened(channel, from: [127, 0, 0, 1]))
        XCTAssertEqual(hub.admit(id, token: Substring(hub.pairing.token), code: nil, resume: nil), .success(1))
        try channel.pipeline.syncOperations.addHandler(PhonePadHandler(hub: hub, connection: id))
        XCTAssertEqual(Array(hub.drain().seats.keys), [1], "seated")
        let resume = try XCTUnwrap(try channel.readOutbound(as: WebSocketFrame.self), "the resume token, sent at once")
        XCTAssertEqual(Array(resume.data.readableBytesView), PhoneMessage.resume(hub.resumeToken(of: 1) ?? []).bytes)
        return (channel, hub)
    }

    func masked(_ opcode: WebSocketOpcode, _ bytes: [UInt8]) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, maskKey: WebSocketMaskingKey([1, 2, 3, 4]), data: ByteBuffer(bytes: bytes))
    }

    /// The close frame the handler wrote, as its code; nil if it wrote none.
    func closeCode(_ channel: EmbeddedChannel) throws -> UInt16? {
        while let frame = try channel.readOutbound(as: WebSocketFrame.self) {
            guard frame.opcode == .connectionClose else { continue }
            var data = frame.data
            return data.readInteger(as: UInt16.self)
        }
        return nil
    }

    func testAPeerThatStopsReadingIsClosedWithinASecond() throws {
        let (channel, _) = try seatedChannel()
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(900))
        XCTAssertTrue(channel.isActive, "a moment's back-up is not yet a peer that does not read")
        try channel.writeInbound(masked(.ping, [1]))
        XCTAssertNil(try channel.readOutbound(as: WebSocketFrame.self), "no answer piles up while it does not read")
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(100))
        XCTAssertFalse(channel.isActive, "closed a second after it stopped reading")
    }

    func testAPeerThatReadsAgainStaysOpen() throws {
        let (channel, _) = try seatedChannel()
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        XCTAssertTrue(channel.isActive)
    }

    func testPingsAreAnsweredUpToACapAndCountAsFrames() throws {
        let (channel, _) = try seatedChannel()
        for _ in 0..<PhonePadHandler.pingsPerSecond { try channel.writeInbound(masked(.ping, [7])) }
        for _ in 0..<PhonePadHandler.pingsPerSecond {
            XCTAssertEqual(try channel.readOutbound(as: WebSocketFrame.self)?.opcode, .pong)
        }
        try channel.writeInbound(masked(.ping, [7]))
        XCTAssertEqual(try closeCode(channel), 1008, "one ping too many in a second: policy")
    }

    func testAnUnmaskedFrameIsAProtocolError() throws {
        let (channel, hub) = try seatedChannel()
        try channel.writeInbound(WebSocketFrame(fin: true, opcode: .binary, data: ByteBuffer(bytes: PhoneFrame(a: true).bytes)))
        XCTAssertEqual(try closeCode(channel), 1002)
        XCTAssertNil(hub.drain().frames[1], "and its frame was not taken")
    }

    func testAFrameTooLargeGetsOneCloseFrame() throws {
        let (channel, _) = try seatedChannel()
        channel.pipeline.fireErrorCaught(NIOWebSocketError.invalidFrameLength)
        channel.pipeline.fireErrorCaught(NIOWebSocketError.invalidFrameLength)
        XCTAssertEqual(try closeCode(channel), 1009)
        XCTAssertNil(try closeCode(channel), "one close frame, not two")
    }

    func testAGoodFrameReachesTheSeat() throws {
        let (channel, hub) = try seatedChannel()
        try channel.writeInbound(masked(.binary, PhoneFrame(a: true, stickX: 100).bytes.enumerated().map { $1 ^ [1, 2, 3, 4][$0 % 4] }))
        XCTAssertEqual(hub.drain().frames[1]?.frame, PhoneFrame(a: true, stickX: 100))
    }
}
