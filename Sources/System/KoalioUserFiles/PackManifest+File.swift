import KoalioCore
import KoalioUserData

extension PackManifest {
    /// Reads a `pack.toml` (see ``PackManifest``): one problem, naming the file and line, throws.
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
}
