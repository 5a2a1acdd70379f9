import KoalioSim

/// A speedrun recorded whole: its category and every level recording in the order it was
/// played, each naming its level's file by digest. A level whose run was restarted from the
/// pause menu has two or more recordings in a row; each one that ends won is a split.
public struct RunRecording: Equatable, Sendable {
    public var category: String
    public var segments: [Recording]

    public init(category: String, segments: [Recording]) {
        self.category = category
        self.segments = segments
    }
}

/// Plays a whole speedrun's recording back and proves its in-game time: every segment's
/// checksums must match, each level's run must end at its flag, and the in-game time is the
/// sessions' own play ticks summed (``Session/playTicks``), as the run counted it.
public enum RunVerifier {
    /// A flag reached: the level, and the run's in-game time then (ticks).
    public struct Split: Equatable, Sendable {
        public var levelName: String
        public var inGameTicks: Int

        public init(levelName: String, inGameTicks: Int) {
            self.levelName = levelName
            self.inGameTicks = inGameTicks
        }
    }

    public enum Outcome: Equatable, Sendable {
        /// Every checksum matched: the ticks recorded, the in-game time, each split.
        case ok(ticks: Int, inGameTicks: Int, splits: [Split])
        /// Segment `segment` (from 0) differs at its tick `tick`, its run's tick `runTick`.
        case mismatch(segment: Int, tick: Int, runTick: Int)
        /// Segment `segment`'s level is not here (no stage for its digest).
        case missingLevel(segment: Int, name: String)
        /// The run does not end at the category's last flag (a level left out, or not won).
        case unfinished
        /// Segment `segment` is not the category's level the run is at (a level skipped, or
        /// another category's).
        case wrongLevel(segment: Int)
        /// Segment `segment` was played with assist: no speedrun.
        case assisted(segment: Int)
    }

    /// `levels`: the category's levels in order, by their files' digests. `stage`: the level a
    /// segment names, found by its file's digest (nil: not here). Each segment must play the
    /// level the run is at (a try that did not reach the flag is followed by that level again).
    public static func verify(_ run: RunRecording, levels: [[UInt8]], stage: (Recording) -> Stage?) -> Outcome {
        var splits: [Split] = []
        var inGame = 0, ticks = 0
        var lastWon = false
        for (index, segment) in run.segments.enumerated() {
            guard splits.count < levels.count, segment.levelSHA256 == levels[splits.count] else { return .wrongLevel(segment: index) }
            guard !segment.assist.isOn else { return .assisted(segment: index) }
            guard let level = stage(segment) else { return .missingLevel(segment: index, name: segment.levelName) }
            let (outcome, session) = ReplayVerifier.replay(segment, on: level)
            switch outcome {
            case let .mismatch(tick, _, _): return .mismatch(segment: index, tick: tick, runTick: ticks + tick)
            case let .ok(segmentTicks): ticks += segmentTicks
            }
            inGame += session.playTicks
            lastWon = session.state == .won
            if lastWon { splits.append(Split(levelName: segment.levelName, inGameTicks: inGame)) }
        }
        guard lastWon, splits.count == levels.count else { return .unfinished }
        return .ok(ticks: ticks, inGameTicks: inGame, splits: splits)
    }
}
