import Glibc
import KoalioCore

/// Seconds of the system's monotonic clock (never set back), from any thread: for timeouts and
/// rates measured outside SDL (the phones' server thread).
public enum MonotonicClock {
    @Sendable public static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
