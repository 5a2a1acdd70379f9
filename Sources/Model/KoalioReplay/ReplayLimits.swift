/// What koalio reads from a replay file, checked before anything is allocated. Memory grows
/// with the number of input changes, which the file's size bounds (each takes ≥ 4 bytes),
/// never with the tick count a header claims. docs/FORMATS.md's "Limits" section lists these.
public enum ReplayLimits {
    /// A replay file (a minute of play takes a few KB).
    public static let fileBytes = 16 << 20
    /// 24 hours of 60 Hz ticks.
    public static let ticks = 24 * 60 * 60 * 60
}
