import FoundationEssentials
import KoalioApp
import KoalioFlow
import KoalioSDL
import KoalioSystem
import KoalioText
import KoalioUI
import KoalioUserData
import KoalioUserFiles

/// koalio's jobs besides playing, as the `koalio` executable's subcommands run them
/// (`koalio levels`, `koalio pack add`, `koalio splits`, `koalio controllers`): each returns the
/// lines to print and the exit status, or throws the player's error. They share the game's
/// data folder, catalog and files (``Game``), not its loop.
public enum Commands {
    /// `--add-pack`: the pack checked and put on the player's shelf (lines to print, exit status).
    public nonisolated static func addPack(_ source: String, dataDir: String?) throws(KoalioError) -> (lines: [String], status: Int32) {
        _ = try DataDirectory.locate(explicit: dataDir)  // the tilesets and images the levels' check may need
        guard let folder = LevelPackShelf.playersFolder(environment: ProcessInfo.processInfo.environment) else {
            return (["--add-pack: no home to keep packs in ($XDG_DATA_HOME and $HOME are unset)"], 2)
        }
        let outcome = PackInstaller.add(source, into: folder)
        return (outcome.lines, outcome.status)
    }

    /// `--export-pack DIR OUT.zip`.
    public nonisolated static func exportPack(_ folder: String, to output: String) -> (lines: [String], status: Int32) {
        let outcome = PackInstaller.export(folder, to: output)
        return (outcome.lines, outcome.status)
    }

    /// `--list-levels`' lines.
    public nonisolated static func listLevels(dataDir: String?) throws(KoalioError) -> [String] {
        LevelList.lines(dataDirectory: try DataDirectory.locate(explicit: dataDir), environment: ProcessInfo.processInfo.environment)
    }

    /// The pads SDL sees, one line each, for `--list-controllers`.
    @MainActor
    public static func listControllers() throws(KoalioError) -> [String] {
        do {
            return try GamepadManager.describeConnected(mappingFiles: Game.controllerMappingFiles())
        } catch let error as SDLError {
            throw .platform(error)
        } catch let error as DataFileError {
            throw .dataFile(error, reference: nil)
        } catch {
            throw .platform(SDLError(operation: "listing the game controllers", reason: "\(error)"))
        }
    }

    /// `koalio splits CATEGORY FILE.lss`: the category's splits file, from the personal best
    /// in the progress file; its segments are the category's levels here. One line on stdout
    /// (where it went), or one line and exit 1 (no personal best yet) or 2 (no such category,
    /// a file that cannot be written: the player's input).
    @MainActor
    public static func exportSplits(_ name: String, to path: String, dataDir: String?) throws(KoalioError) -> (lines: [String], status: Int32) {
        let dataDirectory = try DataDirectory.locate(explicit: dataDir)
        let environment = ProcessInfo.processInfo.environment
        let levels = try Game.speedrunFiles(name, dataDirectory: dataDirectory)
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
