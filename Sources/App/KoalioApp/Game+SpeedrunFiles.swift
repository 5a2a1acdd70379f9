import FoundationEssentials
import KoalioFlow
import KoalioSystem
import KoalioText
import KoalioUI
import KoalioUserData
import KoalioUserFiles

extension Game {
    /// A category's levels here, in order: their names and files (the catalog's and the packs').
    package static func speedrunFiles(_ name: String, dataDirectory: String) throws(KoalioError) -> (names: [String], paths: [String]) {
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
}
