import KoalioCore
import KoalioLevel
import KoalioLocalServer
import KoalioLevelFile
import KoalioReplay
import KoalioScripting
import KoalioScriptPlayback
import KoalioSDL
import KoalioSystem

/// A problem the game reports as one line on stderr before exiting: kept as what went wrong,
/// with the errors of the layers below as they are, until `main` prints ``description``.
public enum KoalioError: Error, CustomStringConvertible {
    // The player's input (a file, a folder, a name) is at fault: exit 2.
    /// A level file that cannot be read or played.
    case level(LevelFile.Failure)
    /// `--level NAME` names no level of the data's `Levels/`.
    case noSuchLevel(name: String, path: String, known: [String])
    /// `--level PACK/NAME` that no pack on the shelf has.
    case noSuchPackLevel(name: String, known: [String])
    /// A replay's level cannot be read where the replay says it is.
    case replayLevelUnreadable(replay: String, level: String, LevelError)
    /// A replay's level is not the file it was recorded on.
    case replayLevelChanged(replay: String, levelPath: String)
    /// A replay file that cannot be read, or is no replay.
    case replayUnreadable(path: String, FileReadError)
    case replay(ReplayError)
    /// An input script that cannot be read, or is no input script.
    case scriptUnreadable(path: String, FileReadError)
    case script(InputScript.ParseError)
    /// A file the player named cannot be written (`what`: "the trace", "the frame times", …).
    case cannotWrite(path: String, what: String, reason: String)
    /// `--record` names a place no file can be written.
    case cannotRecord(path: String, folder: String, problem: String)
    /// A folder for the player's replays cannot be made (`purpose`: what it was for).
    case cannotMakeFolder(path: String, purpose: String, FileReadError)
    /// `--data-dir` or `$KOALIO_DATA_DIR` (`source`) is no koalio data folder.
    case notADataDirectory(path: String, source: String, problem: String)
    /// No data folder was found in any of these places.
    case noDataDirectory(marker: String, looked: [String])
    /// A level's image (`reference`: the level file and line that named it, when known), or a
    /// controller mapping file, that cannot be used.
    case dataFile(DataFileError, reference: String?)
    /// There is no display to open a window on.
    case noDisplay(SDLError)

    // The machine could not run the game: exit 1.
    /// SDL could not start, or a window could not be made.
    case platform(SDLError)
    /// A frame could not be drawn or shown (`doing`: "drawing a frame", "showing a frame").
    case window(doing: String, SDLError)
    case screenshot(path: String, SDLError)
    /// An input script's step could not be played through SDL (a virtual pad, a pushed event).
    case scriptPlayback(ScriptPlaybackError)
    /// The sounds that came with the game cannot be used (an installation problem).
    case audio(DataFileError)
    /// The phones' server cannot listen (no private address, the port taken).
    case phones(LocalListener.Failure)
    /// A networked game's socket cannot be opened (`doing`: listening on an address, …).
    case network(doing: String, reason: String)
    /// `--join` or `--join-room`: the host did not let us in, or did not answer. `joining`: the
    /// option and its value (`--join 192.168.1.20:7000`, `--join-room K7M-3QX`).
    case joinFailed(joining: String, reason: String)
    /// `--join` or `--join-room`: the host plays a level this machine does not have (matched by
    /// the file's SHA-256).
    case hostLevelMissing(joining: String, level: String, sha256: String)
    /// `--speedrun`: a category this game does not have (a world or level past its levels, a pack not installed).
    case noSuchCategory(name: String, known: [String])
    /// `--speedrun` with assist on in the settings: speedruns are played without it.
    case speedrunWithAssist(settings: String)
    /// `--replay RUN.koaliorun` without `--verify` (watching a whole run is not there yet).
    case runNotVerified(path: String)
    /// A run's recording names a level whose file is not here (matched by its SHA-256).
    case runLevelMissing(path: String, segment: Int, level: String)

    /// 2: the player's input (a file, a folder, a name) is at fault; 1: the machine could not run the game.
    public var exitCode: Int32 {
        switch self {
        case .platform, .window, .screenshot, .scriptPlayback, .audio, .phones, .network, .joinFailed, .hostLevelMissing: 1
        default: 2
        }
    }

    public var description: String {
        switch self {
        case let .level(failure): failure.description
        case let .noSuchLevel(name, path, known):
            "--level \(TerminalText.excerpt(name)): no level of that name (\(path): no such file); the levels are "
                + known.joined(separator: ", ") + " (or give the path of a .tmx file)"
        case let .noSuchPackLevel(name, known):
            "--level \(TerminalText.excerpt(name)): no level pack has it; "
                + (known.isEmpty ? "no packs are installed (see --list-levels)" : "the packs' levels are " + known.prefix(20).joined(separator: ", ") + (known.count > 20 ? ", …" : ""))
        case let .replayLevelUnreadable(replay, level, reason):
            "\(replay): level '\(TerminalText.excerpt(level))' cannot be read (\(reason.description)); pass --level PATH"
        case let .replayLevelChanged(replay, levelPath):
            "\(replay): recorded on a different \(levelPath) (its SHA-256 differs); the level has changed since"
        case let .replayUnreadable(path, error): "\(path): cannot read the replay: \(error.reason)"
        case let .replay(error): error.description
        case let .scriptUnreadable(path, error): "\(path): cannot read the input script: \(error.reason)"
        case let .script(error): error.description
        case let .cannotWrite(path, what, reason): "\(path): cannot write \(what): \(reason)"
        case let .cannotRecord(path, folder, problem): "\(path): cannot record there: \(folder) \(problem)"
        case let .cannotMakeFolder(path, purpose, error): "\(path): cannot \(purpose): \(error.reason)"
        case let .notADataDirectory(path, source, problem): "\(path): \(source) \(problem)"
        case let .noDataDirectory(marker, looked):
            "cannot find koalio's data (\(marker)); looked in \(looked.joined(separator: ", ")); use --data-dir"
        case let .dataFile(error, reference): reference.map { "\($0): \(error.description)" } ?? error.description
        case let .noDisplay(error), let .platform(error): error.description
        case let .scriptPlayback(error): error.description
        case let .window(doing, error): "\(doing): \(error)"
        case let .screenshot(path, error): "\(path): \(error)"
        case let .audio(error): error.description
        case let .phones(failure): "phones: " + failure.description
        case let .network(doing, reason): "\(doing): \(reason)"
        case let .joinFailed(joining, reason): "\(joining): \(reason)"
        case let .hostLevelMissing(joining, level, sha256):
            "\(joining): the host plays '\(TerminalText.excerpt(level))' (SHA-256 \(sha256)), which is not among this koalio's levels or packs"
        case let .noSuchCategory(name, known):
            "speedrun category '\(TerminalText.excerpt(name))': not one of this game's (there are: \(known.joined(separator: ", ")))"
        case let .runNotVerified(path):
            "\(path): a whole speedrun's file; check it with --replay FILE --verify (watching one is not there yet)"
        case let .runLevelMissing(path, segment, level):
            "\(path): recording \(segment) plays '\(TerminalText.excerpt(level))', whose file is not among this koalio's levels or packs"
        case let .speedrunWithAssist(settings):
            "--speedrun: assist is on in \(settings) ([assist]): a speedrun is played without it; turn it off in Settings, Assist"
        }
    }

    /// The same problem with the level file called `name` where it is the file at `path` (on
    /// screen, `--watch` names the file it watches by its name alone: the line is as wide as the view).
    func naming(_ path: String, as name: String) -> KoalioError {
        switch self {
        case let .level(.unreadable(error)): .level(.unreadable(error.naming(path, as: name)))
        case let .level(.invalid(error)): .level(.invalid(error.naming(path, as: name)))
        case let .dataFile(error, reference): .dataFile(error, reference: reference.map { $0 == path ? name : $0 }.map {
            $0.hasPrefix(path + ":") ? name + $0.dropFirst(path.count) : $0
        })
        default: self
        }
    }
}

extension LevelError {
    /// The same error, naming the file at `path` as `name`.
    func naming(_ path: String, as name: String) -> LevelError {
        var renamed = self
        if file == path { renamed.file = name }
        return renamed
    }
}

extension KoalioError {
    /// The problem as the screen words it, for a level whose file is at `path`: the file at
    /// fault (the level's, or an image or tileset it names), its line, and the reader's detail.
    func fileProblem(at path: String) -> FileProblem {
        switch self {
        case let .level(.unreadable(error)): return FileProblem(error, kind: .unreadable)
        case let .level(.invalid(error)): return FileProblem(error, kind: .damaged)
        case let .dataFile(error, reference):
            return FileProblem(file: error.file, kind: .damaged, detail: reference.map { "\(error.reason) (named at \($0))" } ?? error.reason)
        default:
            let line = description
            let detail = line.hasPrefix(path + ": ") ? String(line.dropFirst(path.count + 2)) : line
            return FileProblem(file: path, kind: .damaged, detail: detail)
        }
    }
}

extension FileProblem {
    /// A level reader's error: its file and line, its element and reason the detail.
    init(_ error: LevelError, kind: Kind) {
        let element = error.element.isEmpty ? "" : "<\(TerminalText.excerpt(error.element))>: "
        self.init(file: error.file, line: error.line, kind: kind, detail: element + error.reason)
    }
}
