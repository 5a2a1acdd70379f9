@testable import KoalioApp
@testable import KoalioFlow
import KoalioCore
import KoalioUserData
import KoalioView
import XCTest

/// "More levels": from the level select to a pack, its levels, a level played and kept by its
/// file's digest, and back to the pack's page; a pack that cannot be read is a line on the page.
final class PackFlowTests: XCTestCase {
    func testMoreLevelsOpensAPackAndALevelAndLeavingReturnsToThePack() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.flow.mode = .levelSelect
            h.flow.selection[.levels] = 3  // after the three levels: More levels
            h.press(.enter)
            XCTAssertEqual(h.screen, .packs)
            let prompts = try h.prompts(pad: nil)
            let packs = try XCTUnwrap(h.flow.menuPage(h.context, prompts: prompts, rawStick: (0, 0)))
            XCTAssertEqual(packs.entries.map(\.label), ["Forest trials", "Back"])
            XCTAssertEqual(packs.entries.first?.detail, "by Ana  0/2")
            h.press(.enter)
            XCTAssertEqual(h.flow.mode, .packLevels(0))
            let levels = try XCTUnwrap(h.flow.menuPage(h.context, prompts: prompts, rawStick: (0, 0)))
            XCTAssertEqual(levels.heading, "Forest trials")
            XCTAssertEqual(levels.entries.map(\.label), ["intro", "canopy", "Back"])
            XCTAssertEqual(levels.entries.map(\.detail), ["new", "missing", nil], "a missing file is its line; the rest plays")
            XCTAssertEqual(levels.entries.map(\.enabled), [true, false, true])
            h.press(.enter)
            XCTAssertEqual(h.screen, .level)
            XCTAssertEqual(h.flow.run.index, nil, "not a catalog level")
            XCTAssertEqual(h.flow.run.packRecord?.key, LevelPack.recordKey(sha256: FlowHarness.levels[0].sha256))
            // Paused, Q leaves: back to the pack's page, not the level select.
            h.press(.escape)
            h.press(.q)
            XCTAssertEqual(h.flow.mode, .packLevels(0))
            h.press(.escape)
            XCTAssertEqual(h.screen, .packs)
            h.press(.escape)
            XCTAssertEqual(h.screen, .levels)
        }
    }

    func testAPackThatCannotBeReadIsALineOnThePage() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.setPackProblems(["/home/a/.local/share/koalio/levels/broken/pack.toml:4: `levels` is not a list of 1 to 100 level names", "x"])
            h.flow.mode = .packs
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            let line = try XCTUnwrap(page.subheading)
            XCTAssertTrue(line.hasPrefix("Cannot read /home/a/"), line)
            XCTAssertTrue(line.hasSuffix("(and 1 more: koalio --list-levels)"), line)
            XCTAssertLessThanOrEqual(line.count, FlowState.subheadingCharacters, "one line on the page")
        }
    }
}
