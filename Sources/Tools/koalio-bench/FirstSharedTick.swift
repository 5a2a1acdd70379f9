import Foundation
import KoalioHarness
import KoalioSystem

/// When a machine's `--trace` first shows a tick whose inputs from every machine are in
/// (`"confirmed"` ≥ 1 in its `online` object), on the monotonic clock. The trace goes to a
/// named pipe, which the game writes line by line as it plays; a thread of its own reads it from
/// the start (the game's open waits for a reader) to the end (so the pipe never fills), and
/// notes the time the line came.
final class FirstSharedTick: @unchecked Sendable {
    let path: String
    private let seen = Locked<Double?>(nil)

    init(path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw Xvfb.Failure(description: "\(path): cannot make a named pipe: \(String(cString: strerror(errno)))") }
        self.path = path
        let seen = self.seen
        Thread.detachNewThread { Self.follow(path, seen) }
    }

    /// When the line came (nil: not yet, or never).
    var at: Double? { seen.value }

    /// Lets the reader go should no game have opened the pipe (a reader waiting in its open is
    /// released by a writer's open and sees the end at once), then removes the pipe.
    func finish() {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        if descriptor >= 0 { close(descriptor) }
        unlink(path)
    }

    private static func follow(_ path: String, _ seen: Locked<Double?>) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return }
            guard seen.value == nil else { continue }  // found: the rest only drained
            let now = MonotonicClock.seconds()
            pending += buffer[..<count]
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if confirmedTick(line) >= 1 {
                    seen.change { $0 = now }
                    pending = []
                    break
                }
            }
        }
    }

    /// A trace line's `online` `confirmed` tick (0 when it has none).
    static func confirmedTick(_ line: String) -> Int {
        guard let range = line.range(of: "\"confirmed\":") else { return 0 }
        return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }
}
