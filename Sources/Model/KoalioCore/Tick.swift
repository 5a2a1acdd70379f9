/// The fixed simulation rate. Everything the simulation counts is counted in these ticks.
public enum Tick {
    public static let perSecond = 60
    /// One tick in seconds, for converting the original's per-second figures.
    public static let seconds = 1.0 / Double(perSecond)

    /// A time in ticks as the game shows times: whole tenths of a second, rounded down.
    public static func tenths(_ ticks: Int) -> Int { ticks * 10 / perSecond }

    /// A time in ticks as speedruns show it: whole milliseconds, rounded down (ticks × 1000 / 60):
    /// the one rule for the HUD's timer, the splits, the `.lss` file and LiveSplit.
    public static func milliseconds(_ ticks: Int) -> Int { ticks * 1000 / perSecond }
}

/// The logical view: the original's landscape phone screen, 20 tiles of 16 px tall.
public enum LogicalView {
    public static let width = 568
    public static let height = 320

    /// The window's scale for `asked`: the largest whole multiple of the view, at most `asked`
    /// and at least 1, whose window fits a display's usable area (its panels left out).
    public static func fittingScale(_ asked: Int, usableWidth: Int, usableHeight: Int) -> Int {
        max(1, min(asked, usableWidth / width, usableHeight / height))
    }
}
