import FoundationEssentials
import Glibc
import KoalioGame
import KoalioInput
import KoalioReplay

/// Recording runs as they are played: every run for the autosave of wins, the first to `--record`.
extension GameLoop {
    func record(_ input: TickInput, _ result: Session.StepResult) {
        guard var recorder, let settings = options.recording else { return }
        recorder.record(input, after: session, restarted: result.restarted, sources: sourceNames)
        if let ended = result.ended {
            recorder.finish(session)
            if ended == .won, let directory = settings.autosaveDirectory { autosave(recorder.recording, in: directory) }
            if let path = settings.recordPath, !recordWritten {
                recordWritten = true
                writeOrWarn(recorder.recording, to: path)
            }
        }
        self.recorder = recorder
    }

    func autosave(_ recording: Recording, in directory: String) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return warn("\(directory): cannot save the winning replay: \(error)")
        }
        let path = directory + "/" + ReplayStore.autosaveName(level: recording.levelName)
        writeOrWarn(recording, to: path)
        autosavedReplays.append(path)
    }

    /// A replay that cannot be saved must not end the game: say so on stderr and play on.
    func writeOrWarn(_ recording: Recording, to path: String) {
        do { try ReplayStore.write(recording, to: path) } catch { warn(error.description) }
    }

    func warn(_ message: String) {
        StandardError.writeLine("koalio: \(message)")
    }

    /// The game quits before the first run ended: `--record` still gets the run so far.
    func writeRecordingOnQuit() throws(KoalioError) {
        guard var recorder, let path = options.recording?.recordPath, !recordWritten else { return }
        recorder.finish(session)
        recordWritten = true
        try ReplayStore.write(recorder.recording, to: path)
    }
}
