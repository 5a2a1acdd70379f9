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

    /// A name that is a file in the pack's own folder once `.tmx` is added: letters, digits,
    /// `-`, `_` and inner dots, at most 64 characters, no path, no hidden file.
    public static func isPlainName(_ name: String) -> Bool {
        guard (1...64).contains(name.count), !name.hasPrefix("."), !name.hasSuffix(".") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
        } && !name.contains("..")
    }
}
