import FoundationEssentials
import KoalioCore
import KoalioSystem
import KoalioUserData

/// `Levels/medals.toml`: the medal times of the shipped levels, in seconds, one table a level.
///
/// ```toml
/// [level1]
/// gold = 45
/// silver = 56
/// bronze = 75
/// ```
///
/// Kept beside the levels rather than in them: a level file's bytes are what replays and ghosts
/// are checked against, so setting a medal time must not change them. A level without a table
/// has no medals.
public enum MedalFile {
    public static let fileName = "medals.toml"
    /// A few lines a level.
    public static let fileBytesLimit = 1 << 20
    /// A medal time may ask for up to an hour.
    public static let secondsLimit = 3600.0

    public static func decode(_ bytes: [UInt8], file: String) throws(UserFileError) -> [String: MedalTimes] {
        try medals(in: try table(bytes, file: file), file: file)
    }

    /// A TOML file's top table: one line naming the file (and line) if it is not UTF-8 TOML.
    static func table(_ bytes: [UInt8], file: String) throws(UserFileError) -> TOMLTable {
        guard let text = String(validating: bytes, as: UTF8.self), !text.contains("\0") else {
            throw UserFileError(file: file, reason: "not UTF-8 text")
        }
        if let bad = TOMLGate.check(text) { throw UserFileError(file: file, line: bad.line, reason: "not TOML: \(bad.reason)") }
        do { return try TOMLTable(parsing: text) } catch {
            throw UserFileError(file: file, line: error.line > 0 ? error.line : nil, reason: "not TOML: \(error.description)")
        }
    }

    /// Medal times from a table of levels' tables (`[level1]`, or a pack's `[medals.intro]`):
    /// `prefix` is how a problem names the table (`medals.`).
    static func medals(in table: TOMLTable, file: String, prefix: String = "") throws(UserFileError) -> [String: MedalTimes] {
        var medals: [String: MedalTimes] = [:]
        for level in table.keys.sorted() {
            guard let entry = table[level], let times = entry.table else {
                throw UserFileError(file: file, line: table[level]?.line, reason: "`\(prefix)\(level)` is not a table of gold, silver and bronze")
            }
            var ticks: [Medal: Int] = [:]
            for medal in Medal.allCases {
                guard let value = times[medal.rawValue] else {
                    throw UserFileError(file: file, line: entry.line, reason: "`\(prefix)\(level)` has no \(medal.rawValue) time")
                }
                let seconds: Double
                switch value.content {
                case let .integer(whole): seconds = Double(whole)
                case let .float(number): seconds = number
                default: seconds = -1
                }
                guard seconds > 0, seconds <= secondsLimit else {
                    throw UserFileError(file: file, line: value.line,
                                        reason: "`\(prefix)\(level).\(medal.rawValue)` is not a time in seconds from above 0 to \(Int(secondsLimit))")
                }
                ticks[medal] = Int((seconds * Double(Tick.perSecond)).rounded())
            }
            let result = MedalTimes(gold: ticks[.gold] ?? 0, silver: ticks[.silver] ?? 0, bronze: ticks[.bronze] ?? 0)
            guard result.gold <= result.silver, result.silver <= result.bronze else {
                throw UserFileError(file: file, line: entry.line, reason: "`\(prefix)\(level)`: gold must be the fastest and bronze the slowest")
            }
            medals[level] = result
        }
        return medals
    }

    /// The medal times beside the levels; none when there is no file. A file that cannot be
    /// used is one warning line (the game plays on without medals).
    public static func load(levelsDirectory: String) -> (medals: [String: MedalTimes], warning: String?) {
        let path = levelsDirectory + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return ([:], nil) }
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, limit: fileBytesLimit) } catch { return ([:], "\(error.description) (no medals this run)") }
        do { return (try decode(bytes, file: path), nil) } catch { return ([:], "\(error.description) (no medals this run)") }
    }
}
