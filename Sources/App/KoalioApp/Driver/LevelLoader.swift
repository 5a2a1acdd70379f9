import KoalioCore
import KoalioFlow
import KoalioLevelFile
import KoalioSDL
import KoalioView

/// The effect handler for ``Effect/loadLevel(_:)``: reads a catalog or pack level's file and
/// prepares its images, or says why it cannot be played. The flow asks; this answers in the
/// same tick (``FlowState/tick(_:_:load:)``).
@MainActor
struct LevelLoader {
    let catalog: LevelCatalog?
    let platform: Platform
    /// Where the catalog's levels are (`Levels/`), for a level read ahead.
    let dataDirectory: String?
    /// A speedrun's next level, read ahead on a thread of its own, and its images decoded
    /// ahead once it is read (their textures are made when it is taken).
    let ahead = LevelPrefetch()
    private let images = ImagesAhead()

    /// Where the images of the level read ahead are being decoded.
    private final class ImagesAhead {
        var path: String?
        var images: DecodedImages?
    }

    /// Once a frame: the level read ahead, once read, has its images decoded ahead (on threads),
    /// and once decoded their textures made (a frame's small part, during play, not at the flag).
    @MainActor
    func decodeAhead() {
        if let decoded = images.images, decoded.isDone {
            images.images = nil
            try? platform.preload(decoded)  // a failure is said when the level is taken, as without this
            return
        }
        guard let file = ahead.readyFile, images.path != file.path else { return }
        images.path = file.path
        images.images = platform.decodeAhead(Art.textures(for: file.map))
    }

    /// The file `level` names (nil: none).
    private func path(of level: LevelRef) -> String? {
        switch level {
        case let .catalog(index):
            guard let catalog, catalog.names.indices.contains(index), let dataDirectory else { return nil }
            return Game.levelPath(catalog.names[index], dataDirectory: dataDirectory)
        case let .pack(pack, index):
            guard let catalog, catalog.packListings.indices.contains(pack), catalog.packListings[pack].levels.indices.contains(index) else { return nil }
            return catalog.packListings[pack].levels[index].path
        }
    }

    /// Starts reading `level` ahead: ``load(_:)`` takes it when it is asked for.
    func readAhead(_ level: LevelRef) {
        if let path = path(of: level) { ahead.start(path) }
    }

    /// Reads a catalog or pack level and prepares its images (``Effect/loadLevel(_:)``).
    func load(_ level: LevelRef) -> LevelLoad {
        guard let catalog else { return .refused(.noSuchLevel) }
        let name: String
        switch level {
        case let .catalog(index):
            guard catalog.names.indices.contains(index) else { return .refused(.noSuchLevel) }
            name = catalog.names[index]
        case let .pack(pack, index):
            guard catalog.packListings.indices.contains(pack), catalog.packListings[pack].levels.indices.contains(index) else {
                return .refused(.noSuchLevel)
            }
            name = catalog.packListings[pack].levels[index].path
        }
        let loaded: LevelFile
        if let path = path(of: level), let (file, lint) = ahead.take(path) {
            for line in lint { StandardError.writeLine("koalio: \(line)") }
            loaded = file
        } else {
            do throws(KoalioError) { loaded = try catalog.load(name) } catch { return .refused(.file(error.fileProblem(at: path(of: level) ?? name))) }
        }
        do throws(DataFileError) {
            if images.path == loaded.path, let decoded = images.images { try platform.preload(decoded) }
            images.path = nil
            images.images = nil
            try platform.preload(Art.textures(for: loaded.map))  // any left (none when decoded ahead)
        } catch {
            return .refused(.file(KoalioError.dataFile(error, reference: loaded.map.reference(of: error)).fileProblem(at: loaded.path)))
        }
        return .loaded(loaded.map, loaded.stage, sha256: loaded.sha256)
    }
}
