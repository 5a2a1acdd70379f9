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
        do throws(KoalioError) { loaded = try catalog.load(name) } catch { return .refused(.file(error.description)) }
        do throws(DataFileError) { try platform.preload(Art.textures(for: loaded.map)) } catch {
            return .refused(.file(KoalioError.dataFile(error, reference: loaded.map.reference(of: error)).description))
        }
        return .loaded(loaded.map, loaded.stage, sha256: loaded.sha256)
    }
}
