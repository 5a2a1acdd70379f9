import KoalioCore
import KoalioFlowTestSupport
import KoalioUI
import KoalioView
import Foundation
import XCTest
@testable import KoalioFlow

/// Menus fit: every list page shows all its entries at once (the title's seven, Settings'
/// thirteen, every settings page), in rows of one size, clear of the hint line, so nothing
/// hides below the fold behind a ▼.
final class MenuFitTests: XCTestCase {
    func testEveryMenuShowsAllItsEntries() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let modes: [(String, Mode)] = [("title", .title), ("level select", .levelSelect), ("speedrun", .speedrunSelect),
                                           ("play online", .online(.choose(nil))), ("how to play", .howToPlay(exit: .title)),
                                           ("add a phone", .addPhone(exit: .title))]
                + [Screen.settings, .keyboardControls, .padControls, .touchControls, .video, .assist].map {
                    ("settings: \($0.rawValue)", Mode.settings(SettingsState(page: $0, exit: .title)))
                }
            var titleRows = 0
            for (name, mode) in modes {
                h.flow.mode = mode
                let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)), name)
                let rows = MenuLayout.rows(page)
                XCTAssertFalse(rows.moreAbove || rows.moreBelow, "\(name): nothing scrolled away")
                XCTAssertTrue(rows.entries.allSatisfy { $0.width > 0 }, "\(name): all \(page.entries.count) entries in view")
                XCTAssertLessThanOrEqual(rows.entries.map(\.maxY).max() ?? 0, MenuLayout.rowsBottom, "\(name): above the hint line")
                XCTAssertEqual(Set(rows.entries.map(\.height)).count, 1, "\(name): one row size")
                if mode == .title { titleRows = page.entries.count }
            }
            XCTAssertEqual(titleRows, 7, "the title: Play, Settings, How to play, Add a phone, Play online, Speedrun, Quit")
            h.flow.openSettings(exit: .title)
            let settings = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            XCTAssertEqual(settings.entries.count, 13, "Settings' thirteen, Assist and Back among them")
        }
    }

    /// A short list keeps its large rows; a longer one turns compact rather than scroll.
    func testAShortListKeepsLargeRowsAndALongerOneTurnsCompact() {
        let short = MenuLayout.entryRects(count: MenuLayout.rowsShown)
        XCTAssertEqual(short.first?.height, MenuLayout.entryHeight)
        let long = MenuLayout.entryRects(count: MenuLayout.rowsShown + 2)
        XCTAssertEqual(long.first?.height, MenuLayout.compactHeight)
        XCTAssertEqual(long.first?.minY, MenuLayout.firstEntryTop, "under the page's full heading")
        XCTAssertEqual(MenuLayout.compactRowsFitting(compactPage: true), 13)
        XCTAssertEqual(MenuLayout.compactRowsFitting(compactPage: false), 10)
    }
}
