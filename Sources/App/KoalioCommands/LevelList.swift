import FoundationEssentials
import KoalioApp
import KoalioCore
import KoalioFlow
import KoalioText
import KoalioUserData
import KoalioUserFiles

/// `--list-levels`: the shipped worlds and every pack on the shelf, each level with the name
/// `--level` takes, its best time and medal (or `new`, `locked`), then the packs that could
/// not be read, one line each.
enum LevelList {
    static func lines(dataDirectory: String, environment: [String: String]) -> [String] {
        let progress = ProgressFile.directory(environment: environment)
            .map { ProgressFile.load(path: $0 + "/" + ProgressFile.fileName).progress } ?? PlayerProgress()
        let names = Game.catalogNames(dataDirectory: dataDirectory)
        let medals = MedalFile.load(levelsDirectory: dataDirectory + "/Levels").medals
        var lines: [String] = []
        for (index, name) in names.enumerated() {
            if index % FlowState.levelsPerWorld == 0 { lines.append("World \(index / FlowState.levelsPerWorld + 1)") }
            lines.append(row(name, detail(progress, key: name, order: names, medals: medals[name])))
        }
        let shelf = LevelPackShelf.scan(LevelPackShelf.directories(environment: environment, dataDirectory: dataDirectory))
        // The game's own listing: each level kept by its file's digest, as the pages show it.
        for (pack, listing) in zip(shelf.packs, LevelCatalog.listings(shelf)) {
            lines.append("\(pack.manifest.title), by \(pack.manifest.author) (\(pack.manifest.licence)): \(pack.directory)")
            for (index, level) in listing.levels.enumerated() {
                let text = level.key.map { key in
                    listing.isOpen(index, in: progress) ? Words.english.render(FlowState.levelDetail(progress.record(key), medals: level.medals)) : "locked"
                } ?? "missing"
                lines.append(row("\(pack.id)/\(level.name)", text))
            }
        }
        if !shelf.problems.isEmpty { lines.append("Packs that could not be read:") }
        return lines + shelf.problems.map { "  " + $0.description }
    }

    private static func row(_ name: String, _ detail: String) -> String {
        "  " + name + String(repeating: " ", count: max(0, 24 - name.count)) + "  " + detail
    }

    private static func detail(_ progress: PlayerProgress, key: String, order: [String], medals: MedalTimes?) -> String {
        guard let index = order.firstIndex(of: key), progress.isUnlocked(index, of: order) else { return "locked" }
        return Words.english.render(FlowState.levelDetail(progress.record(key), medals: medals))
    }
}
