import FoundationEssentials
import Glibc
import KoalioCore
import KoalioReplay
import KoalioUserData
import KoalioSystem
import KoalioReplayFile
import KoalioUserFiles

/// Where replays go, and writing them so a crash never leaves half a file in a good one's place.
enum ReplayStore {
    /// `$XDG_DATA_HOME/koalio/replays`, by default `~/.local/share/koalio/replays`.
    static func autosaveDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        ProgressFile.directory(environment: environment).map { $0 + "/replays" }
    }

    /// `level1-2026-11-21-143005.koalioreplay`: the level and the local date and time.
    static func autosaveName(level: String, extension fileExtension: String = ReplayFile.fileExtension, date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let stamp = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))-\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
        return "\(level)-\(stamp).\(fileExtension)"
    }

    /// All or nothing (see ``AtomicFile``): a crash mid-write leaves the previous file whole;
    /// and a file there that is not a replay koalio reads (a damaged best run, a document named
    /// by mistake with `--record`) is kept aside first (``ProtectedFile``). Returns the line
    /// saying so.
    static func write(_ recording: Recording, to path: String) throws(KoalioError) -> String? {
        try write(ReplayFile.encode(recording), to: path, what: "the replay")
    }

    /// A whole speedrun, as a replay is written (a file there that is neither a run nor a
    /// replay is kept aside first).
    static func write(_ run: RunRecording, to path: String) throws(KoalioError) -> String? {
        try write(RunFile.encode(run), to: path, what: "the run")
    }

    /// What both writes share: the bytes put in place whole, over a file only if it reads back
    /// as a replay or a run.
    private static func write(_ bytes: [UInt8], to path: String, what: String) throws(KoalioError) -> String? {
        do {
            return try ProtectedFile.write(bytes, to: path, limit: ReplayLimits.fileBytes) { old in
                (try? ReplayFile.decode(old, file: path)) != nil || (try? RunFile.decode(old, file: path)) != nil
            }
        } catch {
            throw .cannotWrite(path: path, what: what, reason: error.reason)
        }
    }

    /// What `--replay` names, read once: a level's replay (decoded), or a whole run's bytes
    /// (decoded by ``decodeRun(_:path:)`` once it is known to be wanted).
    enum Stored {
        case level(Recording)
        case run([UInt8])
    }

    static func readStored(_ path: String) throws(KoalioError) -> Stored {
        let bytes = try readBytes(path)
        if RunFile.isRunFile(bytes) { return .run(bytes) }
        do { return .level(try ReplayFile.decode(bytes, file: path)) } catch { throw .replay(error) }
    }

    static func decodeRun(_ bytes: [UInt8], path: String) throws(KoalioError) -> RunRecording {
        do { return try RunFile.decode(bytes, file: path) } catch { throw .replay(error) }
    }

    private static func readBytes(_ path: String) throws(KoalioError) -> [UInt8] {
        do { return try FileBytes.read(path, limit: ReplayLimits.fileBytes) } catch { throw .replayUnreadable(path: path, error) }
    }

    /// Checks before playing that a `--record` file can be written, so a run is never lost.
    static func checkWritable(_ path: String) throws(KoalioError) {
        let directory = PathString.directory(of: path)
        let dir = directory.isEmpty ? "." : directory
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory else {
            throw .cannotRecord(path: path, folder: dir, problem: "is not a directory")
        }
        guard FileManager.default.isWritableFile(atPath: dir) else { throw .cannotRecord(path: path, folder: dir, problem: "is not writable") }
    }

    static func read(_ path: String) throws(KoalioError) -> Recording {
        let bytes = try readBytes(path)
        do { return try ReplayFile.decode(bytes, file: path) } catch { throw .replay(error) }
    }
}
