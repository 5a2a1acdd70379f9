import KoalioUserData

/// A speedrun under way: its category, its levels in order, the in-game time of the levels
/// done and of the one being played, and the splits so far. In-game time is counted by the
/// sessions (``Session/playTicks``): pauses, menus and level loads are left out by construction.
package struct SpeedrunRun: Equatable {
    package var category: SpeedrunCategory
    /// The levels in order, and their names (the splits' and the `.lss` file's).
    package var levels: [LevelRef]
    package var names: [String]
    /// The level being played (its place in ``levels``).
    package var current = 0
    /// In-game time of the levels done (the last split), and of the current level's runs
    /// before a restart from the pause menu (a new session counts from zero).
    package var completedTicks = 0
    package var carriedTicks = 0
    /// The in-game time at each flag so far, and the real time (milliseconds from the start).
    package var splits: [Int] = []
    package var realSplits: [Int] = []
    /// The category's records when the run began: each split's delta and gold compare with it.
    package var before: SpeedrunRecord
    /// Wall-clock seconds at the first level's start (real time), from the driver's clock.
    package var startedAt: Double
    /// The flow tick of the last split: its delta shows for a while.
    package var lastSplitAt: Int?
    /// Whether the run's game time runs, as the timers outside were last told: while its level
    /// is on (playing, nothing over it). LiveSplit pauses its game time on the edge
    /// (``update(levelOn:playTicks:)``); the run starts running, and its last split ends it.
    package var clockRuns = true
    /// The recordings that prove it, as it is played.
    package var proof = RunProof()

    package init(category: SpeedrunCategory, levels: [LevelRef], names: [String], before: SpeedrunRecord, startedAt: Double) {
        self.category = category
        self.levels = levels
        self.names = names
        self.before = before
        self.startedAt = startedAt
    }

    /// The run's in-game time with the current level's `playTicks`.
    package func inGameTicks(current playTicks: Int) -> Int { completedTicks + carriedTicks + playTicks }

    /// The run's own update, once a tick after the tick's loads (a split's next level is on by
    /// then): whether its game time runs (`levelOn`: its level plays, nothing over it), said as
    /// an edge, for the timers outside to pause and go on with it; nil when nothing changed.
    package mutating func update(levelOn: Bool, playTicks: Int) -> SpeedrunEvent? {
        guard levelOn != clockRuns else { return nil }
        clockRuns = levelOn
        return .clock(runs: levelOn, inGameTicks: inGameTicks(current: playTicks))
    }

    /// A flag reached (`now`: the driver's clock; `tick`: the flow's): the split taken, and the
    /// next level to load, nil when that was the last (the run is over).
    package mutating func split(playTicks: Int, now: Double, tick: Int) -> LevelRef? {
        let time = inGameTicks(current: playTicks)
        splits.append(time)
        realSplits.append(max(realSplits.last ?? 0, Int(((now - startedAt) * 1000).rounded(.down))))
        completedTicks = time
        carriedTicks = 0
        lastSplitAt = tick
        guard current + 1 < levels.count else { return nil }
        current += 1
        return levels[current]
    }
}

/// A finished speedrun, as its results page shows it.
package struct SpeedrunResult: Equatable {
    package var category: SpeedrunCategory
    package var names: [String]
    package var splits: [Int]
    package var realSplits: [Int]
    package var before: SpeedrunRecord
    package var isPersonalBest: Bool

    /// The run's real time, milliseconds.
    package var realMilliseconds: Int { realSplits.last ?? 0 }
}
