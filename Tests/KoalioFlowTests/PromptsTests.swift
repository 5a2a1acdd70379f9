@testable import KoalioFlow
import KoalioInput
import KoalioView
import XCTest
import KoalioTestSupport
import KoalioFlowTestSupport
import KoalioUI

/// Prompts picture the buttons of the controller in hand: its family's glyphs, the bound key's
/// name, the on-screen controls' icons; Nintendo pads by position or by label.
final class PromptsTests: XCTestCase {
    func pad(_ category: ProductCategory) -> Controller {
        Controller(id: .pad(1), vendorName: "Pad", productCategory: category, hasLight: false, hasRumble: false)
    }

    func testEachControllerKindGetsItsOwnGlyphs() {
        let bindings = Bindings()
        XCTAssertEqual(ButtonStyle(pad: .xbox360), .xbox)
        XCTAssertEqual(ButtonStyle(pad: .dualSense), .playStation)
        XCTAssertEqual(ButtonStyle(pad: .dualShock4), .playStation)
        XCTAssertEqual(ButtonStyle(pad: .joyCon), .nintendo)
        XCTAssertEqual(ButtonStyle(pad: .generic), .generic)
        XCTAssertEqual(Prompts(controller: pad(.xboxOne), bindings: bindings, keyNames: RecordedKeyNames.table).glyph(.pause), .pad(.start, .xbox))
        XCTAssertEqual(Prompts(controller: pad(.dualSense), bindings: bindings, keyNames: RecordedKeyNames.table).glyph(.jump), .pad(.a, .playStation), "the ✕ cell")
        XCTAssertEqual(Prompts(controller: pad(.switchPro), bindings: bindings, keyNames: RecordedKeyNames.table).glyph(.jump), .pad(.a, .nintendo),
                       "the bottom button, printed B")
        let keyboard = Controller(id: .keyboard, vendorName: "Keyboard", productCategory: .generic, hasLight: false, hasRumble: false)
        XCTAssertEqual(Prompts(controller: keyboard, bindings: bindings, keyNames: RecordedKeyNames.table).glyph(.pause), .keycap("Escape"))
        let onScreen = Controller(id: .onScreen, vendorName: "On-screen", productCategory: .generic, hasLight: false, hasRumble: false)
        XCTAssertEqual(Prompts(controller: onScreen, bindings: bindings, keyNames: RecordedKeyNames.table).glyph(.pause), .touch(.pause))
        XCTAssertEqual(Prompts(controller: onScreen, bindings: bindings, keyNames: RecordedKeyNames.table).paused(canLeave: true).english, Prompt([.glyph(.touch(.pause)), .words(" resume")]).english)
    }

    /// Each key the pause line names does what it says: Escape (the pause key) resumes, Q leaves;
    /// on a pad, Start resumes and B leaves.
    func testThePauseLineNamesTheKeysThatDoIt() {
        let bindings = Bindings()
        let keyboard = Controller(id: .keyboard, vendorName: "Keyboard", productCategory: .generic, hasLight: false, hasRumble: false)
        XCTAssertEqual(Prompts(controller: keyboard, bindings: bindings, keyNames: RecordedKeyNames.table).paused(canLeave: true).english,
                       Prompt([.glyph(.keycap("Escape")), .words(" resume"), .words("   "), .glyph(.keycap("Q")), .words(" levels")]).english)
        XCTAssertEqual(Prompts(controller: pad(.xboxOne), bindings: bindings, keyNames: RecordedKeyNames.table).paused(canLeave: true).english,
                       Prompt([.glyph(.pad(.start, .xbox)), .words(" resume"), .words("   "), .glyph(.pad(.b, .xbox)), .words(" levels")]).english)
        var reader = FrameInputReader()
        reader.key(.q, isRepeat: false)
        XCTAssertTrue(reader.take(pads: .neutral, rawPads: .neutral).menu.quit, "Q is the key that leaves")
    }

    func testPromptsFollowTheBindingsAndNintendoLabels() {
        var bindings = Bindings()
        bindings.keys[.pause] = [.p]
        bindings.buttons[.pause] = [.button(.back)]
        XCTAssertEqual(Prompts(controller: Controller(id: .keyboard, vendorName: "Keyboard", productCategory: .generic, hasLight: false,
                                                      hasRumble: false), bindings: bindings, keyNames: RecordedKeyNames.table).glyph(.pause), .keycap("P"))
        XCTAssertEqual(Prompts(controller: pad(.dualShock4), bindings: bindings, keyNames: RecordedKeyNames.table).glyph(.pause), .pad(.button(.back), .playStation))
        bindings.nintendoByLabel = true
        let nintendo = Prompts(controller: pad(.switchPro), bindings: bindings, keyNames: RecordedKeyNames.table)
        XCTAssertEqual(nintendo.glyph(.jump), .pad(.b, .nintendo), "jump is the button printed A: the right one")
        XCTAssertEqual(nintendo.choose, .glyph(.pad(.b, .nintendo)), "menus confirm with the button printed A")
        XCTAssertEqual(nintendo.back, .glyph(.pad(.a, .nintendo)), "and go back with the one printed B")
    }

    func testEveryPadGlyphHasACellInTheArt() {
        for style in [ButtonStyle.xbox, .playStation, .nintendo, .generic] {
            let cells = PadBinding.all.compactMap { Art.buttonSource(.pad($0, style)) }
            XCTAssertEqual(cells.count, PadBinding.all.count)
            XCTAssertEqual(Set(cells.map { "\($0.x),\($0.y)" }).count, cells.count, "no two inputs share a picture")
        }
        XCTAssertNotEqual(Art.buttonSource(.pad(.a, .xbox)), Art.buttonSource(.pad(.a, .playStation)))
    }
}
