import Dispatch
import FoundationEssentials

/// Writes the player's files (replays, progress) off the frame loop, in order, on one serial
/// queue: an atomic write ends in fsync, which can take tens of milliseconds on a real disk —
/// a visible hitch if the frame waited for it. A write that fails is reported in one line and
/// the game plays on; the loop waits for everything queued before the game exits.
final class BackgroundWriter: Sendable {
    private let queue = DispatchQueue(label: "koalio.writer", qos: .utility)

    /// Runs `write` after every write queued before it; its error, if any, becomes a line on
    /// stderr, and so does the warning it returns (a damaged file kept aside, data saved elsewhere).
    func enqueue(_ write: @escaping @Sendable () throws -> String?) {
        queue.async {
            do {
                if let warning = try write() { StandardError.writeLine("koalio: warning: \(warning)") }
            } catch {
                StandardError.writeLine("koalio: \(error)")
            }
        }
    }

    /// Returns once every queued write has finished.
    func waitUntilDone() {
        queue.sync {}
    }
}
