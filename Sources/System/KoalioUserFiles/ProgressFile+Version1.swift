import Glibc
import KoalioSystem
import KoalioUserData

/// Version 1 of `progress.toml` was written while the shipped levels stood in their first order
/// (the crystal cave third, the night forest fifth, the gorge sixth). The levels were then put
/// in order of difficulty, by their slack; a version 1 file reads as if written now, so a
/// player's wins, times and leaves stay with the level they were earned on.
extension ProgressFile {
    /// Each shipped level's name in version 1, and its name now (levels 1 and 2 kept theirs).
    public static let levelNamesInVersion1 = ["level3": "level6", "level4": "level5", "level5": "level3", "level6": "level4"]
    /// Speedrun categories whose levels changed with the order: their times were run on other
    /// levels, so they are not carried over (the version 1 file is kept, ``keepVersion1``).
    static let categoriesRetiredInVersion2 = ["world1", "world2", "all-levels"]

    /// A version 1 file's progress as it reads now: levels and one-level categories renamed,
    /// the categories whose levels changed left out. Pack levels and pack categories are kept.
    public static func upgrade(fromVersion1 old: PlayerProgress) -> PlayerProgress {
        var progress = old
        progress.levels = [:]
        for (name, record) in old.levels { progress.levels[levelNamesInVersion1[name] ?? name] = record }
        progress.speedruns = [:]
        for (name, record) in old.speedruns where !categoriesRetiredInVersion2.contains(name) {
            progress.speedruns[levelNamesInVersion1[name] ?? name] = record
        }
        return progress
    }

    /// Keeps a copy of the version 1 file as `NAME.version1` (once, never over another file, and
    /// only when the upgrade changed something) before a save replaces it. Returns whether the
    /// file may be written over (the copy is there, or nothing was changed), and the line saying
    /// which speedrun records the upgrade left out, when it left out any.
    public static func keepVersion1(_ path: String, bytes: [UInt8], progress old: PlayerProgress) -> (mayWrite: Bool, notice: String?) {
        guard upgrade(fromVersion1: old) != old else { return (true, nil) }  // nothing moved: nothing to keep
        let aside = path + ".version1"
        var info = stat()
        let kept = lstat(aside, &info) == 0 || (try? AtomicFile.write(bytes, to: aside)) != nil
        let retired = categoriesRetiredInVersion2.filter { old.speedruns[$0] != nil }
        guard kept else {
            return (false, "\(path): the levels are in a new order, but the old file could not be copied to \(aside): it is not rewritten now")
        }
        guard !retired.isEmpty else { return (true, nil) }
        return (true, "\(path): the levels are in a new order, so the personal bests of \(retired.joined(separator: ", ")) "
            + "(run on the old order) start again; the old file is kept as \(aside)")
    }
}
