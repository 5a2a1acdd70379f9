@testable import KoalioApp
import KoalioUserData
import KoalioView
import XCTest

/// What the level select shows: best times, what is new, what is locked.
final class LevelSelectPageTests: XCTestCase {
    func testBestTimesNewAndLockedLevels() {
        var progress = PlayerProgress()
        progress.recordWin(level: "level1", ticks: 2231)
        let page = FlowState.levelSelectPage(names: ["level1", "level2", "level3"], progress: progress, selection: 1, hint: Prompt([]))
        XCTAssertEqual(page.entries, [
            MenuPage.Entry("Level 1", detail: "best 0:37.1"),
            MenuPage.Entry("Level 2", detail: "new"),
            MenuPage.Entry("Level 3", detail: "locked", enabled: false),
            MenuPage.Entry("Back"),
        ])
        XCTAssertEqual(page.selection, 1)
        XCTAssertEqual(page.selection(movedBy: 1), 3, "down skips the locked level")
        XCTAssertEqual(FlowState.displayName("my-level"), "my-level", "names that are not levelN stay as they are")
    }
}
