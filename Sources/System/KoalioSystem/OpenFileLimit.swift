import Glibc

/// The process's limit of open files (`RLIMIT_NOFILE`). Debian starts programs with a soft
/// limit of 1,024 and a hard one far above it; a game that holds sockets for phones, timers and
/// peers must not run out of descriptors to save with, so it raises its soft limit to the hard
/// one at start (what the soft limit is for: a program that knows it needs more).
public enum OpenFileLimit {
    /// The soft limit raised to the hard limit; returns the soft limit now (nil if it cannot be read).
    @discardableResult
    public static func raiseToHard() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }
}
