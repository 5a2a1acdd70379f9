@testable import KoalioFlow
import KoalioFlowTestSupport
import KoalioInput
import KoalioSim
import KoalioText
import KoalioUI
import KoalioUserData
import XCTest

/// Speedrun mode in the flow: a category's levels one after another, a split at each flag
/// (the run's in-game time), the results and the records kept; assist refuses it; leaving the
/// level abandons it.
final class SpeedrunFlowTests: XCTestCase {
    @MainActor
    static func openSpeedrun(_ h: FlowHarness) {
        let entry = FlowState.TitleEntry.allCases.firstIndex(of: .speedrun) ?? 0
        for _ in 0..<entry { h.press(.down) }
        h.press(.enter)
    }

    /// Each level won as the flow sees it: its golden replay's session, then the split the
    /// flow makes on the flag (and the next level loaded, as the driver answers it).
    @MainActor
    static func winLevel(_ h: FlowHarness) throws -> [Effect] {
        try h.finishLevel(won: true)
        var effects: [Effect] = []
        h.flow.speedrunSplit(h.context, &effects)
        for case let .loadLevel(level) in effects { effects += h.flow.levelLoaded(level, h.load(level), h.context) }
        return effects
    }

    func testAWorldSplitsAtEachFlagAndKeepsItsBest() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            Self.openSpeedrun(h)
            XCTAssertEqual(h.screen, .speedrun)
            let before = h.effects.count
            h.press(.enter)  // the first category: all levels (the harness's three levels are one world)
            XCTAssertTrue(h.effects[before...].contains(.speedrun(.started)))
            XCTAssertEqual(h.screen, .level)
            XCTAssertEqual(h.flow.speedrun?.category, .allLevels)
            var total = 0
            for level in 0..<3 {
                XCTAssertEqual(h.flow.run.index, level)
                let effects = try Self.winLevel(h)
                total += h.flow.speedrun?.splits.last.map { $0 - total } ?? (h.flow.progress.speedruns["all-levels"]?.personalBest.last ?? 0) - total
                XCTAssertTrue(effects.contains(.speedrun(.split(inGameTicks: total))), "\(effects)")
            }
            guard case let .speedrunResults(result) = h.flow.mode else { return XCTFail("\(h.flow.mode)") }
            XCTAssertEqual(result.splits.last, total)
            XCTAssertTrue(result.isPersonalBest)
            XCTAssertNil(h.flow.speedrun)
            let record = try XCTUnwrap(h.flow.progress.speedruns["all-levels"])
            XCTAssertEqual(record.personalBest, result.splits)
            XCTAssertEqual(record.bestSegments.reduce(0, +), total)
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            XCTAssertEqual(page.entries.count, 3 + 3, "each level, the two times, Continue")
            XCTAssertEqual(page.subheading.map { Words.english.render($0) }, "New personal best!")
            h.press(.enter)
            XCTAssertEqual(h.screen, .speedrun)
            let categories = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            XCTAssertEqual(categories.entries[0].detail.map { Words.english.render($0) }, ClockText.precise(ticks: total), "the best shown")
        }
    }

    /// LiveSplit's game time stops while the run's level is off (paused here) and goes on when
    /// it is on again: an edge each way, at the run's in-game time, from the value (no timer,
    /// no clock but the ticks).
    func testTheTimersGameTimeStopsAndGoesOnWithThePause() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            Self.openSpeedrun(h)
            h.press(.enter)
            XCTAssertEqual(h.flow.speedrun?.clockRuns, true, "a run starts running")
            h.tick(30)
            let played = try XCTUnwrap(h.flow.speedrun).inGameTicks(current: h.flow.session.playTicks)
            XCTAssertGreaterThan(played, 0)
            h.press(.escape)
            XCTAssertEqual(h.flow.session.state, .paused)
            h.tick(10)
            h.press(.escape)
            XCTAssertEqual(h.flow.session.state, .playing)
            h.tick(5)
            let edges = h.effects.compactMap { effect -> SpeedrunEvent? in
                if case let .speedrun(event) = effect, case .clock = event { return event }
                return nil
            }
            guard edges.count == 2, case let .clock(false, stoppedAt) = edges[0], case let .clock(true, wentOnAt) = edges[1] else {
                return XCTFail("one edge each way: \(edges)")
            }
            XCTAssertTrue((stoppedAt...stoppedAt + 1).contains(wentOnAt), "no in-game time passes while paused (the tick that resumes plays): \(stoppedAt), \(wentOnAt)")
            XCTAssertGreaterThanOrEqual(stoppedAt, played)
        }
    }

    /// The run's proof is kept in the value as it is played: a try restarted from the pause menu
    /// is a segment of its own, the try after it another, each named by the controller that
    /// played it; at the last flag they go out as one run (``RunProof``).
    func testTheProofKeepsEveryTryAsASegment() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            Self.openSpeedrun(h)
            h.press(.enter)
            h.runner.apply(.keyDown(.right, isRepeat: false))
            h.tick(40)
            h.runner.apply(.keyUp(.right))
            h.press(.escape)
            h.press(.down)  // Restart
            h.press(.enter)
            XCTAssertEqual(h.flow.session.state, .playing)
            XCTAssertEqual(h.flow.speedrun?.proof.segments.count, 1, "the first try, kept")
            XCTAssertGreaterThanOrEqual(h.flow.speedrun?.proof.segments.first?.inputs.count ?? 0, 40)
            XCTAssertEqual(h.flow.speedrun?.proof.segments.first?.sources, ["Keyboard"])
            h.tick(10)
            var proof = try XCTUnwrap(h.flow.speedrun?.proof)
            let run = proof.finish(category: "all-levels")
            XCTAssertEqual(run.segments.count, 2, "and the try after the restart")
            XCTAssertEqual(run.segments.map(\.levelName), ["level1", "level1"])
        }
    }

    func testAssistRefusesARunAndSaysWhy() throws {
        try MainActor.assumeIsolated {
            var settings = Settings()
            settings.assist.invincible = true
            let h = try FlowHarness(settings: settings)
            Self.openSpeedrun(h)
            h.press(.enter)
            XCTAssertEqual(h.screen, .speedrun)
            XCTAssertNil(h.flow.speedrun)
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            XCTAssertEqual(page.subheading.map { Words.english.render($0) }, "Assist is on: a speedrun is played without it (Settings, Assist)")
        }
    }

    /// Leaving the level (the pause menu's way out) abandons the run; the pause menu's Restart
    /// keeps its clock running.
    func testLeavingAbandonsTheRunAndARestartKeepsTheClock() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            Self.openSpeedrun(h)
            h.press(.enter)
            h.runner.apply(.keyDown(.right, isRepeat: false))
            h.tick(30)
            h.runner.apply(.keyUp(.right))
            let played = try XCTUnwrap(h.flow.timerLine(h.context)).ticks
            XCTAssertGreaterThan(played, 25)
            h.press(.escape)  // pause
            XCTAssertEqual(h.flow.session.state, .paused)
            h.tick(20)
            XCTAssertEqual(try XCTUnwrap(h.flow.timerLine(h.context)).ticks, played, "paused ticks are not counted")
            h.press(.down)  // Restart
            h.press(.enter)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(h.flow.timerLine(h.context)).ticks, played, "the clock runs on through a restart")
            h.press(.escape)
            let before = h.effects.count
            h.press(.q)
            XCTAssertTrue(h.effects[before...].contains(.speedrun(.reset)))
            XCTAssertNil(h.flow.speedrun)
            XCTAssertEqual(h.screen, .speedrun)
            XCTAssertNil(h.flow.timerLine(h.context), "the timer setting is off outside a run")
        }
    }
}
