import Foundation

/// A child process run to completion, with what the kernel says it cost (`wait4`'s rusage).
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
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw Xvfb.Failure(description: "cannot start \(path): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return MeasuredProcess(
            status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
            wallSeconds: Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            peakResidentBytes: Int(usage.ru_maxrss) * 1024)
    }
}
