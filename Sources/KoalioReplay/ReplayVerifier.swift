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

    public static func verify(_ recording: Recording, on stage: Stage) -> Outcome {
        var session = Session(stage: stage, assist: recording.assist)
        var next = 0
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
                while next < recording.checksums.count && recording.checksums[next].tick == tick {
                    let expected = recording.checksums[next].value
                    let actual = StateChecksum.of(session, format: recording.formatVersion)
                    guard actual == expected else { return .mismatch(tick: tick, expected: expected, actual: actual) }
                    next += 1
                }
            }
        }
        if next < recording.checksums.count {  // a checksum past the end: the run is shorter than recorded
            return .mismatch(tick: recording.checksums[next].tick, expected: recording.checksums[next].value,
                             actual: StateChecksum.of(session, format: recording.formatVersion))
        }
        return .ok(ticks: recording.inputs.count)
    }
}
