import KoalioInput
import KoalioReplay
import KoalioSim

/// koalio's level run as the rollback core steps it: a ``Session`` (the world and the pause,
/// a value, so saving it is a copy) stepped with every seat's ``SeatInput`` of a tick.
public struct NetGame: RollbackGame, Equatable, Sendable {
    public private(set) var session: Session

    public init(session: Session) { self.session = session }

    public static func predict(after last: SeatInput) -> SeatInput { last.predictingNext }

    /// What the tick did, for sounds and the recording.
    public struct Report: Equatable, Sendable {
        public var step: Session.StepResult
        public var events: WorldEvents
        /// The players whose koala was lost on the tick.
        public var lostPlayers: [Int]
    }

    public mutating func step(_ inputs: [SeatInput]) -> Report {
        let step = session.step(SeatTick.tickInput(inputs))
        let lost = session.events.contains(.koalaLost) ? session.world.koalas.filter(\.diedThisStep).map(\.number) : []
        return Report(step: step, events: session.events, lostPlayers: lost)
    }

    public var checksum: UInt64 { StateChecksum.of(session) }
}

/// A recorded run as the rollback core steps it, for the sync test: one seat, the recording's
/// own inputs (never guessed: every input is heard before its tick).
public struct ReplayGame: RollbackGame {
    public private(set) var session: Session
    let format: UInt16

    public init(session: Session, format: UInt16) {
        self.session = session
        self.format = format
    }

    public static func predict(after last: TickInput) -> TickInput { last }

    public mutating func step(_ inputs: [TickInput]) -> Session.StepResult {
        inputs.first.map { session.step($0) } ?? Session.StepResult()
    }

    public var checksum: UInt64 { StateChecksum.of(session, format: format) }
}

/// `--sync-test N`: a recording played through the rollback core, which at every tick loads the
/// state N ticks back and steps to now again; every tick's checksum must match the first time's
/// and the recording's own. What it proves: the game is whole in its saved state (nothing a
/// step reads lives outside it) and stepping it again gives the same result, which rollback
/// play rests on.
public enum SyncTest {
    public enum Outcome: Equatable, Sendable {
        case ok(ticks: Int)
        /// Stepped again from N ticks back, the game differs from the first time at `tick`.
        case rollbackDiffers(tick: Int, first: UInt64, again: UInt64)
        /// The recording's own checksum at `tick` does not match.
        case mismatch(tick: Int, expected: UInt64, actual: UInt64)
    }

    /// Deepest a sync test rolls back: as far as play may.
    public static let maxDepth = 8

    public static func run(_ recording: Recording, on stage: Stage, depth: Int) -> Outcome {
        let game = ReplayGame(session: Session(stage: stage, assist: recording.assist), format: recording.formatVersion)
        var rollback = Rollback(game: game, start: [recording.inputs.first ?? TickInput(source: 0, snapshot: .neutral)],
                                inputDelay: 0, maxRollback: max(depth, 1))
        var checksums = ChecksumCheck(recording)
        var tick = 0
        for run in recording.inputs.runs {
            for _ in 0..<run.length {
                rollback.addLocal(run.input, seat: 0)
                _ = rollback.advanceFrame()
                tick += 1
                if let differs = rollback.rollBackAndCompare(depth: depth) {
                    return .rollbackDiffers(tick: differs.tick, first: differs.first, again: differs.again)
                }
                if let differs = checksums.check(after: tick, { rollback.game.checksum }) {
                    return .mismatch(tick: tick, expected: differs.expected, actual: differs.actual)
                }
            }
        }
        if let missing = checksums.leftOver {
            return .mismatch(tick: missing.tick, expected: missing.value, actual: rollback.game.checksum)
        }
        return .ok(ticks: tick)
    }
}
