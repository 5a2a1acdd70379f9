import FoundationEssentials
import KoalioCore
import KoalioSystem
import KoalioText

/// Every shipped language's catalogue, read once at start (a few tens of kilobytes each), so
/// the Language setting switches at once, and the language the environment asks for. A
/// language whose `.mo` is missing or broken speaks English (a broken one is said on stderr).
struct Translations {
    private(set) var catalogs: [Language: Catalog] = [:]
    /// The desktop's language (``Language/fromEnvironment(_:)``): what Automatic means.
    var desktop = Language.english
    /// Where the catalogues were found (nil: none was).
    private(set) var directory: String?

    /// The gettext domain: `LANG/LC_MESSAGES/koalio.mo`.
    static let domain = "koalio"

    /// English and every language whose catalogue was read (the phones' page offers them all).
    var all: [Words] {
        [.english] + Language.allCases.compactMap { language in catalogs[language].map { Words(language: language, catalog: $0) } }
    }

    /// The words for a Language setting (nil: Automatic, the desktop's).
    func words(_ setting: Language?) -> Words {
        let language = setting ?? desktop
        return Words(language: language, catalog: catalogs[language] ?? .english)
    }

    /// Where catalogues are looked for, in order: `$KOALIO_LOCALE_DIR`; beside the executable,
    /// `../share/locale` (the package's `/usr/share/locale`, `make install`'s and the archive's
    /// `PREFIX/share/locale`); the source tree's `.build/locale` (`make build` compiles `po/` there).
    static func candidates(dataDirectory: String, environment: [String: String]) -> [String] {
        var found: [String] = []
        if let chosen = environment["KOALIO_LOCALE_DIR"], !chosen.isEmpty { found.append(chosen) }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            found.append(PathString.join(PathString.directory(of: PathString.directory(of: executable)), "share/locale"))
        }
        found.append(PathString.join(dataDirectory, ".build/locale"))
        return found
    }

    /// The catalogues of the first candidate directory holding any; `warn` hears of a broken one.
    static func load(dataDirectory: String, environment: [String: String], warn: (String) -> Void) -> Translations {
        var translations = Translations()
        translations.desktop = Language.fromEnvironment(environment)
        for directory in candidates(dataDirectory: dataDirectory, environment: environment) {
            for language in Language.allCases where language != .english {
                let path = "\(directory)/\(language.rawValue)/LC_MESSAGES/\(domain).mo"
                do {
                    let bytes = try FileBytes.read(path, limit: Catalog.bytesLimit)
                    translations.catalogs[language] = try Catalog(mo: bytes)
                } catch let error as FileReadError where error.cause == .missing {
                    continue
                } catch let error as Catalog.Problem {
                    warn("\(path): \(error.description): \(language.name) falls back to English")
                } catch {
                    warn("\(error): \(language.name) falls back to English")
                }
            }
            if !translations.catalogs.isEmpty {
                translations.directory = directory
                break
            }
        }
        return translations
    }
}
