import Foundation

/// A child process a test runs to completion, bounded in time: its stdout and stderr are read
/// at once on their own threads (a child that writes more than a pipe holds, 64 KiB, to one of
/// them while the test waits on the other would otherwise hang both), and a child still running
/// at its deadline is killed, so a hang fails the test in bounded time instead of stalling CI.
public enum ChildProcess {
    /// A child the deadline ended: the test fails with this, naming the command.
    public struct TimedOut: Error, CustomStringConvertible {
        public var description: String
    }

    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Whether the deadline ended the child (it was killed; `status` is then its signal's).
        public var timedOut: Bool
    }

    /// Long enough for the slowest child a test starts (a level won in real time under a
    /// software-rendered compositor takes about 70 s in a debug build).
    public static let defaultDeadlineSeconds = 240.0

    /// - Parameter input: written to the child's standard input, which is then closed (none: /dev/null).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                           directory: String, input: String? = nil, deadlineSeconds: Double = defaultDeadlineSeconds) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        if let stdin, let input {
            let handle = stdin.fileHandleForWriting
            DispatchQueue.global().async {
                try? handle.write(contentsOf: Data(input.utf8))
                try? handle.close()
            }
        }

        let collected = Collected()
        let readers = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async(group: readers) {
                collected.append(handle.readDataToEndOfFile(), isError: isError)
            }
        }
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem {
            collected.markTimedOut()
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadlineSeconds, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        readers.wait()
        let (stdout, stderr, timedOut) = collected.snapshot()
        guard !timedOut else {
            throw TimedOut(description: "\(([executable] + arguments).joined(separator: " ")) ran past its \(Int(deadlineSeconds)) s deadline and was killed")
        }
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self), timedOut: timedOut)
    }

    /// What the reader threads and the watchdog hand back, behind a lock.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var stdout = Data(), stderr = Data()
        private var timedOut = false

        func append(_ data: Data, isError: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if isError { stderr.append(data) } else { stdout.append(data) }
        }

        func markTimedOut() {
            lock.lock()
            defer { lock.unlock() }
            timedOut = true
        }

        func snapshot() -> (Data, Data, Bool) {
            lock.lock()
            defer { lock.unlock() }
            return (stdout, stderr, timedOut)
        }
    }
}
