import Foundation
import KoalioTestSupport
import XCTest

@testable import KoalioText

/// Every shipped language (po/LANG.po), compiled by msgfmt as `make locale` does: complete,
/// with the same arguments as the English, and each message within its room.
final class ShippedCatalogTests: XCTestCase {
    /// The shipped catalogues by language, compiled from the tree's po/ files.
    static func shipped() throws -> [(Language, Catalog)] {
        let directory = Repository.path("po")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".po") }.sorted()
        return try files.map { file in
            let code = String(file.dropLast(3))
            guard let language = Language(rawValue: code) else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: file]) }
            let mo = Scratch.file(".mo")
            let result = try ChildProcess.run("/usr/bin/msgfmt", ["--check", "-o", mo, directory + "/" + file], environment: [:],
                                              directory: Scratch.root)
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
            return (language, try Catalog(mo: Array(try Data(contentsOf: URL(fileURLWithPath: mo)))))
        }
    }

    func testEveryShippedLanguageIsCompleteAndKeepsItsArguments() throws {
        let catalogs = try Self.shipped()
        XCTAssertFalse(catalogs.isEmpty)
        for (language, catalog) in catalogs {
            for message in Message.allCases {
                guard let forms = catalog.forms(of: message) else {
                    XCTFail("\(language.rawValue): \(message) is not translated")
                    continue
                }
                XCTAssertEqual(forms.count, message.entry.englishPlural == nil ? 1 : catalog.plural.count, "\(language.rawValue): \(message)'s forms")
                let english = Self.directives(message.entry.englishPlural ?? message.entry.english)
                for form in forms where message.entry.englishPlural == nil {
                    XCTAssertEqual(Self.directives(form), english, "\(language.rawValue): \(message): \"\(form)\" keeps the English's arguments")
                }
            }
        }
    }

    /// The argument numbers a template uses, in order of the arguments (`%2$s %1$d` → [1, 2]).
    static func directives(_ template: String) -> [String] {
        var found: [(Int, String)] = []
        var next = 1
        let scalars = Array(template.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "%", index + 1 < scalars.count else { continue }
            var digits = ""
            var at = index + 1
            while at < scalars.count, ("0"..."9").contains(scalars[at]) { digits.unicodeScalars.append(scalars[at]); at += 1 }
            var number = next
            if at < scalars.count, scalars[at] == "$", let position = Int(digits) { number = position; at += 1 } else if scalars[at] != "%" { next += 1 }
            guard at < scalars.count else { break }
            if scalars[at] == "s" || scalars[at] == "d" { found.append((number, String(scalars[at]))) }
            index = at
        }
        return found.sorted { $0.0 < $1.0 }.map { "\($0.0)\($0.1)" }
    }
}

/// The desktop files' lines in the message table are the very lines `msgfmt --desktop` and
/// `--xml` look up in dist/koalio.desktop and dist/koalio.metainfo.xml (as xgettext reads them):
/// a line changed in one place and not the other would ship untranslated.
final class DesktopMessageTests: XCTestCase {
    func testTheTableHoldsTheDesktopFilesLines() throws {
        func extracted(_ arguments: [String]) throws -> Set<String> {
            let result = try ChildProcess.run("/usr/bin/xgettext", ["--no-wrap", "-o", "-"] + arguments, environment: [:],
                                              directory: Repository.root)
            XCTAssertEqual(result.status, 0, result.stderr)
            let ids = result.stdout.split(separator: "\n").filter { $0.hasPrefix("msgid \"") }.map { line in
                String(line.dropFirst("msgid \"".count).dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            }
            return Set(ids).subtracting(["", "koalio"])  // the name is the name in every language
        }
        let files = try extracted(["-L", "Desktop", "--keyword=GenericName", "--keyword=Comment", "--keyword=Keywords", "dist/koalio.desktop"])
            .union(try extracted(["dist/koalio.metainfo.xml"]))
        let table = Set(Message.allCases.filter(\.entry.isDesktop).map(\.entry.english))
        XCTAssertEqual(files, table)
    }
}
