import FoundationEssentials
import KoalioFlow
import KoalioSystem
import KoalioText
import KoalioUI
import KoalioUserData
import KoalioUserFiles

extension Game {
    /// `koalio splits CATEGORY FILE.lss`: the category's splits file, from the personal best
    /// in the progress file; its segments are the category's levels here. One line on stdout
    /// (where it went), or one line and exit 1 (no personal best yet) or 2 (no such category,
    /// a file that cannot be written: the player's input).
    /// A category's levels here, in order: their names and files (the catalog's and the packs').
    static func speedrunFiles(_ name: String, dataDirectory: String) throws(KoalioError) -> (names: [String], paths: [String]) {
        var context = FlowContext()
        context.levelNames = catalogNames(dataDirectory: dataDirectory)
        var catalog = LevelCatalog(names: context.levelNames) { _ throws(KoalioError) in throw .noSuchCategory(name: name, known: []) }
        catalog.stock(LevelPackShelf.scan(LevelPackShelf.directories(environment: ProcessInfo.processInfo.environment, dataDirectory: dataDirectory)))
        context.packs = catalog.packListings
        guard let category = SpeedrunCategory(name: name), let levels = FlowState.speedrunLevels(category, context) else {
            throw .noSuchCategory(name: name, known: FlowState.speedrunCategories(context).map(\.description))
        }
        let paths = levels.refs.map { reference -> String in
            switch reference {
            case let .catalog(index): levelPath(context.levelNames[index], dataDirectory: dataDirectory)
            case let .pack(pack, level): context.packs[pack].levels[level].path
            }
        }
        return (levels.names, paths)
    }

    public static func exportSplits(_ name: String, to path: String, dataDir: String?) throws(KoalioError) -> (lines: [String], status: Int32) {
        let dataDirectory = try DataDirectory.locate(explicit: dataDir)
        let environment = ProcessInfo.processInfo.environment
        let levels = try speedrunFiles(name, dataDirectory: dataDirectory)
        guard let category = SpeedrunCategory(name: name) else { throw .noSuchCategory(name: name, known: []) }
        // Read, never moved aside or written: this only exports.
        var progress = PlayerProgress()
        if let progressPath = ProgressFile.directory(environment: environment).map({ $0 + "/" + ProgressFile.fileName }) {
            do throws(FileReadError) {
                let bytes = try FileBytes.read(progressPath, limit: ProgressFile.fileBytesLimit)
                do throws(UserFileError) { progress = try ProgressFile.decode(bytes, file: progressPath) } catch { return (["koalio: \(error.description)"], 2) }
            } catch {
                if error.cause != .missing { return (["koalio: \(error.description)"], 2) }
            }
        }
        guard let record = progress.speedruns[category.description], record.personalBest.count == levels.names.count else {
            return (["koalio splits \(name): no personal best for \(name) yet (play it: koalio --speedrun \(name))"], 1)
        }
        let segments = levels.names.map { Words.english.render(FlowState.displayName($0)) }
        let text = SplitsFile.lss(game: "koalio", category: category.description, segments: segments, record: record)
        do { try AtomicFile.write(Array(text.utf8), to: path) } catch { throw .cannotWrite(path: path, what: "the splits file", reason: error.reason) }
        return (["\(path): \(segments.count) segment\(segments.count == 1 ? "" : "s"), personal best \(ClockText.precise(ticks: record.personalBest.last ?? 0))"], 0)
    }
}
