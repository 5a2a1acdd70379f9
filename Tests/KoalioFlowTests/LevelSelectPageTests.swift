@testable import KoalioFlow
import KoalioCore
import KoalioUserData
import KoalioView
import XCTest
import KoalioFlowTestSupport
import KoalioUI

/// What the level select shows: best times, what is new, what is locked.
final class LevelSelectPageTests: XCTestCase {
    func testBestTimesNewAndLockedLevels() {
        var progress = PlayerProgress()
        progress.recordWin(level: "level1", ticks: 2231)
        let page = FlowState.levelSelectPage(names: ["level1", "level2", "level3"], progress: progress, selection: 1, hint: Prompt([]))
        XCTAssertEqual(page.entries.map(\.english), [
            "Level 1 | best 0:37.1",
            "Level 2 | new",
            "Level 3 | locked (locked)",
            "More levels",
            "Back",
        ])
        XCTAssertEqual(page.selection, 1)
        XCTAssertEqual(page.selection(movedBy: 1), 3, "down skips the locked level, to More levels")
        XCTAssertEqual(FlowState.displayName("my-level").english, "my-level", "names that are not levelN stay as they are")
    }

    /// A level with a title is listed by its number and its title, the shipped titles in the
    /// player's words; one without keeps "Level N".
    func testLevelsAreListedByTheirTitles() {
        let page = FlowState.levelSelectPage(names: ["level1", "level2", "bonus"], titles: ["level1": "The meadow", "bonus": "Secret garden"],
                                             progress: PlayerProgress(), selection: 0, hint: Prompt([]))
        XCTAssertEqual(page.entries.prefix(3).map(\.label.english), ["1  The meadow", "Level 2", "Secret garden"])
        XCTAssertEqual(page.entries.first?.label, .joined([.number(1), .message(.levelMeadow)], separator: "  "), "a shipped title is translated")
    }

    func testTwoWorldsHaveHeadingsAndATapHitsTheRowAsDrawn() {
        let names = (1...6).map { "level\($0)" }
        var progress = PlayerProgress()
        for name in names { progress.recordWin(level: name, ticks: 2000) }
        let page = FlowState.levelSelectPage(names: names, progress: progress, selection: 0, hint: Prompt([]))
        XCTAssertEqual(page.entries.map(\.section?.english), ["World 1", nil, nil, "World 2", nil, nil, nil, nil],
                       "a heading over each world, none over More levels and Back")
        let rows = MenuLayout.rows(sections: page.entries.map(\.section), compact: page.compact)
        XCTAssertEqual(rows.headings.map(\.text.english), ["World 1", "World 2"])
        XCTAssertLessThan(rows.headings[1].rect.maxY, rows.entries[3].minY + 0.5, "World 2's heading sits above level 4")
        XCTAssertLessThan(rows.entries.last?.maxY ?? .infinity, Double(LogicalView.height) - 24, "Back stays above the hint line")
        // A tap in the middle of level 4's row as drawn picks level 4; a tap on a heading, nothing.
        let level4 = rows.entries[3]
        XCTAssertEqual(MenuLayout.entry(at: Vec2(level4.x + level4.width / 2, level4.y + level4.height / 2), in: page), 3)
        let heading = rows.headings[1].rect
        XCTAssertNil(MenuLayout.entry(at: Vec2(heading.x + heading.width / 2, heading.y + heading.height / 2), in: page))
        let one = FlowState.levelSelectPage(names: ["level1", "level2", "level3"], progress: progress, selection: 0, hint: Prompt([]))
        XCTAssertTrue(one.entries.allSatisfy { $0.section == nil }, "one world: no headings")
    }

    func testMedalsLeavesAndAssistedWins() {
        var progress = PlayerProgress()
        progress.recordWin(level: "level4", ticks: 1800, leaves: 7, of: 10)
        progress.recordWin(level: "level5", ticks: 1000, leaves: 2, of: 10, assisted: true)
        let medals = ["level4": MedalTimes(gold: 1700, silver: 1900, bronze: 2500)]
        let page = FlowState.levelSelectPage(names: ["level4", "level5", "level6"], progress: progress, medals: medals, selection: 0,
                                             hint: Prompt([]))
        XCTAssertEqual(page.entries.map(\.detail?.english), ["best 0:30.0  silver  leaves 7/10", "won with assist  leaves 2/10", "new", nil, nil])
    }

    func testTheEndScreenTellsTheTimeTheBestTheMedalAndTheLeaves() {
        let times = MedalTimes(gold: 1700, silver: 1900, bronze: 2500)
        let first = RunResult(ticks: 1800, previousBest: nil, isBest: true, medal: .silver, medalTimes: times, leaves: 10, leafTotal: 10, assisted: false)
        XCTAssertEqual(FlowState.resultLines(first).map(\.text.english), ["Time 0:30.0", "First win!", "Silver medal   Gold at 0:28.3", "Leaves 10/10  every one!"])
        let slower = RunResult(ticks: 2600, previousBest: 1800, isBest: false, medal: nil, medalTimes: times, leaves: 3, leafTotal: 10, assisted: false)
        XCTAssertEqual(FlowState.resultLines(slower).map(\.text.english), ["Time 0:43.3   best 0:30.0", "Bronze medal at 0:41.6", "Leaves 3/10"])
        let better = RunResult(ticks: 1600, previousBest: 1800, isBest: true, medal: .gold, medalTimes: times, leaves: 0, leafTotal: 0, assisted: false)
        XCTAssertEqual(FlowState.resultLines(better).map(\.text.english), ["Time 0:26.6   best 0:30.0", "New best!", "Gold medal"])
        let assisted = RunResult(ticks: 1600, previousBest: nil, isBest: false, medal: nil, medalTimes: times, leaves: 0, leafTotal: 0, assisted: true)
        XCTAssertEqual(FlowState.resultLines(assisted).map(\.text.english), ["Time 0:26.6", "Assist on: no best time or medal"])
    }

    func testTheWorldCompleteScreenAddsUpTheWorld() {
        var progress = PlayerProgress()
        progress.recordWin(level: "level4", ticks: 1800, leaves: 7, of: 10)
        progress.recordWin(level: "level5", ticks: 2000, leaves: 5, of: 9)
        progress.recordWin(level: "level6", ticks: 2200)
        let medals = ["level4": MedalTimes(gold: 1800, silver: 1900, bronze: 2500), "level5": MedalTimes(gold: 1000, silver: 1500, bronze: 2100)]
        let page = FlowState.worldCompletePage(world: 2, names: (1...6).map { "level\($0)" }, progress: progress, medals: medals, hint: Prompt([]))
        XCTAssertEqual(page.heading.english, "World 2 complete!")
        XCTAssertEqual(page.entries.map(\.detail?.english), ["1:40.0", "12/19", "1 gold  1 bronze", nil])
    }
}
