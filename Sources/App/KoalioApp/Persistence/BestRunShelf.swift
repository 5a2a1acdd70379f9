import Glibc
import KoalioLevel
import KoalioReplay
import KoalioReplayFile
import KoalioSystem

/// The best runs kept in `best/NAME.koalioreplay`, one for each shipped level, raced by the
/// ghost. When a version 1 progress file is upgraded (the levels were put in a new order, see
/// `ProgressFile.levelNamesInVersion1`), each best run follows the level it was run on, found by
/// the level file's SHA-256 its recording names, as the progress does.
enum BestRunShelf {
    /// Puts each level's best run under its level's name, matched from the files as they were
    /// (a file is copied to `NAME.koalioreplay.version1`, once, before it is first replaced); a
    /// file that is its level's is left alone. Nothing is lost if the game stops half-way: the
    /// next start, still reading version 1, matches from the same originals.
    static func followLevels(directory: String, levels: [(name: String, path: String)]) {
        func path(_ name: String) -> String { directory + "/" + name + "." + ReplayFile.fileExtension }
        func read(_ path: String) -> (bytes: [UInt8], levelSHA256: [UInt8])? {
            guard let bytes = try? FileBytes.read(path, limit: ReplayLimits.fileBytes),
                  let recording = try? ReplayFile.decode(bytes, file: path) else { return nil }
            return (bytes, recording.levelSHA256)
        }
        var originals: [[UInt8]: [UInt8]] = [:]  // each run's bytes as first found, by its level's SHA-256
        var live: [String: (bytes: [UInt8], levelSHA256: [UInt8])] = [:]
        for (name, _) in levels {
            live[name] = read(path(name))
            if let original = read(path(name) + ".version1") ?? live[name] { originals[original.levelSHA256] = original.bytes }
        }
        for (name, levelPath) in levels {
            guard let level = try? FileBytes.read(levelPath, limit: LevelLimits.fileBytes) else { continue }
            let sha256 = SHA256.hash(level)
            guard live[name]?.levelSHA256 != sha256, let run = originals[sha256] else { continue }
            var info = stat()
            if let replaced = live[name], lstat(path(name) + ".version1", &info) != 0 {
                guard (try? AtomicFile.write(replaced.bytes, to: path(name) + ".version1")) != nil else { continue }  // no copy, no change
            }
            try? AtomicFile.write(run, to: path(name))
        }
    }
}
