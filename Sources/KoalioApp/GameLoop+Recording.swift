import FoundationEssentials
import Glibc
import KoalioCore
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

    /// A new recorder for the level now starting, when the loop records (not during a replay).
    func startRecording(levelName: String, levelSHA256: [UInt8]) {
        guard let recording = options.recording else { return }
        recorder = Recorder(gameVersion: recording.gameVersion, levelName: levelName, levelSHA256: levelSHA256,
                            tickRate: Tick.perSecond)
    }

    func autosave(_ recording: Recording, in directory: String) {
        save(recording, to: directory + "/" + ReplayStore.autosaveName(level: recording.levelName), purpose: "save the winning replay")
    }

    /// Writes a replay off the frame loop, making its folder first; a failure is one warning
    /// naming the folder and what could not be done (`purpose`).
    func save(_ recording: Recording, to path: String, purpose: String) {
        let directory = PathString.directory(of: path)
        writer.enqueue {
            do throws(FileReadError) { try AtomicFile.makeFolder(for: path) } catch {
                throw KoalioError.input("\(directory): cannot \(purpose): \(error.reason)")
            }
            return try ReplayStore.write(recording, to: path)
        }
    }

    /// A replay that cannot be saved must not end the game: said on stderr, and play goes on.
    /// Written off the frame loop (see ``BackgroundWriter``).
    func writeOrWarn(_ recording: Recording, to path: String) {
        writer.enqueue { try ReplayStore.write(recording, to: path) }
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
        if let warning = try ReplayStore.write(recording, to: path) { warn("warning: \(warning)") }
    }

    /// `--frame-times`: one line per frame, its start in milliseconds since the first frame and
    /// how long its work took (events to present, before the wait for the next frame).
    func writeFrameTimes(to path: String) throws(KoalioError) {
        guard let first = frameTimes.first?.start else { return }
        let text = frameTimes.map { TraceRecord.number(($0.start - first) * 1000) + " " + TraceRecord.number($0.busy * 1000) }
            .joined(separator: "\n") + "\n"
        do { try AtomicFile.write(Array(text.utf8), to: path) } catch { throw .input("\(path): cannot write the frame times: \(error.reason)") }
    }
}
