import KoalioCore

/// A level pack's `pack.toml`: what the pack is called, who made it, under which licence, its
/// levels in playing order (the `.tmx` files beside it, named without `.tmx`) and, optionally,
/// their medal times (as `Levels/medals.toml` has the shipped levels').
///
/// ```toml
/// title = "Forest trials"
/// author = "Ana"
/// licence = "CC-BY-4.0"
/// levels = ["intro", "canopy"]
///
/// [medals.intro]
/// gold = 30
/// silver = 40
/// bronze = 60
/// ```
///
/// A pack is someone else's file: every name is checked to be a plain file name in the pack's
/// own folder (no `/`, no `..`), and every problem is one line naming the file and line.
public struct PackManifest: Equatable, Sendable {
    public static let fileName = "pack.toml"
    /// A manifest is a few lines.
    public static let fileBytesLimit = 64 << 10
    /// Levels in one pack.
    public static let levelLimit = 100
    /// Characters in a title, author or licence (they are shown on one row).
    public static let textLimit = 60

    public var title: String
    public var author: String
    public var licence: String
    public var levels: [String]
    public var medals: [String: MedalTimes]

    public init(title: String, author: String, licence: String, levels: [String], medals: [String: MedalTimes] = [:]) {
        self.title = title
        self.author = author
        self.licence = licence
        self.levels = levels
        self.medals = medals
    }

    public static func decode(_ bytes: [UInt8], file: String) throws(UserFileError) -> PackManifest {
        let table = try MedalFile.table(bytes, file: file)
        func text(_ key: String) throws(UserFileError) -> String {
            guard let value = table[key] else { throw UserFileError(file: file, reason: "no `\(key)`: a pack says its title, author and licence") }
            guard let string = value.string, !string.isEmpty, string.count <= textLimit, !string.contains(where: \.isNewline),
                  !string.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw UserFileError(file: file, line: value.line, reason: "`\(key)` is not text of 1 to \(textLimit) characters on one line")
            }
            return string
        }
        let title = try text("title"), author = try text("author"), licence = try text("licence")
        guard let list = table["levels"] else { throw UserFileError(file: file, reason: "no `levels`: the pack's levels in playing order") }
        guard let entries = list.array, !entries.isEmpty, entries.count <= levelLimit else {
            throw UserFileError(file: file, line: list.line, reason: "`levels` is not a list of 1 to \(levelLimit) level names")
        }
        var levels: [String] = []
        for entry in entries {
            guard let name = entry.string, isPlainName(name) else {
                throw UserFileError(file: file, line: entry.line ?? list.line,
                                    reason: "`levels` holds \(entry.string.map { "'\(TerminalText.excerpt($0))'" } ?? "something that is not a name"): a level is a .tmx file beside pack.toml, named without .tmx")
            }
            guard !levels.contains(name) else { throw UserFileError(file: file, line: entry.line ?? list.line, reason: "`levels` names '\(name)' twice") }
            levels.append(name)
        }
        var medals: [String: MedalTimes] = [:]
        if let value = table["medals"] {
            guard let tables = value.table else { throw UserFileError(file: file, line: value.line, reason: "`medals` is not a table of levels' tables") }
            medals = try MedalFile.medals(in: tables, file: file, prefix: "medals.")
            if let stray = medals.keys.sorted().first(where: { !levels.contains($0) }) {
                throw UserFileError(file: file, line: tables[stray]?.line, reason: "`medals.\(stray)`: '\(stray)' is not one of the pack's levels")
            }
        }
        let known: Set<String> = ["title", "author", "licence", "levels", "medals"]
        if let unknown = table.keys.sorted().first(where: { !known.contains($0) }) {
            throw UserFileError(file: file, line: table[unknown]?.line, reason: "unknown key `\(TerminalText.excerpt(unknown))` (a pack has title, author, licence, levels and medals)")
        }
        return PackManifest(title: title, author: author, licence: licence, levels: levels, medals: medals)
    }

    /// A name that is a file in the pack's own folder once `.tmx` is added: letters, digits,
    /// `-`, `_` and inner dots, at most 64 characters, no path, no hidden file.
    public static func isPlainName(_ name: String) -> Bool {
        guard (1...64).contains(name.count), !name.hasPrefix("."), !name.hasSuffix(".") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
        } && !name.contains("..")
    }
}
