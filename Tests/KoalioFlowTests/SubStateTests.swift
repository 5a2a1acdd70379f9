@testable import KoalioFlow
import KoalioFlowTestSupport
import KoalioInput
import KoalioText
import KoalioUI
import KoalioUserData
import XCTest

/// The flow's sub-states, each stepped by its own update with no `FlowState` around it: the
/// menus' memory, the settings pages, the speedrun under way.
final class SubStateTests: XCTestCase {
    func testTheMenusUpdatePicksAsEveryListMenuDoes() {
        let first = MenuPage(heading: .empty, entries: [.init(.verbatim("a")), .init(.verbatim("b"), enabled: false), .init(.verbatim("c"))],
                            selection: 0, hint: Prompt([]))
        var menus = MenuMemory()
        var effects: [Effect] = []
        var input = MenuInput()
        var page = first
        input.down = true
        XCTAssertNil(menus.update(input, page, key: .title, sideways: false, &effects))
        XCTAssertEqual(menus[.title], 2, "down skips the disabled entry")
        XCTAssertEqual(effects, [.sound(.menuMove)])
        input = MenuInput()
        input.right = true
        effects = []
        XCTAssertNil(menus.update(input, page, key: .packs, sideways: false, &effects))
        XCTAssertNil(menus[.packs], "left and right move only a sideways menu")
        XCTAssertNil(menus.update(input, page, key: .packs, sideways: true, &effects))
        XCTAssertEqual(menus[.packs], 2)
        page.selection = 2  // as the page is drawn from the memory
        input = MenuInput()
        input.choose = true
        effects = []
        XCTAssertEqual(menus.update(input, page, key: .title, sideways: false, &effects), .entry(2), "A picks the selection kept")
        XCTAssertEqual(effects, [.sound(.menuChoose)])
        input = MenuInput()
        input.tapped = .entry(1, rightHalf: false)
        XCTAssertNil(menus.update(input, page, key: .title, sideways: false, &effects), "a disabled entry tapped is nothing")
        input.tapped = .entry(0, rightHalf: false)
        XCTAssertEqual(menus.update(input, page, key: .title, sideways: false, &effects), .entry(0))
        XCTAssertEqual(menus[.title], 0, "a tapped entry becomes the selection")
        input = MenuInput()
        input.padBack = true
        XCTAssertEqual(menus.update(input, page, key: .title, sideways: false, &effects), .back)
        XCTAssertNil(menus.update(input, page, key: .level, sideways: false, backs: false, &effects), "the pause menu's back is its own")
    }

    func testTheSettingsPagesStepThemselvesAndSayWhenTheyAreLeft() throws {
        let context = FlowContext()
        var menus = MenuMemory()
        var state = SettingsState(page: .settings, exit: .title)
        var effects: [Effect] = []
        let main = SettingsMenu.rows(.settings, context.settingsMenu)
        let keys = try XCTUnwrap(main.firstIndex { if case .open(.keyboardControls) = $0.kind { true } else { false } })
        menus[.settings] = keys
        var input = FrameInput()
        input.menu.choose = true
        XCTAssertEqual(state.update(input, context, menus: &menus, tick: 1, &effects), .open)
        XCTAssertEqual(state.page, .keyboardControls)
        let rows = SettingsMenu.rows(.keyboardControls, context.settingsMenu)
        let jump = try XCTUnwrap(rows.firstIndex { if case .bind(.jump) = $0.kind { true } else { false } })
        menus[.keyboardControls] = jump
        XCTAssertEqual(state.update(input, context, menus: &menus, tick: 2, &effects), .open)
        XCTAssertEqual(state.capture, .key(.jump), "choosing a binding waits for its key")
        input = FrameInput()
        XCTAssertEqual(state.update(input, context, menus: &menus, tick: 3, &effects), .open)
        XCTAssertEqual(state.capture, .key(.jump), "it waits while nothing is pressed")
        input.keysPressed = [.x]
        effects = []
        XCTAssertEqual(state.update(input, context, menus: &menus, tick: 4, &effects), .open)
        XCTAssertNil(state.capture)
        var bound = context.settings
        bound.bindings.keys[.jump] = Bindings.defaultKeys[.jump, default: []] + [.x]
        XCTAssertEqual(effects, [.sound(.menuChoose), .changeSettings(bound)], "the key asked for, as a change of the settings")
        input = FrameInput()
        input.menu.back = true
        XCTAssertEqual(state.update(input, context, menus: &menus, tick: 5, &effects), .open)
        XCTAssertEqual(state.page, .settings, "back from a sub-page is the main page")
        XCTAssertEqual(state.update(input, context, menus: &menus, tick: 6, &effects), .left, "back from the main page leaves")
    }

    /// With no pad, a pad button's row starts no rebind (which would wait 5 s for nothing) and
    /// the page says why; each rebind's prompt names the controller in hand's own way to cancel.
    func testAPadRebindNeedsAPadAndEachPromptCancelsWithTheControllerInHand() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.flow.mode = .settings(SettingsState(page: .padControls, exit: .title))
            let rows = SettingsMenu.rows(.padControls, h.context.settingsMenu)
            let jump = try XCTUnwrap(rows.firstIndex { if case .bind(.jump) = $0.kind { true } else { false } })
            h.flow.selection[.padControls] = jump
            h.press(.enter)
            guard case let .settings(state) = h.flow.mode else { return XCTFail("\(h.flow.mode)") }
            XCTAssertNil(state.capture, "no pad: no rebind")
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            XCTAssertEqual(page.subheading?.english, "No pad here: plug one in to set its buttons")
            let keyboard = FlowState.cancelsCapture(try h.prompts(pad: nil), pad: true)
            XCTAssertEqual(keyboard.count, 2, "the keyboard's Escape and its word")
            let pad = h.attach(.dualSense)
            XCTAssertEqual(FlowState.cancelsCapture(try h.prompts(pad: pad), pad: true), [.text(.message(.waitToCancel))],
                           "a pad rebind takes any button: it runs out, and says so")
            XCTAssertEqual(FlowState.cancelsCapture(try h.prompts(pad: pad), pad: false).count, 2, "a key rebind: the pad's own back button")
        }
    }

    func testASpeedrunKeepsItsClockAndSplitsItself() {
        var run = SpeedrunRun(category: .world(1), levels: [.catalog(0), .catalog(1)], names: ["level1", "level2"],
                              before: SpeedrunRecord(), startedAt: 100)
        XCTAssertNil(run.update(levelOn: true, playTicks: 0), "it starts running: no edge")
        XCTAssertEqual(run.update(levelOn: false, playTicks: 90), .clock(runs: false, inGameTicks: 90), "paused: an edge")
        XCTAssertNil(run.update(levelOn: false, playTicks: 90))
        XCTAssertEqual(run.update(levelOn: true, playTicks: 90), .clock(runs: true, inGameTicks: 90))
        XCTAssertEqual(run.split(playTicks: 300, now: 105.5, tick: 400), .catalog(1), "the next level")
        XCTAssertEqual(run.splits, [300])
        XCTAssertEqual(run.realSplits, [5500])
        XCTAssertNil(run.split(playTicks: 200, now: 109, tick: 700), "the last flag ends the run")
        XCTAssertEqual(run.splits, [300, 500], "in-game time adds up over the levels")
        XCTAssertEqual(run.lastSplitAt, 700)
    }
}

/// The Video page says when the display is too small for the window scale set.
final class WindowScaleRowTests: XCTestCase {
    func testAScaleTheDisplayCannotFitIsSaidOnItsRow() {
        var settings = Settings()
        settings.windowScale = 3
        var context = SettingsMenu.Context(settings: settings, padStyle: .xbox, padCategory: .xboxOne, displays: ["Screen"])
        context.windowScaleFits = 2
        let row = SettingsMenu.windowScaleRow(context)
        XCTAssertEqual(row.entry.detail?.english, "3x (2x fits)")
        XCTAssertTrue(row.entry.warns)
        context.windowScaleFits = 4
        XCTAssertEqual(SettingsMenu.windowScaleRow(context).entry.detail?.english, "3x", "a scale that fits is said as before")
        XCTAssertFalse(SettingsMenu.windowScaleRow(context).entry.warns)
    }
}
