/// What the player has achieved: which levels they have won and their best time in each.
/// Level n + 1 unlocks when level n is won; the first is always open.
public struct PlayerProgress: Equatable, Sendable {
    /// One level's record, by level name (`level1`).
    public struct LevelRecord: Equatable, Sendable {
        public var won: Bool
        /// The fastest win, in 60 Hz ticks (nil until won).
        public var bestTicks: Int?

        public init(won: Bool = false, bestTicks: Int? = nil) {
            self.won = won
            self.bestTicks = bestTicks
        }
    }

    public var levels: [String: LevelRecord]

    public init(levels: [String: LevelRecord] = [:]) { self.levels = levels }

    public func record(_ level: String) -> LevelRecord { levels[level] ?? LevelRecord() }

    /// Whether the level at `index` of the game's `order` may be played.
    public func isUnlocked(_ index: Int, of order: [String]) -> Bool {
        guard order.indices.contains(index) else { return false }
        return index == 0 || record(order[index - 1]).won
    }

    /// Notes a win; returns whether it is the level's new best time (the first win is).
    @discardableResult
    public mutating func recordWin(level: String, ticks: Int) -> Bool {
        var entry = record(level)
        entry.won = true
        let isBest = entry.bestTicks.map { ticks < $0 } ?? true
        if isBest { entry.bestTicks = ticks }
        levels[level] = entry
        return isBest
    }
}
