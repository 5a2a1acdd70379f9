/// A level's medals for its time: gold, silver, bronze (see docs/MANUAL.md, "Medals").
public enum Medal: String, CaseIterable, Sendable {
    case gold, silver, bronze
}

/// The times a level's medals ask for, in 60 Hz ticks: a win this fast or faster earns them.
public struct MedalTimes: Equatable, Sendable {
    public var gold: Int
    public var silver: Int
    public var bronze: Int

    public init(gold: Int, silver: Int, bronze: Int) {
        self.gold = gold
        self.silver = silver
        self.bronze = bronze
    }

    /// The best medal a win in `ticks` earns, if any. Compared as the game shows times (in
    /// tenths of a second, rounded down), so a time shown equal to a medal's earns it.
    public func medal(forTicks ticks: Int) -> Medal? {
        let time = Tick.tenths(ticks)
        return time <= Tick.tenths(gold) ? .gold : time <= Tick.tenths(silver) ? .silver : time <= Tick.tenths(bronze) ? .bronze : nil
    }

    public func ticks(for medal: Medal) -> Int {
        switch medal {
        case .gold: return gold
        case .silver: return silver
        case .bronze: return bronze
        }
    }
}
