import KoalioCore
import KoalioSim
import KoalioInput

/// Records a run as it is played: each tick's input, and the state's checksum every
/// ``Recording/checksumIntervalTicks`` and at the end. A restart starts a new run.
public struct Recorder: Equatable, Sendable {
    public private(set) var recording: Recording
    public private(set) var isFinished = false

    public init(gameVersion: String, levelName: String, levelSHA256: [UInt8], tickRate: Int, assist: Assist = .off) {
        recording = Recording(gameVersion: gameVersion, levelName: levelName, levelSHA256: levelSHA256, tickRate: tickRate, assist: assist)
    }

    /// After a step: its input, and the state it left (checked every interval). A step that
    /// restarted the level starts a new run, whose first input is this tick's as a fresh level
    /// sees it: Start and the game's own pause were used up ending the last run (on a fresh
    /// level they would pause it), so they are left out.
    public mutating func record(_ input: TickInput, after session: Session, restarted: Bool, sources: [String]) {
        var input = input
        if restarted {
            recording.inputs.removeAll()
            recording.checksums.removeAll()
            isFinished = false
            input.pressed.subtract([.menu, .pauseRequest])
        }
        guard !isFinished else { return }
        recording.sources = sources
        recording.inputs.append(input)
        let tick = recording.inputs.count
        if tick % Recording.checksumIntervalTicks == 0 {
            recording.checksums.append(Recording.Checksum(tick: tick, value: StateChecksum.of(session, format: recording.formatVersion)))
        }
    }

    /// The run is over (won, died, or the game quits): the last checksum, unless just taken.
    public mutating func finish(_ session: Session) {
        guard !isFinished else { return }
        isFinished = true
        let tick = recording.inputs.count
        if recording.checksums.last?.tick != tick {
            recording.checksums.append(Recording.Checksum(tick: tick, value: StateChecksum.of(session, format: recording.formatVersion)))
        }
    }
}
