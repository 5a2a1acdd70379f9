/// Milliseconds in words, by one rule wherever they are written (the speedrun's clock and
/// splits, LiveSplit's commands, the trace's numbers): three decimals, always three digits.
public enum MillisecondText {
    /// `37.166`: seconds and thousandths (of a count that is not negative).
    public static func seconds(_ milliseconds: Int) -> String {
        let value = max(0, milliseconds)
        return "\(value / 1000)." + threeDigits(value % 1000)
    }

    /// `1:02.345` (`1:01:02.345` from an hour, or always with `hours`): minutes, seconds, thousandths.
    public static func clock(_ milliseconds: Int, hours: Bool = false) -> String {
        let total = max(0, milliseconds)
        let (hour, minute, second) = (total / 3_600_000, total / 60_000 % 60, total / 1000 % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return (hours || hour > 0 ? "\(hour):\(two(minute))" : "\(minute)") + ":\(two(second))." + threeDigits(total % 1000)
    }

    /// `007`: a thousandth count, 0 to 999, in three digits.
    static func threeDigits(_ value: Int) -> String {
        (value < 10 ? "00" : value < 100 ? "0" : "") + "\(value)"
    }
}
