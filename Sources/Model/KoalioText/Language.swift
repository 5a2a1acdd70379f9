/// The languages koalio ships, by their gettext codes, and how one is found in the environment.
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"
    case brazilianPortuguese = "pt_BR"
    case japanese = "ja"
    case arabic = "ar"

    /// The language in its own words, as the Language setting lists it.
    public var name: String {
        switch self {
        case .english: "English"
        case .german: "Deutsch"
        case .french: "Français"
        case .spanish: "Español"
        case .brazilianPortuguese: "Português (Brasil)"
        case .japanese: "日本語"
        case .arabic: "العربية"
        }
    }

    /// Written right to left (its lines are drawn right-aligned, in visual order).
    public var isRightToLeft: Bool { self == .arabic }

    /// The shipped language a locale name asks for (`de_DE.UTF-8`, `pt_BR`, `ja`, `pt`), nil
    /// for one koalio does not ship. `C` and `POSIX` are English.
    public init?(locale: String) {
        let name = locale.split(separator: ".").first.flatMap { $0.split(separator: "@").first }.map(String.init) ?? ""
        if name == "C" || name == "POSIX" { self = .english; return }
        let parts = name.split(separator: "_", maxSplits: 1)
        guard let language = parts.first.map(String.init)?.lowercased(), !language.isEmpty else { return nil }
        let territory = parts.count > 1 ? parts[1].uppercased() : nil
        if let exact = Language(rawValue: territory.map { "\(language)_\($0)" } ?? language) { self = exact; return }
        // A language we ship in one variety only: Portuguese is Brazil's.
        guard let match = Language.allCases.first(where: { $0.rawValue.split(separator: "_").first.map(String.init) == language }) else { return nil }
        self = match
    }

    /// The language the environment asks for, from the variables gettext reads: `LANGUAGE` (a
    /// list, the first language koalio ships wins; gettext would give English where it names
    /// none it has), then `LC_ALL`, `LC_MESSAGES`, `LANG`; English when none names one we ship. A locale set to exactly `C` or `POSIX` says English and silences `LANGUAGE`, as in gettext;
    /// an unset one does not (koalio never calls `setlocale`, so no locale need be generated).
    public static func fromEnvironment(_ environment: [String: String]) -> Language {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        // Only the exact `C` and `POSIX` silence `LANGUAGE`: GNU gettext honours it under
        // `C.UTF-8` (`LANG=C.UTF-8 LANGUAGE=de ls --help` answers in German).
        let localeIsC = locale.map { $0 == "C" || $0 == "POSIX" } ?? false
        if !localeIsC, let list = environment["LANGUAGE"] {
            for name in list.split(separator: ":") {
                if let language = Language(locale: String(name)) { return language }
            }
        }
        return locale.flatMap(Language.init(locale:)) ?? .english
    }
}
