import FoundationEssentials
import Glibc
import KoalioScripting
import KoalioInput
import KoalioSim
import KoalioReplay

/// Recording runs as they are played: every run for the autosave of wins, the first to `--record`.
extension GameLoop {
    /// Appends to `recorder` where it lives: a local copy would share the recording's storage,
    /// so every append would copy the whole run so far.
    func record(_ input: TickInput, _ result: Session.StepResult) {
        guard recorder != nil, let settings = options.recording else { return }
        recorder?.record(input, after: session, restarted: result.restarted, sources: sourceNames)
        guard let ended = result.ended else { return }
        recorder?.finish(session)
        guard let recording = recorder?.recording else { return }
        if ended == .won {
            if let directory = settings.autosaveDirectory { autosave(recording, in: directory) }
            noteWin(recording)
        }
        if let path = settings.recordPath, !recordWritten {
            recordWritten = true
            writeOrWarn(recording, to: path)
        }
    }

    func autosave(_ recording: Recording, in directory: String) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return warn("\(directory): cannot save the winning replay: \(error)")
        }
        writeOrWarn(recording, to: directory + "/" + ReplayStore.autosaveName(level: recording.levelName))
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
        guard let path = options.recording?.recordPath, !recordWritten else { return }
        recorder?.finish(session)
        guard let recording = recorder?.recording else { return }
        recordWritten = true
        try ReplayStore.write(recording, to: path)
    }
}
