@testable import KoalioFlow
import KoalioCore
@testable import KoalioUserData
import KoalioView
import XCTest
@testable import KoalioUserFiles
import KoalioFlowTestSupport
import KoalioUI

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
            XCTAssertEqual(packs.entries.map(\.label.english), ["Forest trials", "Back"])
            XCTAssertEqual(packs.entries.first?.detail?.english, "by Ana  0/2")
            h.press(.enter)
            XCTAssertEqual(h.flow.mode, .packLevels(0))
            let levels = try XCTUnwrap(h.flow.menuPage(h.context, prompts: prompts, rawStick: (0, 0)))
            XCTAssertEqual(levels.heading.english, "Forest trials")
            XCTAssertEqual(levels.entries.map(\.label.english), ["intro", "canopy", "Back"])
            XCTAssertEqual(levels.entries.map(\.detail?.english), ["new", "missing", nil], "a missing file is its line; the rest plays")
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

    /// With no pack yet, More levels names the folder packs go in: the one the game reads
    /// (`$XDG_DATA_HOME/koalio/levels/` when that is set), the home folder written `~`.
    func testAnEmptyShelfNamesTheFolderTheGameReads() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.setPacks([], folder: "/srv/games/koalio/levels/")
            h.flow.mode = .packs
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            XCTAssertEqual(page.subheading?.english, "No level packs yet: put one in \u{2066}/srv/games/koalio/levels/\u{2069}")
        }
        let xdg = ["XDG_DATA_HOME": "/srv/games", "HOME": "/home/a"]
        XCTAssertEqual(LevelPackShelf.playersFolder(environment: xdg), "/srv/games/koalio/levels")
        XCTAssertEqual(LevelPackShelf.playersFolder(environment: ["HOME": "/home/a"]), "/home/a/.local/share/koalio/levels")
        XCTAssertEqual(PathString.tilde("/home/a/.local/share/koalio/levels", home: "/home/a"), "~/.local/share/koalio/levels")
        XCTAssertEqual(PathString.tilde("/home/ab/x", home: "/home/a"), "/home/ab/x", "only the home folder itself")
    }

    func testAPackThatCannotBeReadIsALineOnThePage() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.setPackProblems([FileProblem(file: "/home/a/.local/share/koalio/levels/broken/pack.toml", line: 4, kind: .damaged,
                                          detail: "`levels` is not a list of 1 to 100 level names"),
                              FileProblem(file: "x", kind: .missing, detail: "no such file")])
            h.flow.mode = .packs
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            let line = Lettering.fitted(try XCTUnwrap(page.subheading), .english, width: Scene.lineWidth)
            XCTAssertTrue(line.hasPrefix("broken/pack.toml is damaged"), "the file by its folder and name, the trouble in words: " + line)
            XCTAssertTrue(line.hasSuffix("... (and 1 more: koalio --list-levels)"), "the problem cut, the count kept: " + line)
            XCTAssertLessThanOrEqual(Lettering.width(line), Scene.lineWidth, "one line on the page")
        }
    }

    /// Fifty packs do not fit the view: the list scrolls with the selection, arrows say more
    /// is above or below, and a tap hits only what is drawn.
    func testALongListScrollsWithItsSelection() {
        let entries = (1...50).map { MenuPage.Entry(.verbatim("Pack \($0)")) } + [MenuPage.Entry(.message(.back))]
        var page = MenuPage(heading: .message(.moreLevels), entries: entries, selection: 0, hint: Prompt([]), compact: true)
        var rows = MenuLayout.rows(page)
        XCTAssertEqual(rows.entries.filter { $0.width > 0 }.count, MenuLayout.compactRowsFitting(compactPage: true))
        XCTAssertFalse(rows.moreAbove)
        XCTAssertTrue(rows.moreBelow)
        page.selection = 40
        rows = MenuLayout.rows(page)
        XCTAssertGreaterThan(rows.entries[40].width, 0, "the selection is in view")
        XCTAssertTrue(rows.moreAbove && rows.moreBelow)
        let hit = rows.entries[40]
        XCTAssertEqual(MenuLayout.entry(at: Vec2(hit.x + 10, hit.y + 5), in: page), 40)
        XCTAssertEqual(rows.entries[0].width, 0, "scrolled out of view")
        page.selection = 50
        rows = MenuLayout.rows(page)
        XCTAssertFalse(rows.moreBelow, "Back, the last, at the bottom")
        XCTAssertLessThan(rows.entries[50].maxY, Double(LogicalView.height) - 24, "above the hint line")
        XCTAssertEqual(LevelPackShelf.scan([]).packs, [])
        XCTAssertEqual(["p10", "p2", "p1", "a"].sorted(by: LevelPackShelf.naturalOrder), ["a", "p1", "p2", "p10"])
    }

    /// A missing level locks nothing after it: the next one there opens when the one before won.
    func testAMissingLevelDoesNotLockTheRest() {
        let pack = PackListing(id: "p", title: "P", author: "A", levels: [.init(name: "one", key: "k1"), .init(name: "gone", key: nil),
                                                                         .init(name: "three", key: "k3")])
        var progress = PlayerProgress()
        XCTAssertEqual(FlowState.packLevelsPage(pack, progress: progress, selection: 0, hint: Prompt([])).entries.map(\.detail?.english),
                       ["new", "missing", "locked", nil])
        progress.recordWin(level: "k1", ticks: 600)
        XCTAssertEqual(FlowState.packLevelsPage(pack, progress: progress, selection: 0, hint: Prompt([])).entries.map(\.detail?.english),
                       ["best 0:10.0", "missing", "new", nil])
    }
}
