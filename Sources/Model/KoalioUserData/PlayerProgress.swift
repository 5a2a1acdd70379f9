/// What the player has achieved: which levels they have won, their best time and most leaves
/// in each, and which first-level hints they no longer need. Level n + 1 unlocks when level n
/// is won (with or without assist); the first is always open, and so is a level once won.
public struct PlayerProgress: Equatable, Sendable {
    /// One level's record, by level name (`level1`).
    public struct LevelRecord: Equatable, Sendable {
        public var won: Bool
        /// The fastest win without assist, in 60 Hz ticks (nil until won so).
        public var bestTicks: Int?
        /// The most leaves taken in a winning run (nil until won, and in levels without leaves).
        public var bestLeaves: Int?
        /// Whether a winning run took every leaf of the level.
        public var allLeaves: Bool
        /// The level's leaves when it was last won (the level select's "leaves 7/10").
        public var leafTotal: Int?

        public init(won: Bool = false, bestTicks: Int? = nil, bestLeaves: Int? = nil, allLeaves: Bool = false, leafTotal: Int? = nil) {
            self.won = won
            self.bestTicks = bestTicks
            self.bestLeaves = bestLeaves
            self.allLeaves = allLeaves
            self.leafTotal = leafTotal
        }

        /// Won, but only with assist on (no best time): the level select marks it.
        public var wonOnlyWithAssist: Bool { won && bestTicks == nil }
    }

    public var levels: [String: LevelRecord]
    /// First-level hints the player has acted on ("jump", "dash"): never shown again.
    public var hintsDone: Set<String>
    /// Each speedrun category's personal best and best segments, by the category's name.
    public var speedruns: [String: SpeedrunRecord]

    public init(levels: [String: LevelRecord] = [:], hintsDone: Set<String> = [], speedruns: [String: SpeedrunRecord] = [:]) {
        self.levels = levels
        self.hintsDone = hintsDone
        self.speedruns = speedruns
    }

    public func record(_ level: String) -> LevelRecord { levels[level] ?? LevelRecord() }

    /// Whether the level at `index` of the game's `order` may be played: the first, one after a
    /// level won, and one won before (it stays open when levels change places).
    public func isUnlocked(_ index: Int, of order: [String]) -> Bool {
        guard order.indices.contains(index) else { return false }
        return index == 0 || record(order[index - 1]).won || record(order[index]).won
    }

    /// Notes a win; returns whether it is the level's new best time (the first win without
    /// assist is). A win with assist unlocks the next level and counts its leaves, but sets no
    /// time.
    @discardableResult
    public mutating func recordWin(level: String, ticks: Int, leaves: Int = 0, of leafTotal: Int = 0, assisted: Bool = false) -> Bool {
        var entry = record(level)
        entry.won = true
        if leafTotal > 0 {  // a level without leaves keeps no count
            entry.bestLeaves = max(entry.bestLeaves ?? 0, leaves)
            entry.leafTotal = leafTotal
            if leaves >= leafTotal { entry.allLeaves = true }
        }
        let isBest = !assisted && (entry.bestTicks.map { ticks < $0 } ?? true)
        if isBest { entry.bestTicks = ticks }
        levels[level] = entry
        return isBest
    }
}
