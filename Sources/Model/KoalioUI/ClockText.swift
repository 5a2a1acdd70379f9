import KoalioCore

/// A run's time as the game shows it: `m:ss.t` (ticks of simulated play, rounded down), and a
/// speedrun's `m:ss.mmm` from ``Tick/milliseconds(_:)``.
public enum ClockText {
    public static func of(ticks: Int) -> String {
        let tenths = Tick.tenths(max(0, ticks))
        return "\(tenths / 600):" + String(repeating: "0", count: (tenths / 10) % 60 < 10 ? 1 : 0)
            + "\((tenths / 10) % 60).\(tenths % 10)"
    }

    /// `m:ss.mmm` (`h:mm:ss.mmm` from an hour): a speedrun's in-game time, its splits.
    public static func precise(ticks: Int) -> String { precise(milliseconds: Tick.milliseconds(max(0, ticks))) }

    public static func precise(milliseconds: Int) -> String { MillisecondText.clock(milliseconds) }

    /// A split's difference to the personal best: `+1.234` slower, `-0.500` faster (seconds;
    /// minutes too past one: `+1:02.000`).
    public static func delta(ticks: Int) -> String {
        let milliseconds = Tick.milliseconds(abs(ticks))
        let text = milliseconds >= 60_000 ? precise(milliseconds: milliseconds) : MillisecondText.seconds(milliseconds)
        return (ticks < 0 ? "-" : "+") + text
    }
}
