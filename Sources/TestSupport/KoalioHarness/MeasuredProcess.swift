import Foundation

/// A child process run to completion, with what the kernel says it cost (`wait4`'s rusage).
///
/// Its peak memory comes from GNU time (`/usr/bin/time`), which forks it from a small process:
/// posix_spawn's child shares this process's memory until it execs, and Linux then counts this
/// process's own peak as the child's (`ru_maxrss`), so a bench grown past the game would read as
/// the game's peak.
public struct MeasuredProcess: Sendable {
    public var status: Int32
    public var wallSeconds: Double
    public var cpuSeconds: Double
    /// Peak resident set size in bytes.
    public var peakResidentBytes: Int

    /// Runs `path` with `arguments`, stdout and stderr to /dev/null, extra environment merged in.
    public static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> MeasuredProcess {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        let peakFile = NSTemporaryDirectory() + "koalio-peak-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(peakFile) }
        let timed = ["/usr/bin/time", "-f", "%M", "-o", peakFile, path] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = timed.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, timed[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw Xvfb.Failure(description: "cannot start \(timed[0]) (Debian's time) for \(path): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        // Its last line: "Command exited with non-zero status N" may come before.
        let kilobytes = (try? String(contentsOfFile: peakFile, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard let kilobytes else { throw Xvfb.Failure(description: "no peak memory from /usr/bin/time for \(path)") }
        return MeasuredProcess(
            status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
            wallSeconds: Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            peakResidentBytes: kilobytes * 1024)
    }
}
