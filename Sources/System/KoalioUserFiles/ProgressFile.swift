import FoundationEssentials
import Glibc
import KoalioCore
import KoalioSystem
import KoalioUserData

/// `progress.toml` under `$XDG_DATA_HOME/koalio/`: written by the game, readable by people.
///
/// ```toml
/// # koalio progress: levels won and best times (ticks of 1/60 s). Written by the game.
/// version = 2
/// hints_done = ["dash", "jump"]
///
/// [levels.level1]
/// won = true
/// best_ticks = 2031
/// leaves = 7
/// leaves_of = 10
/// all_leaves = false
/// ```
///
/// `hints_done`, `leaves`, `leaves_of` and `all_leaves` came with leaves and hints; files without them read
/// as before (no hints done, no leaves). Speedrun records came later, one table per category:
///
/// ```toml
/// [speedruns.world1]
/// splits = [1834, 4102, 7001]     # the personal best's in-game time at each flag (ticks)
/// real_ms = [31020, 69400, 121034] # its real time at each flag, milliseconds
/// best_segments = [1800, 2200, 2800]
/// ```
///
/// Version 1 files were written while the shipped levels were in their first order; they read
/// as their levels are now (``ProgressFile/upgrade(fromVersion1:)``).
///
/// A damaged file never costs the player silently: one that does not decode is moved aside at
/// once (`progress.toml.damaged`, numbered if that exists); one that cannot be read at all (too
/// large, a FIFO, a link that goes nowhere) is left where it is and kept by the next save
/// (``ProtectedFile``). Either way the game warns in one line and starts from no progress.
public enum ProgressFile {
    public static let version = 2
    /// The versions this koalio reads: 1 is upgraded as it is read.
    public static let versionsRead: ClosedRange<Int> = 1...2
    /// Far more than any real progress file (a few hundred bytes per level).
    public static let fileBytesLimit = 1 << 20
    public static let fileName = "progress.toml"
    /// Leaves a level may count (far more than any level places).
    public static let leavesLimit = 4096
    /// Names in `hints_done` (the game has two).
    public static let hintsLimit = 64
    /// Levels in a speedrun category's lists (more than any pack holds), and the longest time
    /// kept (24 h of ticks).
    public static let splitsLimit = 256
    public static let ticksLimit = 5_184_000

    /// `$XDG_DATA_HOME/koalio`, by default `~/.local/share/koalio`.
    public static func directory(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/koalio" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/share/koalio"
    }

    // MARK: - Format

    public static func decode(_ bytes: [UInt8], file: String) throws(UserFileError) -> PlayerProgress {
        let (progress, version) = try decodeAsWritten(bytes, file: file)
        return version == 1 ? upgrade(fromVersion1: progress) : progress
    }

    /// The progress in a file as it was written (a version 1 file's not yet upgraded), and its
    /// version.
    static func decodeAsWritten(_ bytes: [UInt8], file: String) throws(UserFileError) -> (progress: PlayerProgress, version: Int) {
        var text = bytes
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        guard let string = String(validating: text, as: UTF8.self) else { throw UserFileError(file: file, reason: "not UTF-8 text") }
        guard !string.contains("\0") else { throw UserFileError(file: file, reason: "contains a NUL byte") }
        if let bad = TOMLGate.check(string) { throw UserFileError(file: file, line: bad.line, reason: "not TOML: \(bad.reason)") }
        let table: TOMLTable
        do { table = try TOMLTable(parsing: string) } catch {
            throw UserFileError(file: file, line: error.line > 0 ? error.line : nil, reason: "not TOML: \(error.description)")
        }
        guard let version = table["version"]?.int else { throw UserFileError(file: file, reason: "no `version` number") }
        guard versionsRead.contains(version) else {
            throw UserFileError(file: file, reason: "`version = \(version)`: this koalio reads versions \(versionsRead.lowerBound) to \(versionsRead.upperBound)")
        }
        var progress = PlayerProgress()
        if let hints = table["hints_done"] {
            guard let names = hints.array, names.count <= Self.hintsLimit else {
                throw UserFileError(file: file, reason: "`hints_done` is not a list of up to \(Self.hintsLimit) hint names")
            }
            for name in names {
                guard let text = name.string else { throw UserFileError(file: file, reason: "`hints_done` holds something other than a name") }
                progress.hintsDone.insert(text)
            }
        }
        if let speedruns = table["speedruns"] {
            guard let categories = speedruns.table else { throw UserFileError(file: file, reason: "`speedruns` is not a table") }
            for name in categories.keys {
                guard SpeedrunCategory(name: name) != nil, let entry = categories[name]?.table else {
                    throw UserFileError(file: file, reason: "`speedruns.\(name)` is not a category's table")
                }
                progress.speedruns[name] = try speedrunRecord(entry, name: name, file: file)
            }
        }
        guard let levels = table["levels"] else { return (progress, version) }
        guard let levelTable = levels.table else { throw UserFileError(file: file, reason: "`levels` is not a table") }
        for name in levelTable.keys {
            guard let entry = levelTable[name]?.table else { throw UserFileError(file: file, reason: "`levels.\(name)` is not a table") }
            var record = PlayerProgress.LevelRecord()
            if let won = entry["won"] {
                guard let value = won.bool else { throw UserFileError(file: file, reason: "`levels.\(name).won` is not true or false") }
                record.won = value
            }
            if let best = entry["best_ticks"] {
                guard let ticks = best.int, ticks > 0, ticks <= 5_184_000 else {
                    throw UserFileError(file: file, reason: "`levels.\(name).best_ticks` is not a tick count from 1 to 5184000 (24 h)")
                }
                record.bestTicks = ticks
            }
            if let leaves = entry["leaves"] {
                guard let count = leaves.int, (0...Self.leavesLimit).contains(count) else {
                    throw UserFileError(file: file, reason: "`levels.\(name).leaves` is not a count from 0 to \(Self.leavesLimit)")
                }
                record.bestLeaves = count
            }
            if let total = entry["leaves_of"] {
                guard let count = total.int, (1...Self.leavesLimit).contains(count) else {
                    throw UserFileError(file: file, reason: "`levels.\(name).leaves_of` is not a count from 1 to \(Self.leavesLimit)")
                }
                record.leafTotal = count
            }
            if let all = entry["all_leaves"] {
                guard let value = all.bool else { throw UserFileError(file: file, reason: "`levels.\(name).all_leaves` is not true or false") }
                record.allLeaves = value
            }
            progress.levels[name] = record
        }
        return (progress, version)
    }

    private static func speedrunRecord(_ entry: TOMLTable, name: String, file: String) throws(UserFileError) -> SpeedrunRecord {
        func list(_ key: String, of what: String, in range: ClosedRange<Int>, increasing: Bool) throws(UserFileError) -> [Int] {
            guard let value = entry[key] else { return [] }
            let reason = "`speedruns.\(name).\(key)` is not a list of up to \(splitsLimit) \(what) from \(range.lowerBound) to \(range.upperBound)"
            guard let items = value.array, items.count <= splitsLimit else { throw UserFileError(file: file, reason: reason) }
            var numbers: [Int] = []
            for item in items {
                guard let number = item.int, range.contains(number), !increasing || number >= (numbers.last ?? 0) else {
                    throw UserFileError(file: file, reason: increasing ? reason + ", none before the one before" : reason)
                }
                numbers.append(number)
            }
            return numbers
        }
        return SpeedrunRecord(personalBest: try list("splits", of: "tick counts", in: 1...ticksLimit, increasing: true),
                              personalBestReal: try list("real_ms", of: "milliseconds", in: 0...ticksLimit * 1000 / Tick.perSecond, increasing: true),
                              bestSegments: try list("best_segments", of: "tick counts", in: 1...ticksLimit, increasing: false))
    }

    public static func encode(_ progress: PlayerProgress) -> String {
        var text = "# koalio progress: levels won and best times (ticks of 1/60 s). Written by the game.\n"
        text += "version = \(version)\n"
        if !progress.hintsDone.isEmpty {
            text += "hints_done = [\(progress.hintsDone.sorted().map(TOMLText.basicString).joined(separator: ", "))]\n"
        }
        for name in progress.levels.keys.sorted() {
            guard let record = progress.levels[name] else { continue }
            text += "\n[levels.\(TOMLText.key(name))]\nwon = \(record.won)\n"
            if let ticks = record.bestTicks { text += "best_ticks = \(ticks)\n" }
            if let leaves = record.bestLeaves { text += "leaves = \(leaves)\n" }
            if let total = record.leafTotal { text += "leaves_of = \(total)\n" }
            if record.allLeaves { text += "all_leaves = true\n" }
        }
        for name in progress.speedruns.keys.sorted() {
            guard let record = progress.speedruns[name] else { continue }
            text += "\n[speedruns.\(TOMLText.key(name))]\n"
            // Clamped to what it reads back (a run left paused overnight is no damaged file).
            func list(_ values: [Int], _ range: ClosedRange<Int>) -> String {
                "[" + values.prefix(splitsLimit).map { String(min(max($0, range.lowerBound), range.upperBound)) }.joined(separator: ", ") + "]"
            }
            if !record.personalBest.isEmpty { text += "splits = \(list(record.personalBest, 1...ticksLimit))\n" }
            if !record.personalBestReal.isEmpty { text += "real_ms = \(list(record.personalBestReal, 0...ticksLimit * 1000 / Tick.perSecond))\n" }
            if !record.bestSegments.isEmpty { text += "best_segments = \(list(record.bestSegments, 1...ticksLimit))\n" }
        }
        return text
    }

    // MARK: - Disk

    /// What loading found: the progress to play with, and a warning line when the file was
    /// damaged (and moved aside).
    public struct Loaded: Sendable {
        public var progress: PlayerProgress
        public var warning: String?
        /// The file was version 1 (its levels' records renamed as it was read): its bytes, for
        /// ``keepVersion1(_:bytes:progress:)`` to keep before anything is written over it.
        public var version1: (bytes: [UInt8], asWritten: PlayerProgress)?
        public var upgraded: Bool { version1 != nil }
    }

    /// Reads the file; a missing one is no progress yet, a damaged one is moved aside.
    public static func load(path: String) -> Loaded {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, limit: fileBytesLimit) } catch {
            if error.cause == .missing { return Loaded(progress: PlayerProgress(), warning: nil) }
            return Loaded(progress: PlayerProgress(), warning: "\(error.description); starting with no progress, and a save will not write over it")
        }
        do throws(UserFileError) {
            let (progress, version) = try decodeAsWritten(bytes, file: path)
            guard version == 1 else { return Loaded(progress: progress, warning: nil) }
            return Loaded(progress: upgrade(fromVersion1: progress), warning: nil, version1: (bytes, progress))
        } catch {
            let aside = ProtectedFile.keepAside(path)
            let kept = aside.map { "kept as \($0)" } ?? "left where it is (it could not be moved aside)"
            return Loaded(progress: PlayerProgress(), warning: "\(error.description); starting with no progress, the damaged file \(kept)")
        }
    }

    /// Writes the file whole or not at all, making its folder if needed, and never over a file
    /// that does not read back as progress (``ProtectedFile``); returns the line saying where
    /// such a file was kept or the progress went instead.
    public static func save(_ progress: PlayerProgress, path: String) throws(UserFileError) -> String? {
        do {
            return try ProtectedFile.write(Array(encode(progress).utf8), to: path, limit: fileBytesLimit) { bytes in
                (try? decode(bytes, file: path)) != nil
            }
        } catch {
            throw UserFileError(file: path, reason: "cannot save progress: \(error.reason)")
        }
    }
}
