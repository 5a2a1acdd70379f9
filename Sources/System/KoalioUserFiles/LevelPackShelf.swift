import FoundationEssentials
import KoalioCore
import KoalioSystem
import KoalioUserData

/// The packs a player has, from `$XDG_DATA_HOME/koalio/levels/` (theirs) and the data's
/// `levels/` (a distribution's), theirs first: a pack of theirs hides one of the same id.
/// Every pack that cannot be read is one line in `problems`, naming the file and the place.
public struct LevelPackShelf: Equatable, Sendable {
    /// Packs looked at in one folder (each costs a directory listing and a small file).
    public static let packLimit = 1000

    public var packs: [LevelPack] = []
    public var problems: [FileProblem] = []

    public init(packs: [LevelPack] = [], problems: [FileProblem] = []) {
        self.packs = packs
        self.problems = problems
    }

    /// Where packs live, the player's first: `$XDG_DATA_HOME/koalio/levels` (or
    /// `~/.local/share/koalio/levels`), then `DATA/levels`.
    public static func directories(environment: [String: String], dataDirectory: String) -> [String] {
        (playersFolder(environment: environment).map { [$0] } ?? []) + [dataDirectory + "/levels"]
    }

    /// The folder the player puts packs in (`$XDG_DATA_HOME/koalio/levels`, by default
    /// `~/.local/share/koalio/levels`); nil with neither variable set.
    public static func playersFolder(environment: [String: String]) -> String? {
        ProgressFile.directory(environment: environment).map { $0 + "/levels" }
    }

    /// Reads every pack in `directories` (each pack's `pack.toml`, and whether its levels are there).
    public static func scan(_ directories: [String]) -> LevelPackShelf {
        var shelf = LevelPackShelf()
        var seen = Set<String>()
        for directory in directories {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for id in entries.sorted(by: naturalOrder).prefix(packLimit) where PackManifest.isPlainName(id) {  // no hidden folder either
                let folder = directory + "/" + id
                // A folder (listable), not a file; one of the player's hides the data's of the same id.
                guard (try? FileManager.default.contentsOfDirectory(atPath: folder)) != nil, !seen.contains(id) else { continue }
                seen.insert(id)
                let file = folder + "/" + PackManifest.fileName
                guard FileManager.default.fileExists(atPath: file) else {
                    shelf.problems.append(FileProblem(file: file, kind: .missing, detail: "no such file (a pack is a folder with \(PackManifest.fileName) and its levels)"))
                    continue
                }
                do {
                    let bytes = try FileBytes.read(file, limit: PackManifest.fileBytesLimit)
                    let manifest = try PackManifest.decode(bytes, file: file)
                    var pack = LevelPack(id: id, directory: folder, manifest: manifest)
                    for level in manifest.levels where !FileManager.default.fileExists(atPath: pack.path(of: level)) {
                        pack.missing.insert(level)
                        shelf.problems.append(FileProblem(file: pack.path(of: level), kind: .missing, detail: "no such file (\(file) names it)"))
                    }
                    shelf.packs.append(pack)
                } catch let error as UserFileError {
                    shelf.problems.append(FileProblem(file: error.file, line: error.line, kind: .damaged, detail: error.reason))
                } catch let error as FileReadError {
                    shelf.problems.append(FileProblem(file: error.file, kind: error.cause == .missing ? .missing : .unreadable, detail: error.reason))
                } catch {
                    shelf.problems.append(FileProblem(file: file, kind: .damaged, detail: "\(error)"))
                }
            }
        }
        return shelf
    }

    /// Names in the order a person counts them: `pack2` before `pack10`.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        func parts(_ text: String) -> [(number: Int?, text: String)] {
            var result: [(Int?, String)] = [], current = "", digits = false
            for character in text {
                if !current.isEmpty && character.isASCII && character.isNumber != digits {
                    result.append((digits ? Int(current.prefix(18)) : nil, current))
                    current = ""
                }
                digits = character.isASCII && character.isNumber
                current.append(character)
            }
            if !current.isEmpty { result.append((digits ? Int(current.prefix(18)) : nil, current)) }
            return result
        }
        for (x, y) in zip(parts(a), parts(b)) where x.text != y.text {
            if let m = x.number, let n = y.number, m != n { return m < n }
            return x.text < y.text
        }
        return a.count < b.count || (a.count == b.count && a < b)
    }

    /// The pack level `ID/NAME` names, if the shelf has it.
    public func level(_ reference: String) -> (pack: LevelPack, name: String)? {
        let parts = reference.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let pack = packs.first(where: { $0.id == parts[0] }) else { return nil }
        let name = String(parts[1])
        return pack.manifest.levels.contains(name) ? (pack, name) : nil
    }
}
