import KoalioFlow
import FoundationEssentials
import KoalioCore
import KoalioInput
import KoalioReplay
import KoalioSim
import KoalioUserData
import KoalioSystem
import KoalioReplayFile
import KoalioUserFiles

/// What the game keeps of the runs played: each live run recorded as it goes (for the
/// autosave of wins, `--record`, and the best run), the progress, and the best run replayed
/// beside the player as a ghost. Everything is written off the frame loop, in order.
@MainActor
final class RunKeeper {
    /// How to record (nil during a replay, which records nothing).
    let options: RecordingOptions?
    /// Where the progress is saved, and where each level's best run is kept (nil: not saved).
    let progressPath: String?
    let bestRunDirectory: String?
    /// Replays, progress and settings are written on this, off the frame loop.
    let writer = BackgroundWriter()
    /// The best run of the level being played, replayed beside the player (see ``Ghost``).
    private(set) var ghost: Ghost?
    /// Controller names in the order they first steered: a recording's table.
    private(set) var sourceNames: [String] = []
    /// The controller that steered each co-op player on the last step (the trace's `koalas`).
    private(set) var partnerControllers: [Int: String] = [:]
    private var recorder: Recorder?
    private var recordWritten = false
    /// A networked run's table of controllers: each seat's, the same on every machine.
    private var networkSources: [String]?
    /// A speedrun under way: the recordings of its levels' tries so far, in the order played
    /// (nil: none), and the session the last step left (a try cut short is finished on it).
    private var runSegments: [Recording]?
    private var lastSession: Session?

    init(options: RecordingOptions?, progressPath: String?, bestRunDirectory: String?) {
        self.options = options
        self.progressPath = progressPath
        self.bestRunDirectory = bestRunDirectory
    }

    /// Where the best run of a catalog level is kept (`best/NAME.koalioreplay`).
    func bestRunPath(level: String?) -> String? {
        guard let level, let bestRunDirectory else { return nil }
        return bestRunDirectory + "/" + level + "." + ReplayFile.fileExtension
    }

    /// A level starts: a new recording, and the level's best run as the ghost (when the ghost
    /// is on). A ghost file that cannot be read is said in one line and the level is played
    /// without it; one recorded on another version of the level file is skipped (it would run
    /// through walls).
    func begin(_ run: LevelRun, catalogName: String?, ghostOn: Bool) {
        ghost = nil
        keepSegment()
        networkSources = run.networked ? OnlineGame.sourceNames : nil
        guard let options, run.source.isLive else { return }
        recorder = Recorder(gameVersion: options.gameVersion, levelName: run.session.stage.name, levelSHA256: run.sha256,
                            tickRate: Tick.perSecond, assist: run.session.world.assist)
        guard ghostOn, let path = bestRunPath(level: catalogName), FileManager.default.fileExists(atPath: path) else { return }
        let recording: Recording
        do { recording = try ReplayStore.read(path) } catch { return warn("no ghost: \(error.description)") }
        guard recording.levelSHA256 == run.sha256 else { return }
        ghost = Ghost(recording: recording, stage: run.session.stage)
    }

    func dropGhost() { ghost = nil }

    /// The index of a controller's name in the recording's table.
    func sourceIndex(_ name: String) -> Int {
        if let index = sourceNames.firstIndex(of: name) { return index }
        sourceNames.append(name)
        return sourceNames.count - 1
    }

    /// A step taken: the ghost keeps up, the trace learns who steered players 2–4, and the
    /// step is recorded; a run that ended is saved where it goes (autosave of wins, `--record`).
    /// - Parameter replaySources: a replay's table of controller names (nil when live).
    func stepped(_ input: TickInput, _ result: Session.StepResult, session: Session, replaySources: [String]?) {
        ghost?.follow(worldTick: session.world.tick)
        let names = replaySources ?? networkSources ?? sourceNames
        partnerControllers = [:]
        for partner in input.partners where partner.source < names.count {
            partnerControllers[partner.player] = names[partner.source]
        }
        // Appends to `recorder` where it lives: a local copy would share the recording's storage,
        // so every append would copy the whole run so far.
        guard recorder != nil, let options else { return }
        // A speedrun keeps every try: the one before a restart after a death is a segment of its own.
        if result.restarted, runSegments != nil, let previous = recorder?.recording, previous.inputs.count > 0 {
            runSegments?.append(previous)
        }
        if runSegments != nil { lastSession = session }
        recorder?.record(input, after: session, restarted: result.restarted, sources: networkSources ?? sourceNames)
        guard let ended = result.ended else { return }
        recorder?.finish(session)
        guard let recording = recorder?.recording else { return }
        if ended == .won, let directory = options.autosaveDirectory {
            save(to: directory + "/" + ReplayStore.autosaveName(level: recording.levelName), purpose: "save the winning replay") { path throws(KoalioError) in
                try ReplayStore.write(recording, to: path)
            }
        }
        if let path = options.recordPath, !recordWritten, runSegments == nil {  // a speedrun's goes whole, at its end
            recordWritten = true
            writer.enqueue { try ReplayStore.write(recording, to: path) }
        }
    }

    // MARK: - A speedrun

    /// A speedrun begins: its levels' recordings are kept, to be written as one run.
    func startRun() {
        runSegments = []
        lastSession = nil
    }

    /// The speedrun was abandoned: nothing of it is written.
    func abandonRun() {
        runSegments = nil
        lastSession = nil
    }

    /// The level recorded so far joins the run's (a level won, or restarted from the pause
    /// menu: finished on the state it left, so its last ticks are checked too).
    private func keepSegment() {
        guard runSegments != nil else { return }
        if let lastSession { recorder?.finish(lastSession) }
        guard let recording = recorder?.recording, recording.inputs.count > 0 else { return }
        runSegments?.append(recording)
        recorder = nil
    }

    /// The speedrun reached its last flag: the whole run written to `--record`'s file, to the
    /// autosave folder, and kept as the category's best run when it is the personal best.
    func finishRun(category: String, personalBest: Bool) {
        keepSegment()
        guard let segments = runSegments, let options else { return }
        runSegments = nil
        let run = RunRecording(category: category, segments: segments)
        if let path = options.recordPath, !recordWritten {
            recordWritten = true
            writer.enqueue { try ReplayStore.write(run, to: path) }
        }
        if let directory = options.autosaveDirectory {
            save(to: directory + "/" + ReplayStore.autosaveName(level: category, extension: RunFile.fileExtension), purpose: "save the run") { path throws(KoalioError) in
                try ReplayStore.write(run, to: path)
            }
        }
        if personalBest, let bestRunDirectory {
            save(to: bestRunDirectory + "/speedrun-" + category + "." + RunFile.fileExtension, purpose: "keep the personal best's run") { path throws(KoalioError) in
                try ReplayStore.write(run, to: path)
            }
        }
    }

    /// The run just won is the level's best: its recording is kept for the ghost to race.
    func keepBestRun(level: String?) {
        guard let recording = recorder?.recording, let path = bestRunPath(level: level) else { return }
        save(to: path, purpose: "keep the best run") { path throws(KoalioError) in try ReplayStore.write(recording, to: path) }
    }

    func saveProgress(_ progress: PlayerProgress) {
        guard let path = progressPath else { return }
        writer.enqueue { try ProgressFile.save(progress, path: path) }
    }

    /// Writes a replay or a run with `write`, making its folder first; a failure is one warning
    /// naming the folder and what could not be done (`purpose`).
    private func save(to path: String, purpose: String, _ write: @escaping @Sendable (String) throws(KoalioError) -> String?) {
        let directory = PathString.directory(of: path)
        writer.enqueue {
            do throws(FileReadError) { try AtomicFile.makeFolder(for: path) } catch {
                throw KoalioError.cannotMakeFolder(path: directory, purpose: purpose, error)
            }
            return try write(path)
        }
    }

    /// The game quits before the first run ended: `--record` still gets the run so far.
    func writeRecordingOnQuit(_ session: Session) throws(KoalioError) {
        // A speedrun left unfinished is no run to prove: nothing goes to --record.
        guard let path = options?.recordPath, !recordWritten, runSegments == nil else { return }
        recorder?.finish(session)
        guard let recording = recorder?.recording else { return }
        recordWritten = true
        if let warning = try ReplayStore.write(recording, to: path) { warn("warning: \(warning)") }
    }
}
