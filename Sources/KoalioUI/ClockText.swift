import KoalioCore

/// A run's time as the game shows it: `m:ss.t` (ticks of simulated play, rounded down).
public enum ClockText {
    public static func of(ticks: Int) -> String {
        let tenths = Tick.tenths(max(0, ticks))
        return "\(tenths / 600):" + String(repeating: "0", count: (tenths / 10) % 60 < 10 ? 1 : 0)
            + "\((tenths / 10) % 60).\(tenths % 10)"
    }
}
