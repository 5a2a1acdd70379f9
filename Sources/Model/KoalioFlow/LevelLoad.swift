import KoalioCore
import KoalioSim
import KoalioText

/// A level of the catalog, loaded and ready to draw, or why it cannot be played: the driver's
/// answer to ``Effect/loadLevel(_:)``.
package enum LevelLoad {
    case loaded(LevelMap, Stage, sha256: [UInt8])
    case refused(LoadProblem)
}

/// Why a chosen level does not start, as a value: the flow keeps it for the menu's line and
/// asks the driver to report it (``Effect/levelRefused(_:)``); the view turns it into words.
package enum LoadProblem: Equatable, Sendable {
    /// The menu named a level that is not there (the catalog or the pack changed under it).
    case noSuchLevel
    /// Its file, or a file it names, cannot be used (boxed: the flow's value, which keeps it
    /// for the menu's line, is copied whole in many places, and a pointer copies cheaply).
    indirect case file(FileProblem)

    /// The line as the player reads it, on the menu and (in English) on stderr.
    package var text: Text {
        switch self {
        case .noSuchLevel: .message(.noSuchLevel)
        case let .file(problem): problem.text
        }
    }

    /// The terminal's line (English: where, and the reader's detail).
    package var line: String {
        switch self {
        case .noSuchLevel: Words.english.render(text)
        case let .file(problem): problem.description
        }
    }
}
