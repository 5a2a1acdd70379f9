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
    package var words: String {
        switch self {
        case .settingsUnreadable: "settings.toml could not be read: default settings"
        case let .settingsProblems(count, marked):
            "settings.toml had \(count == 1 ? "a problem" : "\(count) problems")" + (marked ? ": marked in Settings" : "")
        case .progressUnreadable: "progress.toml could not be read: kept, not overwritten"
        }
    }
}
