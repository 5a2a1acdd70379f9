import Foundation
import KoalioCore
import KoalioTestSupport
import KoalioUI
import XCTest

import KoalioUserData
import KoalioFlow
@testable import KoalioText
@testable import KoalioView

/// Every character of every shipped message has a cell in the font's atlas: no empty boxes,
/// no missing letters, in any language (and each language's own name, as the setting lists it).
final class GlyphCoverageTests: XCTestCase {
    func testEveryShippedCharacterHasAGlyph() throws {
        let texts = try Self.shippedLines()
        XCTAssertGreaterThan(texts.count, Message.allCases.count * 2, "a language beside English")
        for (name, logical) in texts.map({ ($0.name, $0.form) }) + Language.allCases.map({ ("Language \($0.rawValue)", $0.name) }) {
            // As drawn: right-to-left runs shaped into the presentation forms the atlas holds.
            let text = VisualOrder.line(logical, rightToLeft: name.hasPrefix("ar"))
            let missing = text.unicodeScalars.filter { $0 != " " && Art.glyphSource($0) == nil }
            XCTAssertTrue(missing.isEmpty, "\(name): no glyph for \(missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }) in \"\(text)\"")
        }
    }

    /// Each message the game draws, its arguments left out, as wide as it is drawn (Japanese
    /// full-width, Arabic joined and proportional) within the cells the table gives it.
    func testEveryMessageFitsItsRoomAsDrawn() throws {
        var checked = 0
        for (name, message, form) in try Self.shippedLines() {
            let drawn = VisualOrder.line(Words.format(form, []), rightToLeft: name.hasPrefix("ar"))
            let room = Double(message.entry.cells * Art.glyphWidth)
            XCTAssertLessThanOrEqual(Lettering.width(drawn), room, "\(name): \"\(form)\" is wider than its \(message.entry.cells) cells")
            checked += 1
        }
        XCTAssertGreaterThan(checked, Message.allCases.count * 6, "every language's messages")
    }

    /// The glyphs' places, packed as `tools/make_font.py` drew them: none overlaps another,
    /// each inside the atlas, the last in its last row of cells.
    func testTheGlyphsPackedAsTheAtlasWasDrawn() throws {
        let atlas = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Resources/font.png")))
        let pixels = Array(atlas)
        // A PNG's size: big-endian width and height at bytes 16 and 20 of its IHDR chunk.
        func big32(_ at: Int) -> Int { pixels[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (big32(16), big32(20))
        let rects = Art.extraGlyphs.compactMap { Art.glyphSource(Unicode.Scalar($0 & 0xFF_FFFF) ?? " ") }
        XCTAssertEqual(rects.count, Art.extraGlyphs.count)
        XCTAssertTrue(rects.allSatisfy { $0.x >= 0 && $0.x + $0.width <= width && $0.y + $0.height <= height }, "inside the atlas")
        XCTAssertEqual(rects.map { $0.y + $0.height }.max(), height, "the last glyph in the atlas's last row")
        let cells = rects.flatMap { rect in (0..<(rect.width + Art.glyphWidth - 1) / Art.glyphWidth).map { (rect.y / Art.glyphHeight) * Art.glyphColumns + rect.x / Art.glyphWidth + $0 } }
        XCTAssertEqual(Set(cells).count, cells.count, "no two glyphs share a cell")
    }

    /// Japanese is drawn full-width (12 pixels, one and a half Latin cells) from a 12-pixel
    /// font, Arabic proportional: a joined letter as wide as the font advances it.
    func testJapaneseIsFullWidthAndArabicProportional() throws {
        XCTAssertEqual(Art.glyphSource("設")?.width, 12)
        XCTAssertEqual(Art.glyphSource("か")?.width, 12)
        XCTAssertEqual(Lettering.width("設定"), 24)
        XCTAssertEqual(Lettering.width("A"), 8)
        let shaped = VisualOrder.line("الإعدادات", rightToLeft: true)
        let widths = Set(shaped.unicodeScalars.compactMap { Art.glyphSource($0)?.width })
        XCTAssertGreaterThan(widths.count, 2, "Arabic forms of several widths: \(widths)")
        XCTAssertEqual(Lettering.width("الإعدادات"), Lettering.width(shaped), "a line is measured as it is drawn")
    }

    /// The level select in every language: a level's best time, medal and leaves are drawn
    /// whole beside its number and title (the title gives way, cut with "...", not the record).
    func testTheLevelSelectsRecordsAreDrawnWhole() throws {
        let names = (1...6).map { "level\($0)" }
        let titles = Dictionary(uniqueKeysWithValues: names.indices.map { (names[$0], Message.levelTitles[$0].entry.english) })
        var progress = PlayerProgress()
        for name in names { progress.recordWin(level: name, ticks: 1880, leaves: 10, of: 11) }
        let medals = Dictionary(uniqueKeysWithValues: names.map { ($0, MedalTimes(gold: 1000, silver: 1900, bronze: 2500)) })
        let page = FlowState.levelSelectPage(names: names, titles: titles, progress: progress, medals: medals, selection: 0, hint: Prompt([]))
        let rects = MenuLayout.entryRects(page)
        for words in try Self.shippedWords() {
            for (entry, rect) in zip(page.entries, rects) where entry.detail != nil && rect.width > 0 {
                let detail = Lettering.shown(try XCTUnwrap(entry.detail), words)
                let label = MenuView.shownLabel(entry, in: rect, scale: 1, words: words)
                let room = rect.width - 20 - Lettering.width(label) - Double(Art.glyphWidth)
                XCTAssertLessThanOrEqual(Lettering.width(detail), room, "\(words.language.rawValue): \"\(detail)\" beside \"\(label)\"")
            }
        }
    }

    /// A keypad's keys show what they type in every language: an Arabic line does not mirror
    /// "[" into "]".
    func testKeypadKeysShowWhatTheyType() throws {
        for words in try Self.shippedWords() {
            for character in JoinForm.Field.address.alphabet {
                XCTAssertEqual(Lettering.shown(Keypad.Key.character(character).label, words), String(character), words.language.rawValue)
            }
        }
    }

    /// Each shipped catalogue's words.
    static func shippedWords() throws -> [Words] {
        try shippedCatalogs().compactMap { file, catalog in
            Language(rawValue: String(file.dropLast(3))).map { Words(language: $0, catalog: catalog) }
        } + [Words.english]
    }

    /// Every line of every shipped catalogue the game draws, and the English, named
    /// "FILE: message" ("en: message" for the English).
    static func shippedLines() throws -> [(name: String, message: Message, form: String)] {
        var texts: [(name: String, message: Message, form: String)] = []
        for (file, catalog) in try shippedCatalogs() {
            for message in Message.allCases where message.entry.place == .game {  // the phone's and the desktop's lines are theirs to draw
                for form in catalog.forms(of: message) ?? [] { texts.append(("\(file): \(message)", message, form)) }
            }
        }
        for message in Message.allCases where message.entry.place == .game {
            for form in [message.entry.english] + (message.entry.englishPlural.map { [$0] } ?? []) { texts.append(("en: \(message)", message, form)) }
        }
        return texts
    }

    /// Each shipped catalogue (`po/LANG.po` through msgfmt), by its file's name.
    static func shippedCatalogs() throws -> [(file: String, catalog: Catalog)] {
        let directory = Repository.path("po")
        return try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".po") }.map { file in
            let mo = Scratch.file(".mo")
            _ = try ChildProcess.run("/usr/bin/msgfmt", ["-o", mo, directory + "/" + file], environment: [:], directory: Scratch.root)
            return (file, try Catalog(mo: Array(try Data(contentsOf: URL(fileURLWithPath: mo)))))
        }
    }

    /// Arabic shaped into its joined forms and put in visual order, a Latin name and a number
    /// inside it the right way round; a left-to-right line without Arabic untouched.
    func testRightToLeftLinesAreShapedAndReordered() {
        let name = VisualOrder.line("العربية", rightToLeft: true)
        XCTAssertTrue(name.unicodeScalars.allSatisfy { (0xFE70...0xFEFF).contains($0.value) }, "presentation forms: \(name.unicodeScalars.map(\.value))")
        XCTAssertEqual(name.unicodeScalars.count, 7)
        XCTAssertEqual(name.unicodeScalars.last?.value, 0xFE8D, "alef, the first letter, drawn rightmost in its isolated form")
        let mixed = VisualOrder.line("اللاعب 2: DualSense متصل", rightToLeft: true)
        XCTAssertTrue(mixed.contains("DualSense"), "a Latin name keeps its order: \(mixed)")
        XCTAssertTrue(mixed.hasPrefix("ﻞﺼﺘﻣ") || mixed.unicodeScalars.first.map { (0xFE70...0xFEFF).contains($0.value) } == true, "the last Arabic word leftmost")
        XCTAssertFalse(mixed.unicodeScalars.contains { $0.value == 0xFEFF }, "no ligature filler")
        XCTAssertEqual(VisualOrder.line("Spieler 2: DualSense", rightToLeft: false), "Spieler 2: DualSense")
    }

    /// An address inside an Arabic line reads as typed, its trailing slash at its end: the
    /// card's address is isolated left to right (``Text/leftToRight(_:)``), as every address is.
    func testAnAddressInArabicKeepsItsOrder() {
        let address = "http://192.168.1.20:8765/"
        let line = VisualOrder.line("أو افتح \u{2066}\(address)\u{2069} واكتب الرمز", rightToLeft: true)
        XCTAssertTrue(line.contains(address), "in order: \(line)")
        XCTAssertFalse(VisualOrder.line("أو افتح \(address) واكتب الرمز", rightToLeft: true).contains(address),
                       "without the isolate the slash would jump to the front")
    }

    /// A right-to-left prompt runs from the right: each glyph right of its words, a run of
    /// glyphs (walk's ← →, a binding's keys) kept in its order.
    func testARightToLeftPromptKeepsItsGlyphRuns() {
        let left = Prompt.Part.glyph(.keycap("Left")), right = Prompt.Part.glyph(.keycap("Right")), enter = Prompt.Part.glyph(.keycap("Enter"))
        let walk = Prompt.Part.text(.message(.hintWalk)), go = Prompt.Part.text(.message(.hintGo))
        XCTAssertEqual(Prompt.rightToLeft([left, right, walk, enter, go]), [go, enter, walk, left, right])
    }

    func testASCIIKeepsItsCellsAndTheRestFollow() throws {
        XCTAssertEqual(Art.glyphSource("A"), IntRect(x: (65 - 32) % 16 * 8, y: (65 - 32) / 16 * 12, width: 8, height: 12))
        let umlaut = try XCTUnwrap(Art.glyphSource("ü"))
        XCTAssertGreaterThanOrEqual(umlaut.y, 6 * 12, "after ASCII's six rows")
        XCTAssertNil(Art.glyphSource("\u{1F600}"), "an emoji has no cell")
    }
}
