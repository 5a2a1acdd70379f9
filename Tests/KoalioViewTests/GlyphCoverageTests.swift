import Foundation
import KoalioCore
import KoalioTestSupport
import KoalioText
import KoalioUI
import XCTest

@testable import KoalioView

/// Every character of every shipped message has a cell in the font's atlas: no empty boxes,
/// no missing letters, in any language (and each language's own name, as the setting lists it).
final class GlyphCoverageTests: XCTestCase {
    func testEveryShippedCharacterHasAGlyph() throws {
        var texts: [(String, String)] = Language.allCases.map { ("Language \($0.rawValue)", $0.name) }
        let directory = Repository.path("po")
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) where file.hasSuffix(".po") {
            let mo = Scratch.file(".mo")
            _ = try ChildProcess.run("/usr/bin/msgfmt", ["-o", mo, directory + "/" + file], environment: [:], directory: Scratch.root)
            let catalog = try Catalog(mo: Array(try Data(contentsOf: URL(fileURLWithPath: mo))))
            for message in Message.allCases where message.entry.place == .game {  // the phone's and the desktop's lines are theirs to draw
                for form in catalog.forms(of: message) ?? [] { texts.append(("\(file): \(message)", form)) }
            }
        }
        for message in Message.allCases where message.entry.place == .game { texts.append(("en: \(message)", message.entry.english)) }
        XCTAssertGreaterThan(texts.count, Message.allCases.count * 2, "a language beside English")
        for (name, logical) in texts {
            // As drawn: right-to-left runs shaped into the presentation forms the atlas holds.
            let text = VisualOrder.line(logical, rightToLeft: name.hasPrefix("ar"))
            let missing = text.unicodeScalars.filter { $0 != " " && Art.glyphSource($0) == nil }
            XCTAssertTrue(missing.isEmpty, "\(name): no glyph for \(missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }) in \"\(text)\"")
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
