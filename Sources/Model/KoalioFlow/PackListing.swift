import KoalioCore
import KoalioUserData

/// A level pack as the "More levels" pages show it: read from the shelf by the driver (the flow
/// lists and starts, it never reads files). A level whose file cannot be read has no key.
package struct PackListing: Equatable, Sendable {
    package struct Level: Equatable, Sendable {
        package var name: String
        /// Where its records are kept (``LevelPack/recordKey(sha256:)``); nil: its file is missing.
        package var key: String?
        package var medals: MedalTimes?
        /// Its file, which the driver reads when the level is chosen.
        package var path: String

        package init(name: String, key: String?, medals: MedalTimes? = nil, path: String = "") {
            self.name = name
            self.key = key
            self.medals = medals
            self.path = path
        }
    }

    package var id: String
    package var title: String
    package var author: String
    package var levels: [Level]

    package init(id: String, title: String, author: String, levels: [Level]) {
        self.id = id
        self.title = title
        self.author = author
        self.levels = levels
    }

    /// Whether the level at `index` may be played: it is there, and the level before it that is
    /// there is won (a missing level locks nothing after it).
    package func isOpen(_ index: Int, in progress: PlayerProgress) -> Bool {
        guard levels.indices.contains(index), let key = levels[index].key else { return false }
        let present = levels.compactMap(\.key)
        return progress.isUnlocked(present.firstIndex(of: key) ?? 0, of: present)
    }
}

/// Which level to load: the catalog's, or a pack's (by their places in ``FlowContext/packs``).
package enum LevelRef: Equatable, Sendable {
    case catalog(Int)
    case pack(Int, level: Int)
}
