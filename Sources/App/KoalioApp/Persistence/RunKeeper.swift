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
    /// The controller that steered each co-op player on the last step (the trace's `koalas`).
    private(set) var partnerControllers: [Int: String] = [:]
    private var recorder: Recorder?
    private var recordWritten = false
    /// A speedrun is under way: its levels' recordings go whole, as one run, at its end (its
    /// proof is kept in the value, ``RunProof``), never alone to `--record`'s file.
    private var speedrunUnderWay = false

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

    /// A step taken: the ghost keeps up, the trace learns who steered players 2–4, and the
    /// step is recorded; a run that ended is saved where it goes (autosave of wins, `--record`).
    /// - Parameter sources: the controllers' names by their number in the input (a replay's
    ///   own table, a networked run's seats, the value's table).
    func stepped(_ input: TickInput, _ result: Session.StepResult, session: Session, sources: [String]) {
        ghost?.follow(worldTick: session.world.tick)
        partnerControllers = [:]
        for partner in input.partners where partner.source < sources.count {
            partnerControllers[partner.player] = sources[partner.source]
        }
        // Appends to `recorder` where it lives: a local copy would share the recording's storage,
        // so every append would copy the whole run so far.
        guard recorder != nil, let options else { return }
        recorder?.record(input, after: session, restarted: result.restarted, sources: sources)
        guard let ended = result.ended else { return }
        recorder?.finish(session)
        guard let recording = recorder?.recording else { return }
        if ended == .won, let directory = options.autosaveDirectory {
            save(to: directory + "/" + ReplayStore.autosaveName(level: recording.levelName), purpose: "save the winning replay") { path throws(KoalioError) in
                try ReplayStore.write(recording, to: path)
            }
        }
        if let path = options.recordPath, !recordWritten, !speedrunUnderWay {  // a speedrun's goes whole, at its end
            recordWritten = true
            writer.enqueue { try ReplayStore.write(recording, to: path) }
        }
    }

    // MARK: - A speedrun

    /// A speedrun begins, or is abandoned (nothing of it is written).
    func speedrun(underWay: Bool) { speedrunUnderWay = underWay }

    /// The speedrun reached its last flag: the whole run (``RunProof``'s) written to `--record`'s
    /// file, to the autosave folder, and kept as the category's best run when it is the personal best.
    func finishRun(_ run: RunRecording, personalBest: Bool) {
        speedrunUnderWay = false
        guard let options else { return }
        if let path = options.recordPath, !recordWritten {
            recordWritten = true
            writer.enqueue { try ReplayStore.write(run, to: path) }
        }
        if let directory = options.autosaveDirectory {
            save(to: directory + "/" + ReplayStore.autosaveName(level: run.category, extension: RunFile.fileExtension), purpose: "save the run") { path throws(KoalioError) in
                try ReplayStore.write(run, to: path)
            }
        }
        if personalBest, let bestRunDirectory {
            save(to: bestRunDirectory + "/speedrun-" + run.category + "." + RunFile.fileExtension, purpose: "keep the personal best's run") { path throws(KoalioError) in
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
        guard let path = options?.recordPath, !recordWritten, !speedrunUnderWay else { return }
        recorder?.finish(session)
        guard let recording = recorder?.recording else { return }
        recordWritten = true
        if let warning = try ReplayStore.write(recording, to: path) { warn("warning: \(warning)") }
    }
}
