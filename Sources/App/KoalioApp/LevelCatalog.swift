import KoalioFlow
import KoalioCore
import KoalioLevel
import KoalioLevelFile
import KoalioSim
import KoalioUserData
import KoalioSystem
import KoalioUserFiles

/// The game's levels in playing order (`level1`, `level2`, … in the data's `Levels/`) and how to
/// load one: the loop loads a level when the player picks it.
public struct LevelCatalog {
    public var names: [String]
    /// Each level's title (its map's `title`), read when the game starts: the level select
    /// names levels by it. A level without one, or one that cannot be read, has none here.
    public var titles: [String: String] = [:]
    /// Each level's medal times (`Levels/medals.toml`); a level without has no medals.
    public var medals: [String: MedalTimes] = [:]
    /// Levels come in worlds of three: a world's last level ends with its "world complete".
    public static let levelsPerWorld = FlowState.levelsPerWorld
    /// Loads a level by name (or a path): its map, stage and file's SHA-256 (which replays record).
    public var load: @MainActor (String) throws(KoalioError) -> LevelFile
    /// The level packs on the shelf ("More levels") as the flow lists them, read when the game
    /// started: each level's file and its record key (from the file's digest).
    package var packListings: [PackListing] = []
    /// One line for each pack on the shelf that cannot be read.
    public var packProblems: [FileProblem] = []
    /// Where the player puts packs, as "More levels" names it (`~` for the home folder).
    public var packsFolder = ""

    public init(names: [String], load: @escaping @MainActor (String) throws(KoalioError) -> LevelFile) {
        self.names = names
        self.load = load
    }

    /// Puts `shelf` in the catalog, each pack level's file read and hashed once for its key
    /// (what listing the packs costs: `make bench` measures it).
    public mutating func stock(_ shelf: LevelPackShelf) {
        packListings = Self.listings(shelf)
        packProblems = shelf.problems
    }

    /// The titles of the levels at `paths` (by name): each file's map properties read, the
    /// map not built.
    static func titles(_ paths: [(name: String, path: String)]) -> [String: String] {
        var titles: [String: String] = [:]
        for (name, path) in paths {
            if let title = try? TMXLoader.title(bytes: TMXLoader.readLevelFile(path), path: path) { titles[name] = title }
        }
        return titles
    }

    package static func listings(_ shelf: LevelPackShelf) -> [PackListing] {
        shelf.packs.map { pack in
            PackListing(id: pack.id, title: pack.manifest.title, author: pack.manifest.author, levels: pack.manifest.levels.map { level in
                let key = pack.missing.contains(level) ? nil
                    : (try? FileBytes.read(pack.path(of: level), limit: LevelLimits.fileBytes)).map { LevelPack.recordKey(sha256: SHA256.hash($0)) }
                return PackListing.Level(name: level, key: key, medals: pack.manifest.medals[level], path: pack.path(of: level))
            })
        }
    }
}
