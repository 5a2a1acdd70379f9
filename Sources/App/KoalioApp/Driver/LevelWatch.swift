import KoalioFlow
import KoalioCore
import KoalioLevelFile
import KoalioSDL
import KoalioSim
import KoalioView

/// `--watch`: a level author's edits show up live. When the level file, a tileset or an image
/// of it changes on disk, the level is loaded again: the koala stays where it stands if that
/// spot is still free (else it goes to the spawn), with a one-line notice. A save that breaks
/// the level is its one-line error, on screen until the next good save; the last good version
/// plays on.
@MainActor
final class LevelWatch {
    let path: String
    private let watcher: LevelWatcher
    /// The last save's problem, shown until a save loads.
    private(set) var problem: FileProblem?

    /// Nil when inotify cannot be used (said on stderr; the level plays unwatched).
    init?(path: String, map: LevelMap) {
        guard let watcher = LevelWatcher() else {
            StandardError.writeLine("koalio: warning: --watch: inotify is not available here; \(path) is not watched")
            return nil
        }
        self.path = path
        self.watcher = watcher
        let files = Self.files(of: map, path: path)
        watcher.watch(files)
        StandardError.writeLine("koalio: watching \(path) and \(files.count - 1) file\(files.count == 2 ? "" : "s") it uses")
    }

    /// The level file and every tileset file and image it reads.
    static func files(of map: LevelMap, path: String) -> [String] {
        var seen = Set<String>()
        return ([path] + map.tilesets.map(\.sourceFile).filter { !$0.isEmpty } + map.imageFiles).filter { seen.insert($0).inserted }
    }

    func changed() -> Bool { watcher.takeChanges() }

    func loaded(_ map: LevelMap) {
        problem = nil
        watcher.watch(Self.files(of: map, path: path))
    }

    /// The flow took the reloaded level (``Effect/levelReloaded(keptPlace:)``): its files
    /// watched, said on stderr (the runner shows the notice).
    func reloaded(_ map: LevelMap, keptPlace: Bool) {
        loaded(map)
        StandardError.writeLine("koalio: \(path): reloaded" + (keptPlace ? "" : " (back at the spawn)"))
    }

    /// The watched level loaded again if its files changed since the last frame: the flow takes
    /// it at the next tick (the action); a save that breaks it is the problem shown.
    func reloadIfChanged(_ platform: Platform) -> GameAction? {
        guard changed() else { return nil }
        let name = PathString.fileName(of: path)
        do throws(KoalioError) {
            let level = try Game.loadLevel(path, for: nil, replayPath: nil), map = level.map
            do throws(DataFileError) {
                try platform.reload(map.imageFiles.map(TextureID.file))  // edited images are read again
                try platform.preload(Art.textures(for: map))  // a theme's backdrops, once
            } catch { throw .dataFile(error, reference: map.reference(of: error)) }
            return .levelReloaded(LevelReload(map: map, stage: level.stage, sha256: level.sha256, fileName: name))
        } catch {
            // On screen the file goes by its name (the line is as wide as the view).
            problem = error.naming(path, as: name).fileProblem(at: name)
            StandardError.writeLine("koalio: \(error.description) (the last good version plays on)")
            return nil
        }
    }
}
