import KoalioText

/// What went wrong reading the player's own files, as the title tells it (a player who started
/// koalio from a launcher never sees stderr): values until the title's line puts them in words.
package enum FileNotice: Equatable, Sendable {
    /// `settings.toml` could not be read at all: the defaults play.
    case settingsUnreadable
    /// `settings.toml` had this many problems; `marked`: their rows are marked in Settings.
    case settingsProblems(count: Int, marked: Bool)
    /// `progress.toml` could not be read: it is kept as it is, not overwritten.
    case progressUnreadable

    /// The line as the player reads it.
    package var text: Text {
        switch self {
        case .settingsUnreadable: .message(.settingsUnreadable)
        case let .settingsProblems(count, marked): .counted(marked ? .settingsProblemsMarked : .settingsProblems, count: count)
        case .progressUnreadable: .message(.progressUnreadable)
        }
    }
}
