import Foundation
import KoalioTestSupport
import XCTest

import KoalioMessageTemplate
@testable import KoalioText

/// Catalogues as `msgfmt` (Debian's gettext) makes them, read back: translations found by
/// context, missing and fuzzy ones left English, plural forms chosen by the header's rule.
final class CatalogTests: XCTestCase {
    /// `po` compiled by msgfmt, read as a catalogue.
    func compiled(_ po: String) throws -> Catalog {
        let source = Scratch.file(".po"), mo = Scratch.file(".mo")
        try po.write(toFile: source, atomically: true, encoding: .utf8)
        let result = try ChildProcess.run("/usr/bin/msgfmt", ["--check", "-o", mo, source], environment: [:], directory: Scratch.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try Catalog(mo: Array(try Data(contentsOf: URL(fileURLWithPath: mo))))
    }

    static let header = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);\\n"

        """

    func testTranslationsByContextWithEnglishForTheRest() throws {
        let catalog = try compiled(Self.header + """
            msgctxt "play"
            msgid "Play"
            msgstr "العب"

            #, fuzzy
            msgctxt "quit"
            msgid "Quit"
            msgstr "stale"

            #, c-format
            msgctxt "playerJoined"
            msgid "Player %d: %s joined"
            msgstr "%2$s: اللاعب %1$d"

            #, c-format
            msgctxt "settingsProblems"
            msgid "settings.toml had a problem"
            msgid_plural "settings.toml had %d problems"
            msgstr[0] "zero %d"
            msgstr[1] "one"
            msgstr[2] "two %d"
            msgstr[3] "few %d"
            msgstr[4] "many %d"
            msgstr[5] "other %d"
            """)
        let words = Words(language: .arabic, catalog: catalog)
        XCTAssertEqual(words.render(.message(.play)), "العب")
        XCTAssertEqual(words.render(.message(.quit)), "Quit", "a fuzzy translation is not compiled: English")
        XCTAssertEqual(words.render(.message(.settings)), "Settings", "a missing one: English")
        XCTAssertEqual(words.render(.message(.playerJoined, [.number(2), .verbatim("DualSense")])), "DualSense: اللاعب 2",
                       "arguments reordered by position")
        XCTAssertEqual([0, 1, 2, 5, 11, 100, 102].map { words.render(.counted(.settingsProblems, count: $0)) },
                       ["zero 0", "one", "two 2", "few 5", "many 11", "other 100", "other 102"])
        XCTAssertEqual(catalog.translated, 3)
    }

    func testEnglishPluralsWithoutACatalogue() {
        XCTAssertEqual(Words.english.render(.counted(.settingsProblems, count: 1)), "settings.toml had a problem")
        XCTAssertEqual(Words.english.render(.counted(.settingsProblems, count: 3)), "settings.toml had 3 problems")
    }

    /// A phone's pad is named in English on the machine and in the player's words on screen.
    func testAPhonePadsNameIsTranslatedAndOtherPadsKeepTheirs() {
        XCTAssertEqual(Text.phonePadName(seat: 3), "Phone 3")
        XCTAssertEqual(Text.padName("Phone 3"), .message(.phonePadName, [.number(3)]))
        XCTAssertEqual(Text.padName("Phone 3a"), .verbatim("Phone 3a"))
        XCTAssertEqual(Text.padName("Phone "), .verbatim("Phone "))
        XCTAssertEqual(Text.padName("DualSense Wireless Controller"), .verbatim("DualSense Wireless Controller"))
    }

    func testFormat() {
        XCTAssertEqual(Words.format("%s and %d%%", ["a", "5"]), "a and 5%")
        XCTAssertEqual(Words.format("%2$s %1$s", ["a", "b"]), "b a")
        XCTAssertEqual(Words.format("%s %s", ["a"]), "a ", "a missing argument is empty")
        XCTAssertEqual(Words.format("100%", []), "100%")
    }

    func testFittingAndCutting() {
        let fits: (String) -> Bool = { $0.count <= 10 }
        XCTAssertEqual(Words.english.render(.firstFitting([.verbatim("far too long a line"), .verbatim("short")]), fits: fits), "short")
        XCTAssertEqual(Words.english.render(.firstFitting([.verbatim("far too long a line")]), fits: fits), "far too...")
        XCTAssertEqual(Words.english.render(.cutToFit(.verbatim("abcdefghij"), keeping: .verbatim(" (2)")), fits: fits), "abc... (2)")
    }

    func testPluralRules() throws {
        let french = try PluralRule(header: " nplurals=2; plural=(n > 1);")
        XCTAssertEqual([0, 1, 2].map(french.form(for:)), [0, 0, 1])
        let japanese = try PluralRule(header: "nplurals=1; plural=0;")
        XCTAssertEqual([0, 1, 7].map(japanese.form(for:)), [0, 0, 0])
        XCTAssertEqual([0, 1, 2].map(PluralRule.english.form(for:)), [1, 0, 1])
        XCTAssertThrowsError(try PluralRule(header: "nplurals=2; plural=(n > ;"))
        XCTAssertThrowsError(try PluralRule(header: "nplurals=9; plural=n;"))
        XCTAssertThrowsError(try PluralRule(header: "nplurals=2; plural=" + String(repeating: "(", count: 500) + "n"))
        XCTAssertThrowsError(try PluralRule(header: "nplurals=2; plural=" + String(repeating: "!", count: 200) + "n"), "a run of nots nests too")
        XCTAssertThrowsError(try PluralRule(header: "nplurals=2; plural=n" + String(repeating: "+n", count: 200_000)), "a long chain is refused unread")
    }

    func testBrokenFilesAreProblemsNotCrashes() throws {
        XCTAssertThrowsError(try Catalog(mo: [1, 2, 3])) { XCTAssertEqual(($0 as? Catalog.Problem)?.offset, 0) }
        XCTAssertThrowsError(try Catalog(mo: Array(repeating: 0, count: 64)))
        var good = Array(try Data(contentsOf: URL(fileURLWithPath: compiledPath(Self.header + "msgctxt \"play\"\nmsgid \"Play\"\nmsgstr \"Spielen\"\n"))))
        XCTAssertNoThrow(try Catalog(mo: good))
        // Every truncation and a string offset pointed past the end: a problem each time.
        for length in stride(from: 0, to: good.count, by: 7) { XCTAssertThrowsError(try Catalog(mo: Array(good.prefix(length)))) }
        good[28 + 4] = 0xff  // the first original's offset
        good[28 + 5] = 0xff
        XCTAssertThrowsError(try Catalog(mo: good))
    }

    func compiledPath(_ po: String) throws -> String {
        let source = Scratch.file(".po"), mo = Scratch.file(".mo")
        try po.write(toFile: source, atomically: true, encoding: .utf8)
        _ = try ChildProcess.run("/usr/bin/msgfmt", ["-o", mo, source], environment: [:], directory: Scratch.root)
        return mo
    }
}

/// Which language the environment asks for.
final class LanguageTests: XCTestCase {
    func testLocaleNames() {
        XCTAssertEqual(Language(locale: "de_DE.UTF-8"), .german)
        XCTAssertEqual(Language(locale: "pt_BR.UTF-8"), .brazilianPortuguese)
        XCTAssertEqual(Language(locale: "pt_PT"), .brazilianPortuguese, "the Portuguese we ship")
        XCTAssertEqual(Language(locale: "ja_JP.eucJP"), .japanese)
        XCTAssertEqual(Language(locale: "ar_EG.UTF-8@latin"), .arabic)
        XCTAssertEqual(Language(locale: "C.UTF-8"), .english)
        XCTAssertNil(Language(locale: "sv_SE.UTF-8"))
        XCTAssertNil(Language(locale: ""))
    }

    func testTheEnvironmentAsGettextReadsIt() {
        XCTAssertEqual(Language.fromEnvironment(["LANG": "fr_FR.UTF-8"]), .french)
        XCTAssertEqual(Language.fromEnvironment(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"]), .spanish)
        XCTAssertEqual(Language.fromEnvironment(["LANG": "fr_FR.UTF-8", "LC_ALL": "ja_JP.UTF-8"]), .japanese)
        XCTAssertEqual(Language.fromEnvironment(["LANG": "fr_FR.UTF-8", "LANGUAGE": "sv:de:fr"]), .german, "the first shipped of the list")
        XCTAssertEqual(Language.fromEnvironment(["LANGUAGE": "de"]), .german, "an unset locale does not silence LANGUAGE")
        XCTAssertEqual(Language.fromEnvironment(["LANG": "C", "LANGUAGE": "de"]), .english, "C does, as in gettext")
        XCTAssertEqual(Language.fromEnvironment(["LC_ALL": "POSIX", "LANGUAGE": "de"]), .english, "POSIX does too")
        XCTAssertEqual(Language.fromEnvironment(["LANG": "C.UTF-8", "LANGUAGE": "de"]), .german, "C.UTF-8 does not: gettext honours LANGUAGE there")
        XCTAssertEqual(Language.fromEnvironment(["LANG": "C.UTF-8"]), .english)
        XCTAssertEqual(Language.fromEnvironment(["LANG": "sv_SE.UTF-8"]), .english)
        XCTAssertEqual(Language.fromEnvironment([:]), .english)
    }
}

/// The message table and the template made from it.
final class MessageTableTests: XCTestCase {
    func testEveryMessageSaysWhereItShows() {
        for message in Message.allCases {
            XCTAssertFalse(message.note.isEmpty, "\(message)")
            XCTAssertFalse(message.entry.english.isEmpty, "\(message)")
            XCTAssertLessThanOrEqual(message.entry.english.count, message.entry.cells + 8, "\(message): its English fits its room")
        }
    }

    func testTheTemplateInTheTreeIsCurrent() throws {
        let inTree = try String(contentsOfFile: Repository.path("po/koalio.pot"), encoding: .utf8)
        XCTAssertTrue(inTree == MessageTemplate.text, "po/koalio.pot is not what the message table makes: run `make po`")
    }
}
