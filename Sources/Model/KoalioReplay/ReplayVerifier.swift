import KoalioCore
import KoalioSim

/// Plays a recording through the game's own step as fast as it goes and compares checksums.
public enum ReplayVerifier {
    public enum Outcome: Equatable, Sendable {
        /// Every checksum matched; the run's length in ticks.
        case ok(ticks: Int)
        /// The first checksum that did not match.
        case mismatch(tick: Int, expected: UInt64, actual: UInt64)
    }

    public static func verify(_ recording: Recording, on stage: Stage) -> Outcome { replay(recording, on: stage).outcome }

    /// The check, and the session as the recording left it (or as it was at the mismatch).
    public static func replay(_ recording: Recording, on stage: Stage) -> (outcome: Outcome, session: Session) {
        var session = Session(stage: stage, assist: recording.assist)
        var checksums = ChecksumCheck(recording)
        var tick = 0
        var partners: [PartnerCommand] = []  // reused run to run
        for run in recording.inputs.runs {
            // What `Session.step(_ input:)` makes of the input, made once for the run's ticks.
            let command = run.input.command, actions = run.input.actions
            partners.removeAll(keepingCapacity: true)
            for partner in run.input.partners { partners.append(partner.command) }
            for _ in 0..<run.length {
                session.step(command, partners: partners, actions)
                tick += 1
                if let differs = checksums.check(after: tick, { StateChecksum.of(session, format: recording.formatVersion) }) {
                    return (.mismatch(tick: tick, expected: differs.expected, actual: differs.actual), session)
                }
            }
        }
        if let missing = checksums.leftOver {  // a checksum past the end: the run is shorter than recorded
            return (.mismatch(tick: missing.tick, expected: missing.value, actual: StateChecksum.of(session, format: recording.formatVersion)), session)
        }
        return (.ok(ticks: recording.inputs.count), session)
    }
}
