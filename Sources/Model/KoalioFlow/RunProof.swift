import KoalioCore
import KoalioInput
import KoalioReplay
import KoalioSim

/// A speedrun's proof as it is played: the recordings of its levels' tries in the order played
/// (a level won; a try before a restart, after a death or from the pause menu, is a segment of
/// its own, so the verifier steps every tick the clock counted), written as one run
/// (``RunRecording``) when the last flag is reached. Part of the value (``SpeedrunRun/proof``):
/// a run abandoned leaves nothing behind.
package struct RunProof: Equatable {
    /// The tries kept so far.
    package private(set) var segments: [Recording] = []
    /// The try being played.
    private var recorder: Recorder?
    /// The state its last step left (a try cut short is finished on it: its last ticks are checked too).
    private var lastSession: Session?

    package init() {}

    /// A level's try begins (its level loaded, or restarted from the pause menu): the try
    /// before joins the run.
    mutating func begin(_ run: LevelRun, gameVersion: String) {
        keepSegment()
        recorder = Recorder(gameVersion: gameVersion, levelName: run.session.stage.name, levelSHA256: run.sha256, tickRate: Tick.perSecond,
                            assist: run.session.world.assist)
    }

    /// A step of the try: recorded (a restart after a death keeps the try before it); `sources`,
    /// the controllers' names by their number in the input.
    mutating func record(_ input: TickInput, _ result: Session.StepResult, _ session: Session, sources: [String]) {
        if result.restarted, let previous = recorder?.recording, previous.inputs.count > 0 { segments.append(previous) }
        lastSession = session
        recorder?.record(input, after: session, restarted: result.restarted, sources: sources)
        if result.ended != nil { recorder?.finish(session) }
    }

    /// The run's last flag: every try, as one run of `category`.
    mutating func finish(category: String) -> RunRecording {
        keepSegment()
        return RunRecording(category: category, segments: segments)
    }

    private mutating func keepSegment() {
        if let lastSession { recorder?.finish(lastSession) }
        if let recording = recorder?.recording, recording.inputs.count > 0 { segments.append(recording) }
        recorder = nil
        lastSession = nil
    }
}
