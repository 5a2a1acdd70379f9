import KoalioCore
import KoalioInput

/// One level run: who played it on what, every tick's input, and checksums to check it by.
public struct Recording: Equatable, Sendable {
    /// The format this koalio writes and the newest it reads.
    public static let formatVersion: UInt16 = 4
    /// A state checksum is kept every this many ticks, and at the end.
    public static let checksumIntervalTicks = 60

    public struct Checksum: Equatable, Sendable {
        /// Ticks of the run after which the state was taken (1 = after the first tick).
        public var tick: Int
        public var value: UInt64

        public init(tick: Int, value: UInt64) {
            self.tick = tick
            self.value = value
        }
    }

    /// The format the recording was made in, which says how its checksums were computed: a
    /// version-1 file keeps verifying with version 1's checksum.
    public var formatVersion = Recording.formatVersion
    public var gameVersion: String
    public var levelName: String
    /// SHA-256 of the level file the run was played on.
    public var levelSHA256: [UInt8]
    public var tickRate: Int
    /// The run's assist settings (format 4; older files were played without).
    public var assist: Assist
    /// Controller names; a tick input's `source` indexes this.
    public var sources: [String]
    /// One input per tick, stored as runs of equal inputs.
    public var inputs: TickInputRuns
    public var checksums: [Checksum]

    public init(gameVersion: String, levelName: String, levelSHA256: [UInt8], tickRate: Int, assist: Assist = .off,
                sources: [String] = [], inputs: TickInputRuns = TickInputRuns(), checksums: [Checksum] = []) {
        self.gameVersion = gameVersion
        self.levelName = levelName
        self.levelSHA256 = levelSHA256
        self.tickRate = tickRate
        self.assist = assist
        self.sources = sources
        self.inputs = inputs
        self.checksums = checksums
    }

    /// Where controllers changed: (tick, controller name) for each change, from the first tick.
    public var controllerChanges: [(tick: Int, name: String)] {
        var changes: [(Int, String)] = []
        var last = -1, tick = 1
        for run in inputs.runs {
            if run.input.source != last {
                last = run.input.source
                changes.append((tick, last < sources.count ? sources[last] : "?"))
            }
            tick += run.length
        }
        return changes
    }
}
