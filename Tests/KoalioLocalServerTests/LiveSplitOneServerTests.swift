import Foundation
import Glibc
import KoalioLocalServer
import KoalioSockets
import XCTest

/// LiveSplit One's server in-process, on a real loopback socket: the game's thread telling it a
/// run while timers upgrade and are gone at once, as fast as a client can, is never made to wait.
final class LiveSplitOneServerTests: XCTestCase {
    /// A value two threads share.
    final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }

    /// An upgrade request for the server at `port`, sent on a fresh socket; the socket.
    static func upgrade(port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var wait = timeval(tv_sec: 5, tv_usec: 0)  // a server that stopped answering fails the test, never holds it
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return fd }
        let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return fd
    }

    /// 2,000 upgrades, each closed at once (every other one reset just after its answer came,
    /// as the catch-up is being written) while another thread tells the server a run's events
    /// and its game time as a game's frames would: that thread finishes, whatever the network
    /// did (the server once held a lock across a write that a close took again, for good).
    func testTheGamesThreadIsNeverHeldByTimersComingAndGoing() throws {
        let server = try LiveSplitOneServer(listen: try LocalListener.ListenAddress(parsing: "127.0.0.1:0"))
        defer { server.stop() }
        let port = try XCTUnwrap(Int(server.address.split(separator: ":").last ?? ""))
        server.send(.started)
        let racing = Locked(true)
        let frames = Locked(0)
        let gameDone = expectation(description: "the game's thread ran its frames")
        let game = Thread {
            var frame = 0
            while racing.withLock({ $0 }) || frame < 600 {
                frame += 1
                usleep(1000)  // a frame's own work: the game tells the server once a frame, not in a busy loop
                server.note(gameTime: frame * 16)
                if frame % 60 == 0 { server.send(.split(milliseconds: frame * 16)) }
                if frame % 90 == 0 { server.send(.paused); server.send(.resumed) }
                _ = server.connected
            }
            frames.withLock { $0 = frame }
            gameDone.fulfill()
        }
        game.start()
        var buffer = [UInt8](repeating: 0, count: 512)
        for attempt in 0..<2000 {
            let fd = Self.upgrade(port: port)
            if attempt % 2 == 1 {
                _ = recv(fd, &buffer, buffer.count, 0)  // the 101 (the catch-up follows it)
                var reset = linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
            }
            close(fd)
        }
        racing.withLock { $0 = false }
        wait(for: [gameDone], timeout: 60)
        XCTAssertGreaterThanOrEqual(frames.withLock { $0 }, 600)
        XCTAssertLessThanOrEqual(server.connected, LiveSplitOneServer.maxConnections)
    }
}
