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
        do {
            return try ProtectedFile.write(ReplayFile.encode(recording), to: path, limit: ReplayLimits.fileBytes) { bytes in
                (try? ReplayFile.decode(bytes, file: path)) != nil
            }
        } catch {
            throw .cannotWrite(path: path, what: "the replay", reason: error.reason)
        }
    }

    /// A whole speedrun, as a replay is written (a file there that is neither a run nor a
    /// replay is kept aside first).
    static func write(_ run: RunRecording, to path: String) throws(KoalioError) -> String? {
        do {
            return try ProtectedFile.write(RunFile.encode(run), to: path, limit: ReplayLimits.fileBytes) { bytes in
                (try? RunFile.decode(bytes, file: path)) != nil || (try? ReplayFile.decode(bytes, file: path)) != nil
            }
        } catch {
            throw .cannotWrite(path: path, what: "the run", reason: error.reason)
        }
    }

    static func readRun(_ path: String) throws(KoalioError) -> RunRecording {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, limit: ReplayLimits.fileBytes) } catch {
            throw .replayUnreadable(path: path, error)
        }
        do { return try RunFile.decode(bytes, file: path) } catch { throw .replay(error) }
    }

    /// Whether the file at `path` is a whole run (its first bytes say so).
    static func isRun(_ path: String) -> Bool {
        guard let bytes = try? FileBytes.read(path, limit: ReplayLimits.fileBytes) else { return false }
        return RunFile.isRunFile(bytes)
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
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, limit: ReplayLimits.fileBytes) } catch {
            throw .replayUnreadable(path: path, error)
        }
        do { return try ReplayFile.decode(bytes, file: path) } catch { throw .replay(error) }
    }
}
