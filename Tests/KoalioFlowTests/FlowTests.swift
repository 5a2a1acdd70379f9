@testable import KoalioFlow
import KoalioCore
import KoalioInput
import KoalioSim
import KoalioUserData
import KoalioView
import XCTest
import KoalioTestSupport
import KoalioFlowTestSupport
import KoalioUI

/// The checks of every prompt's promise (PromptPromiseTests runs them, one case per stage and
/// controller), on the main actor.
@MainActor
enum FlowChecks {
    /// Where a prompt is read.
    enum Stage: String, CaseIterable, Sendable, CustomStringConvertible {
        case title, quit, levels, packs, packLevels, howToPlay, addPhone, paused, won, wonLast, died, worldComplete

        var description: String { rawValue }
    }

    /// Every kind of controller a prompt is drawn for (the on-screen controls have no keys to
    /// press: their prompts are the HUD's, tested through the window).
    nonisolated static let controllers: [(name: String, category: ProductCategory?, byLabel: Bool)] = [
        ("keyboard", nil, false),
        ("Xbox One", .xboxOne, false), ("Xbox 360", .xbox360, false), ("DualShock 4", .dualShock4, false),
        ("DualSense", .dualSense, false), ("DualShock 3", .dualShock3, false), ("Switch Pro", .switchPro, false),
        ("Switch Pro read by label", .switchPro, true), ("Joy-Con read by label", .joyCon, true), ("generic pad", .generic, false),
    ]

    /// The harness at `stage`, with the controller in hand; returns it and the pad's id.
    static func harness(at stage: Stage, _ controller: (name: String, category: ProductCategory?, byLabel: Bool)) throws -> (FlowHarness, Int?) {
        var settings = Settings()
        settings.bindings.nintendoByLabel = controller.byLabel
        let h = try FlowHarness(settings: settings)
        let pad = controller.category.map { h.attach($0) }
        h.tick()
        switch stage {
        case .title: break
        case .quit: h.flow.quitConfirmation = QuitConfirmation()
        case .levels: h.flow.mode = .levelSelect
        case .packs: h.flow.mode = .packs
        case .packLevels: h.flow.mode = .packLevels(0)
        case .howToPlay: h.flow.mode = .howToPlay(exit: .title)
        case .addPhone:
            h.pairingCard = FlowChecks.card
            h.flow.mode = .addPhone(exit: .title)
        case .paused, .won, .died:
            h.flow.selection[.levels] = 0
            h.startLevel(0)
            if stage == .paused { h.flow.run.session.togglePause() } else { try h.finishLevel(won: stage == .won) }
        case .wonLast:
            h.startLevel(2)
            try h.finishLevel(won: true)
        case .worldComplete:
            h.flow.mode = .worldComplete(world: 1, since: h.flow.ticks)
        }
        h.tick()
        return (h, pad)
    }

    /// A pairing card as the driver gives it while phones may join.
    static let card = PairingCard(address: "http://192.168.1.20:8765/", code: "123456", qrSize: 1, modules: [true])

    /// The line drawn at `stage`, as the game draws it.
    static func prompt(at stage: Stage, _ h: FlowHarness, pad: Int?) throws -> Prompt {
        let prompts = try h.prompts(pad: pad)
        switch stage {
        case .title, .quit, .levels, .packs, .packLevels, .howToPlay, .addPhone, .worldComplete:
            return try XCTUnwrap(h.flow.menuPage(h.context, prompts: prompts, rawStick: (0, 0))).hint
        case .paused: return h.flow.stateScreenPrompts(h.context, prompts: prompts).paused
        case .won, .wonLast: return h.flow.stateScreenPrompts(h.context, prompts: prompts).won
        case .died: return h.flow.stateScreenPrompts(h.context, prompts: prompts).died
        }
    }

    /// A prompt's glyphs and the word each promises ("↑ ↓ move" promises "move" for both).
    static func promises(_ prompt: Prompt) -> [(glyph: ButtonGlyph, verb: String)] {
        var pending: [ButtonGlyph] = [], result: [(ButtonGlyph, String)] = []
        for part in prompt.parts {
            switch part {
            case let .glyph(glyph): pending.append(glyph)
            case let .text(text):
                let verb = text.english.trimmingCharacters(in: .whitespaces)
                guard !verb.isEmpty else { continue }
                result += pending.map { ($0, verb) }
                pending = []
            }
        }
        return result
    }

    /// The promises of the line drawn at `stage` for `controller`, each pressed in a harness of
    /// its own: what was wrong, one line each (none when every promise holds), and how many
    /// promises there were.
    static func check(stage: Stage, _ controller: (name: String, category: ProductCategory?, byLabel: Bool)) throws
        -> (problems: [String], promises: Int) {
        let (shown, pad) = try harness(at: stage, controller)
        let line = try prompt(at: stage, shown, pad: pad)
        let promised = promises(line)
        var problems = promised.isEmpty ? ["\(controller.name), \(stage): no promise in \(line)"] : []
        for (glyph, verb) in promised {
            let (h, pad) = try harness(at: stage, controller)
            let before = h.screens.count
            let effectsBefore = h.effects.count
            try h.press(glyph, pad: pad)
            h.tick(30)
            problems += check(verb, at: stage, h, transitions: h.transitions(since: before - 1),
                              effects: Array(h.effects[effectsBefore...]), "\(controller.name), \(stage): \(glyph) \(verb)")
        }
        return (problems, promised.count)
    }

    /// What `verb` promises at `stage`, and that the press did that and nothing more.
    static func check(_ verb: String, at stage: Stage, _ h: FlowHarness, transitions: [Screen], effects: [Effect], _ what: String) -> [String] {
        var problems: [String] = []
        func expect(_ holds: Bool, _ message: String) { if !holds { problems.append(message) } }
        func expect<T: Equatable>(_ got: T, _ wanted: T, _ message: String) { expect(got == wanted, "\(message): \(got), not \(wanted)") }
        let quits = effects.contains(.quit)
        switch (stage, verb) {
        case (.addPhone, "move"), (.title, "move"), (.levels, "move"), (.packs, "move"), (.packLevels, "move"), (.quit, "move"):
            expect(effects.contains(.sound(.menuMove)), "\(what): moves the selection")
            expect(transitions.count, 1, "\(what): and stays")
        case (.title, "go"): expect(transitions, [.title, .levels], what)
        case (.title, "quit"): expect(transitions, [.title, .quitConfirmation], what)
        case (.quit, "choose"):  // No is chosen at first
            expect(transitions, [.quitConfirmation, .title], what)
            expect(!quits, "\(what): No, the answer chosen at first, does not quit")
        case (.quit, "back"):
            expect(transitions, [.quitConfirmation, .title], what)
            expect(!quits, what)
        case (.levels, "play"):
            expect(transitions, [.levels, .level], what)
            expect(h.flow.run.index, 0, what)
            expect(h.flow.session.state, .playing, "\(what): the press that chose the level does not pause it")
        case (.levels, "back"): expect(transitions, [.levels, .title], what)
        case (.packs, "open"):
            expect(transitions, [.packs, .packLevels], what)
            expect(h.flow.mode, .packLevels(0), "\(what): the first pack")
        case (.packs, "back"): expect(transitions, [.packs, .levels], what)
        case (.packLevels, "play"):
            expect(transitions, [.packLevels, .level], what)
            expect(h.flow.run.packRecord, PackRecord(key: LevelPack.recordKey(sha256: FlowHarness.levels[0].sha256),
                                                     medals: FlowHarness.pack.levels[0].medals, pack: 0), "\(what): kept by its digest")
            expect(h.flow.session.state, .playing, "\(what): the press that chose the level does not pause it")
        case (.packLevels, "back"): expect(transitions, [.packLevels, .packs], what)
        case (.howToPlay, "back"): expect(transitions, [.howToPlay, .title], what)
        case (.addPhone, "choose"):  // Back is chosen at first
            expect(transitions, [.addPhone, .title], what)
            expect(!effects.contains(.newPhoneCode), "\(what): no new code")
        case (.addPhone, "back"):
            expect(transitions, [.addPhone, .title], what)
            expect(!effects.contains(.newPhoneCode), "\(what): no new code")
        case (.paused, "resume"), (.paused, "choose"):  // the pause menu's Resume is chosen at first
            expect(transitions, [.level], what)
            expect(h.flow.session.state, .playing, what)
        case (.paused, "move"):
            expect(effects.contains(.sound(.menuMove)), "\(what): moves the pause menu's selection")
            expect(transitions, [.level], "\(what): and stays")
            expect(h.flow.session.state, .paused, "\(what): still paused")
        case (.won, "next level"):
            expect(transitions, [.level], what)
            expect(h.flow.run.index, 1, "\(what): level 2")
            expect(h.flow.session.state, .playing, what)
        case (.died, "try again"):
            expect(transitions, [.level], what)
            expect(h.flow.run.index, 0, what)
            expect(h.flow.session.state, .playing, "\(what): the level again")
            expect(h.flow.session.world.tick < 40, "\(what): from the start")
        case (.wonLast, "continue"):
            expect(transitions, [.level, .worldComplete], "\(what): the world's totals")
        case (.worldComplete, "continue"):
            expect(transitions, [.worldComplete, .levels], what)
        case (.paused, "levels"), (.won, "levels"), (.wonLast, "levels"), (.died, "levels"):
            expect(transitions, [.level, .levels], "\(what): the level select, not the title")
        default:
            problems.append("\(what): no check for this promise")
        }
        if verb != "choose" || stage != .quit { expect(!quits, "\(what): does not quit") }
        return problems
    }
}

/// The flows around the prompts: settings and rebinding, a level that cannot be loaded, quit,
/// co-op seats and the join prompts, all without SDL.
final class FlowCaseTests: XCTestCase {
    /// F11 is an input like any other: on every screen it asks for the window the other way
    /// round from how it is now, kept in the settings; it never reaches a rebind.
    func testF11AsksForTheOtherFullscreenOnEveryScreen() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.press(.f11)
            var full = Settings()
            full.fullscreen = true
            XCTAssertEqual(h.effects.filter { if case .changeSettings = $0 { return true }; return false }, [.changeSettings(full)])
            XCTAssertEqual(h.screen, .title, "and nothing else happened")
            h.startLevel(0)
            h.press(.f11)
            XCTAssertEqual(h.effects.filter { if case .changeSettings = $0 { return true }; return false }.count, 2, "in a level too")
            XCTAssertEqual(h.flow.session.state, .playing)
        }
    }

    /// A `--watch` reload is an input: the next tick plays the new map where the koala stood,
    /// and the driver is told so.
    func testAWatchedLevelReloadedIsTakenAtTheNextTick() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.startLevel(0)
            h.tick(20)
            let level = FlowHarness.levels[1]
            h.runner.apply(.levelReloaded(LevelReload(map: level.map, stage: level.stage, sha256: [1, 2, 3], fileName: "level2.tmx")))
            XCTAssertNotEqual(h.flow.session.stage, level.stage, "not before the tick")
            h.tick()
            XCTAssertEqual(h.flow.session.stage, level.stage)
            XCTAssertEqual(h.flow.run.map, level.map, "drawn as the new file says")
            XCTAssertEqual(h.flow.run.sha256, [1, 2, 3])
            XCTAssertTrue(h.effects.contains { if case .levelReloaded = $0 { return true }; return false })
            XCTAssertEqual(h.presence.notice?.notice, .levelReloaded(file: "level2.tmx", keptPlace: true), "and says so over the level")
        }
    }

    /// The flow is a value stepped by a function of its input: the same state and the same
    /// input give the same state and the same effects, and a different input a different state.
    func testATickIsAFunctionOfTheStateAndTheInput() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.startLevel(0)
            h.tick(30)
            var right = FrameInput()
            var stick = GamepadSnapshot.neutral
            stick.dpadX = 1
            right.play = TickInput(source: 0, snapshot: stick)
            var first = h.flow, second = h.flow, standing = h.flow
            XCTAssertEqual(first, second)
            let effects = (first.tick(right, h.context, load: h.load), second.tick(right, h.context, load: h.load))
            XCTAssertEqual(first, second, "the same state and input: the same state")
            XCTAssertEqual(effects.0, effects.1, "and the same effects")
            var still = FrameInput()
            still.play = TickInput(source: 0, snapshot: .neutral)
            _ = standing.tick(still, h.context, load: h.load)
            XCTAssertNotEqual(first, standing, "another input: another state")
            XCTAssertNotEqual(first, h.flow, "a tick changes the state (the harness's own is untouched)")
        }
    }

    func testSettingsFromThePauseScreenReturnToThePausedLevel() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.startLevel(0)
            h.flow.run.session.togglePause()
            h.flow.selection[.level] = 2  // Settings
            h.press(.enter)
            XCTAssertEqual(h.screen, .settings)
            h.press(.escape)
            XCTAssertEqual(h.screen, .level, "Escape is Back: to the pause screen it came from")
            XCTAssertEqual(h.flow.session.state, .paused, "still paused: the Escape was the menu's, not the pause key's")
            XCTAssertEqual(h.transitions(since: 0), [.settings, .level], "one press, one page")
        }
    }

    func testAKeyRebindTakesTheNextKeyAndNothingElseReadsIt() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.flow.openSettings(exit: .title)
            h.flow.mode = .settings(SettingsState(page: .keyboardControls, exit: .title))
            let rows = SettingsMenu.rows(.keyboardControls, h.context.settingsMenu)
            let jump = try XCTUnwrap(rows.firstIndex { if case .bind(.jump) = $0.kind { true } else { false } })
            h.flow.selection[.keyboardControls] = jump
            h.press(.enter)
            guard case let .settings(state) = h.flow.mode, state.capture == .key(.jump) else { return XCTFail("waits for a key") }
            let start = h.effects.count
            h.press(.down)
            let changes = h.effects[start...].compactMap { if case let .changeSettings(new) = $0 { new } else { nil } }
            XCTAssertEqual(changes.last?.bindings.keys[.jump], Bindings.defaultKeys[.jump, default: []] + [.down], "↓ jumps too now, beside the others")
            XCTAssertEqual(h.flow.selection[.keyboardControls], jump, "and the ↓ did not also move the selection")
            XCTAssertEqual(h.screen, .keyboardControls)

            h.press(.enter)
            h.press(.escape)
            guard case let .settings(after) = h.flow.mode else { return XCTFail("still in the settings") }
            XCTAssertNil(after.capture, "Escape cancelled")
            XCTAssertEqual(h.screen, .keyboardControls, "and did not also go back")
        }
    }

    func testAPadRebindTakesTheNextButtonPressed() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let pad = h.attach(.xboxOne)
            h.flow.mode = .settings(SettingsState(page: .padControls, exit: .title))
            let rows = SettingsMenu.rows(.padControls, h.context.settingsMenu)
            let dash = try XCTUnwrap(rows.firstIndex { if case .bind(.dash) = $0.kind { true } else { false } })
            h.flow.selection[.padControls] = dash
            h.press(.a, pad: pad)
            h.press(.y, pad: pad)
            let changes = h.effects.compactMap { if case let .changeSettings(new) = $0 { new } else { nil } }
            XCTAssertEqual(changes.last?.bindings.buttons[.dash], [.y], "Y dashes now; the A that started the rebind was not taken")
        }
    }

    func testABrokenLevelFromTheLevelSelectIsOneMessageInTheMenu() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness(broken: [1])
            h.flow.mode = .levelSelect
            h.flow.selection[.levels] = 1
            h.press(.enter)
            XCTAssertEqual(h.screen, .levels, "the player stays in the menu")
            XCTAssertEqual(h.flow.levelNotice, .file(FileProblem(file: "Levels/level2.tmx", line: 3, kind: .damaged, detail: "broken on purpose")))
            XCTAssertEqual(h.effects.filter { if case .levelRefused = $0 { true } else { false } }.count, 1, "one line on stderr")
            let raw = (x: Float(0), y: Float(0))
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: raw))
            XCTAssertEqual(page.subheading?.english, "\u{2066}Levels/level2.tmx\u{2069} is damaged at line 3: broken on purpose", "shown on the level select")
            XCTAssertEqual(h.flow.levelNotice?.line, "Levels/level2.tmx:3: broken on purpose", "the terminal's line")
            XCTAssertEqual(page.subheading, .message(.fileDamagedAtLine, [.leftToRight("Levels/level2.tmx"), .number(3), .verbatim("broken on purpose")]),
                           "a message of the catalogue, worded in the player's language")
            h.press(.up)
            h.press(.enter)
            XCTAssertEqual(h.screen, .level, "another level still plays")
            XCTAssertEqual(h.flow.run.index, 0)
            XCTAssertNil(h.flow.levelNotice)
        }
    }

    /// Add a phone, from the title and from the pause screen: its page, phone pads turned on
    /// (an effect for the driver) when they are off, Back to where it was opened.
    func testAddAPhoneTurnsPhonesOnAndReturnsWhereItWasOpened() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let pad = h.attach(.xbox360)
            h.flow.selection[.title] = FlowState.TitleEntry.allCases.firstIndex(of: .addPhone)
            let before = h.effects.count
            h.press(.a, pad: pad)
            XCTAssertEqual(h.screen, .addPhone)
            XCTAssertTrue(h.effects[before...].contains(.turnPhonesOn), "phones were off: turned on")
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (x: 0, y: 0)))
            XCTAssertEqual(page.heading.english, "Add a phone")
            XCTAssertEqual(page.entries.map(\.label.english), ["Back"])
            h.press(.b, pad: pad)
            XCTAssertEqual(h.screen, .title, "Back: the title")

            h.startLevel(0)
            h.press(.start, pad: pad)
            h.flow.selection[.level] = FlowState.pauseEntries(h.context).firstIndex(of: .addPhone)
            h.press(.a, pad: pad)
            XCTAssertEqual(h.screen, .addPhone)
            h.press(.a, pad: pad)  // Back, chosen
            XCTAssertEqual(h.screen, .level, "back to the pause screen")
            XCTAssertEqual(h.flow.session.state, .paused)
        }
    }

    /// Add a phone with the card showing: New code asks the driver for a fresh code and stays;
    /// while too many wrong codes have turned the code off, the page says so and New code is
    /// chosen at first.
    func testNewCodeMakesAFreshCodeAndIsOfferedFirstWhenTheCodeIsOff() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let pad = h.attach(.dualSense)
            h.pairingCard = FlowChecks.card
            h.flow.mode = .addPhone(exit: .title)
            h.tick()
            var page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: pad), rawStick: (x: 0, y: 0)))
            XCTAssertEqual(page.entries.map(\.label.english), ["New code", "Back"])
            XCTAssertEqual(page.selection, 1, "Back at first")
            h.press(.button(.dpadUp), pad: pad)
            let before = h.effects.count
            h.press(.a, pad: pad)
            XCTAssertTrue(h.effects[before...].contains(.newPhoneCode), "New code asked for")
            XCTAssertEqual(h.screen, .addPhone, "and the page stays")
            var off = FlowChecks.card
            off.codeOff = true
            h.pairingCard = off
            h.flow.selection[.addPhone] = nil
            page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: pad), rawStick: (x: 0, y: 0)))
            XCTAssertEqual(page.selection, 0, "New code at first while the code is off")
            XCTAssertEqual(page.subheading?.english.contains("code is off"), true, page.subheading?.english ?? "")
            h.press(.b, pad: pad)
            XCTAssertEqual(h.screen, .title)
        }
    }

    /// How to play shows the controls of the controller in hand, and is reached from the pause
    /// screen too, whose paused level it returns to.
    func testHowToPlayShowsTheControlsInHandAndReturnsWhereItWasOpened() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let pad = h.attach(.dualSense)
            let page = FlowState.howToPlayPage(try h.prompts(pad: pad))
            XCTAssertEqual(page.entries[1].glyphs, Prompt([.glyph(.pad(.a, .playStation))]), "jump: the DualSense's ✕ (SDL's A)")
            XCTAssertEqual(page.entries[2].glyphs, Prompt([.glyph(.pad(.x, .playStation))]), "dash: □")
            XCTAssertEqual(page.entries[3].glyphs, Prompt([.glyph(.pad(.start, .playStation))]), "pause: Options")
            var bindings = Bindings()
            bindings.keys[.jump] = [.x]
            let keys = FlowState.howToPlayPage(Prompts(controller: h.registry.keyboard.controller, bindings: bindings, keyNames: RecordedKeyNames.table))
            XCTAssertEqual(keys.entries[1].glyphs, Prompt([.glyph(.keycap("X"))]), "the key as bound")
            XCTAssertEqual(page.entries.count, FlowState.howToPlayRows)

            h.startLevel(0)
            h.press(.start, pad: pad)
            h.flow.selection[.level] = FlowState.pauseEntries(h.context).firstIndex(of: .howToPlay)
            h.press(.a, pad: pad)
            XCTAssertEqual(h.screen, .howToPlay)
            h.press(.b, pad: pad)
            XCTAssertEqual(h.screen, .level, "back to the pause screen")
            XCTAssertEqual(h.flow.session.state, .paused)
        }
    }

    /// The A that chooses Resume does not also jump: the run resumes when it is let go.
    func testResumeWithAResumesOnReleaseWithoutAJump() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let pad = h.attach(.xboxOne)
            h.startLevel(0)
            h.tick(30)  // the koala lands on the floor
            h.press(.start, pad: pad)
            XCTAssertEqual(h.flow.session.state, .paused)
            h.set(.a, pad: pad, down: true)
            h.tick(10)
            XCTAssertEqual(h.flow.session.state, .paused, "still paused while the A that chose Resume is held")
            h.set(.a, pad: pad, down: false)
            h.tick()
            XCTAssertEqual(h.flow.session.state, .playing, "resumed when it was let go")
            h.tick(5)
            XCTAssertTrue(h.flow.session.world.player.onGround, "and the koala did not jump")
        }
    }

    /// Resume chosen, then the pad unplugged before its A is let go: the game stays paused.
    func testAPadLeavingWhileItsResumeIsHeldKeepsThePause() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let pad = h.attach(.dualShock4)
            h.startLevel(0)
            h.press(.start, pad: pad)
            h.set(.a, pad: pad, down: true)
            h.tick(3)
            h.detach(pad)
            h.tick(10)
            XCTAssertEqual(h.flow.session.state, .paused, "the pad in use left: paused, whatever it chose")
        }
    }

    func testQuitAsksOnceFromTheTitle() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.press(.escape)
            XCTAssertEqual(h.screen, .quitConfirmation)
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            XCTAssertEqual(page.heading.english, "Quit koalio?")
            XCTAssertEqual(page.entries.map(\.label.english), ["Yes", "No"])
            XCTAssertEqual(page.selection, 1, "No is chosen at first")
            h.press(.enter)
            XCTAssertEqual(h.screen, .title, "No")
            XCTAssertFalse(h.effects.contains(.quit))
            h.flow.selection[.title] = FlowState.TitleEntry.allCases.firstIndex(of: .quit)
            h.press(.enter)
            h.press(.up)
            h.press(.enter)
            XCTAssertTrue(h.effects.contains(.quit), "Quit, then Yes")
        }
    }

    func testRestartFromThePauseMenuStartsANewRunFromTheBeginning() throws {
        try MainActor.assumeIsolated {
            var settings = Settings()
            settings.assist = Assist(speedPercent: 80, invincible: true)
            let h = try FlowHarness(settings: settings)
            h.startLevel(0)
            h.tick(90)
            XCTAssertGreaterThan(h.flow.session.world.tick, 80)
            XCTAssertEqual(h.flow.session.world.assist, settings.assist, "a level starts with the assist set")
            h.press(.escape)
            XCTAssertEqual(h.flow.session.state, .paused)
            h.flow.selection[.level] = 1
            XCTAssertEqual(FlowState.pauseEntries(h.context)[1], .restart)
            let before = h.effects.count
            h.press(.enter)
            XCTAssertEqual(h.screen, .level)
            XCTAssertEqual(h.flow.session.state, .playing, "a new run, not paused")
            XCTAssertLessThanOrEqual(h.flow.session.world.tick, 1, "from the start")
            XCTAssertEqual(h.flow.session.world.player.position.x, h.flow.session.stage.spawn.x, accuracy: 1)
            XCTAssertTrue(h.effects[before...].contains { if case .levelStarted = $0 { return true } else { return false } },
                          "a new recording (and ghost) begins")
        }
    }

    func testWorldCompleteGoesOnToTheNextWorldsFirstLevelByItself() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.startLevel(2)
            try h.finishLevel(won: true)
            h.press(.enter)
            guard case .worldComplete(world: 1, _) = h.flow.mode else { return XCTFail("\(h.flow.mode)") }
            h.tick(FlowState.worldCompleteTicks - 3)
            XCTAssertEqual(h.screen, .worldComplete, "stays a while")
            h.tick(3)
            XCTAssertEqual(h.screen, .levels, "then the level select")
            XCTAssertEqual(h.flow.selection[.levels], 2, "on the last level there is (the harness has one world)")
        }
    }

    func testTheFirstLevelHintsEachActionUntilItIsUsedOnce() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness(progress: PlayerProgress())
            h.startLevel(0)
            h.tick()
            XCTAssertEqual(h.flow.hint, .jump)
            h.flow.run.session.togglePause()
            XCTAssertNil(h.flow.hint, "not over the pause screen")
            h.flow.run.session.togglePause()
            let before = h.effects.count
            h.press(.space)
            XCTAssertEqual(h.flow.hint, .dash, "jumped: the dash hint is next")
            XCTAssertEqual(h.flow.progress.hintsDone, ["jump"])
            XCTAssertTrue(h.effects[before...].contains(.saveProgress), "kept in the progress file")
            h.press(.x)
            XCTAssertNil(h.flow.hint)
            h.startLevel(0)
            h.tick()
            XCTAssertNil(h.flow.hint, "never again")
            let fresh = try FlowHarness(progress: PlayerProgress())
            fresh.startLevel(1)
            fresh.tick()
            XCTAssertNil(fresh.flow.hint, "only in the first level")
        }
    }

    func testAFreePadJoinsWithAAndLeavesFromThePauseMenu() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let first = h.attach(.dualSense), second = h.attach(.switchPro)
            h.startLevel(0)
            h.press(.a, pad: first)  // the first pad is player 1's
            h.press(.a, pad: second)
            XCTAssertEqual(h.player(of: .pad(second)), 2, "A on a free pad joins")
            XCTAssertEqual(h.runner.state.seats.players, [2], "a seat in the game's state")
            XCTAssertEqual(h.flow.session.world.koalas.count, 2, "with a koala of their own")
            h.press(.start, pad: first)
            XCTAssertEqual(h.flow.session.state, .paused)
            XCTAssertEqual(FlowState.pauseEntries(h.context), [.resume, .restart, .settings, .howToPlay, .addPhone, .levels, .leave(player: 2), .quit])
            h.flow.selection[.level] = 6
            h.press(.a, pad: first)
            XCTAssertNil(h.player(of: .pad(second)), "player 2 left: the pad is free")
            XCTAssertEqual(h.runner.state.seats.players, [], "their seat gone from the state")
            XCTAssertEqual(h.screen, .level)
        }
    }

    /// A free pad's "press A to join" shows for a few seconds, then folds into the corner.
    func testJoinPromptsFoldIntoACornerHint() {
        MainActor.assumeIsolated {
            let registry = ControllerRegistry()
            var seats = Seating()
            var presence = ControllerPresence(showsHUD: true)
            _ = registry.apply(.added(PadDescription(id: 1, name: "DualSense Wireless Controller", category: .dualSense, hasLight: true,
                                                     hasRumble: true)), seats: &seats)
            _ = registry.apply(.added(PadDescription(id: 2, name: "Pro Controller", category: .switchPro, hasLight: true,
                                                     hasRumble: true)), seats: &seats)
            registry.currentFollowsInput = false
            _ = registry.apply(.button(id: 1, .a, down: true), seats: &seats)  // the first pad steers player 1
            let start = 100
            presence.noteFreePads(registry, seats: seats, at: start)
            presence.noteFreePads(registry, seats: seats, at: start + 1)
            let early = presence.joinPrompts(at: start, registry: registry, seats: seats, bindings: Bindings(), keyNames: RecordedKeyNames.table)
            XCTAssertEqual(early.prompts.count, 1, "one free pad, one prompt")
            XCTAssertEqual(early.prompts.first?.english, "Pro Controller: press [\(ButtonGlyph.pad(.button(.a), .nintendo))] to join")
            XCTAssertEqual(early.hints, [])
            let late = presence.joinPrompts(at: start + ControllerPresence.joinPromptTicks, registry: registry, seats: seats, bindings: Bindings(),
                                            keyNames: RecordedKeyNames.table)
            XCTAssertEqual(late.prompts, [])
            XCTAssertEqual(late.hints.map(\.parts.count), [2], "\"(A) to join\" in the corner")
            XCTAssertEqual(late.hints.first?.english.hasSuffix("] to join"), true)
        }
    }
}

/// When the picture stands still without an event (the driver rests then): never while the
/// world plays or a key waits for its tick; a paused level until its notice goes; a menu for good.
final class StillScreenRuleTests: XCTestCase {
    func testWhatMovesAndWhatRests() throws {
        try MainActor.assumeIsolated { try Self.checkWhatMovesAndWhatRests() }
    }

    /// Paused after keys took over, with Show at auto: the screen rests only until the
    /// on-screen controls step aside, then through their fade, then for good.
    func testAPauseRestsUntilTheControlsStepAside() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.startLevel(0)
            h.tick()
            XCTAssertTrue(h.runner.presence.hudShown, "no pad, nothing used yet: shown")
            h.press(.escape)
            h.tick(ControllerPresence.hudFadeTicks)
            let leaving = try XCTUnwrap(h.runner.stillTicks, "paused: still until the controls step aside")
            XCTAssertLessThanOrEqual(leaving, ControllerPresence.hudStaysTicks)
            XCTAssertGreaterThan(leaving, 0)
            h.tick(leaving + 1)
            XCTAssertFalse(h.runner.presence.hudShown, "keys took over: gone")
            XCTAssertNil(h.runner.stillTicks, "fading")
            h.tick(ControllerPresence.hudFadeTicks)
            XCTAssertEqual(h.runner.stillTicks, .max, "paused, nothing timed")
        }
    }

    @MainActor
    private static func checkWhatMovesAndWhatRests() throws {
        var shown = Settings()
        shown.touchShown = .always  // the on-screen controls stay through the keys (auto: below)
        let h = try FlowHarness(settings: shown)
        XCTAssertEqual(h.runner.stillTicks, .max, "the title rests until an event")
        h.runner.apply(.keyDown(.down, isRepeat: false))
        XCTAssertNil(h.runner.stillTicks, "a key waits for the next tick")
        h.tick()
        XCTAssertNil(h.runner.stillTicks, "a direction held repeats: the ticks go on")
        h.runner.apply(.keyUp(.down))
        h.tick()
        XCTAssertEqual(h.runner.stillTicks, .max, "let go: the title rests")
        h.startLevel(0)
        h.tick()
        XCTAssertNil(h.runner.stillTicks, "the world plays")
        h.press(.escape)
        XCTAssertEqual(h.flow.session.state, .paused)
        h.tick(ControllerPresence.hudFadeTicks)
        XCTAssertEqual(h.runner.stillTicks, .max, "paused, nothing timed")
        let pad = h.attach(.dualSense)
        h.tick()
        XCTAssertNil(h.runner.stillTicks, "a pad came: the HUD fades out")
        h.tick(ControllerPresence.hudFadeTicks)
        let notice = try XCTUnwrap(h.runner.stillTicks, "paused with a notice up: still, until it goes")
        XCTAssertLessThan(notice, ControllerPresence.noticeTicks)
        XCTAssertGreaterThan(notice, 0)
        h.tick(notice)
        XCTAssertEqual(h.runner.stillTicks, .max, "the notice gone")
        h.detach(pad)
        h.tick(ControllerPresence.hudFadeTicks + 1)
        XCTAssertNotEqual(h.runner.stillTicks, .max, "the pad's going is a notice too (the HUD back)")
        h.flow.mode = .worldComplete(world: 1, since: h.flow.ticks)
        XCTAssertEqual(h.runner.stillTicks, FlowState.worldCompleteTicks, "World complete rests until it moves on by itself")
        h.flow.mode = .settings(SettingsState(page: .padControls, capture: .pad(.jump, since: h.flow.ticks), exit: .title))
        XCTAssertNil(h.runner.stillTicks, "a pad rebind counts its seconds down")
    }

    func testTheDeadKoalaBlinksAndTheWinRests() throws {
        try MainActor.assumeIsolated { try Self.checkTheDeadKoalaBlinksAndTheWinRests() }
    }

    @MainActor
    private static func checkTheDeadKoalaBlinksAndTheWinRests() throws {
        let h = try FlowHarness()
        h.startLevel(0)
        try h.finishLevel(won: false)
        XCTAssertNil(h.runner.stillTicks, "the dead koala blinks")
        h.startLevel(0)
        try h.finishLevel(won: true)
        h.tick(ControllerPresence.hudFadeTicks)
        XCTAssertEqual(h.runner.stillTicks, .max, "You Won! stands still")
    }
}

/// A tap lands on what the view has under it: the flow gets the entry, never a position.
final class TapTests: XCTestCase {
    func testTapsHitTheEntriesAsDrawn() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let centre = { (rect: Rect) in Vec2(rect.x + rect.width / 2, rect.y + rect.height / 2) }
            // A click where the view says it lands, as the driver hands it over.
            let click = { (point: Vec2) in h.click(h.runner.tapTarget(at: point, h.context)) }
            click(Vec2(2, 2))
            XCTAssertEqual(h.screen, .title, "a tap on no entry does nothing")
            XCTAssertEqual(h.runner.tapTarget(at: Vec2(2, 2), h.context), .elsewhere)
            h.press(.escape)
            XCTAssertEqual(h.screen, .quitConfirmation)
            click(centre(MenuLayout.entryRects(count: 2)[1]))
            XCTAssertEqual(h.screen, .title, "No, tapped: the question goes")
            XCTAssertFalse(h.effects.contains(.quit))
            h.startLevel(0)
            h.tick(30)
            h.press(.escape)
            XCTAssertEqual(h.flow.session.state, .paused)
            let entries = FlowState.pauseEntries(h.context)
            let restart = try XCTUnwrap(entries.firstIndex(of: .restart))
            let rect = MenuLayout.pauseEntryRects(count: entries.count)[restart]
            XCTAssertEqual(h.runner.tapTarget(at: Vec2(rect.x + 1, rect.y + 1), h.context), .entry(restart, rightHalf: false))
            XCTAssertEqual(h.runner.tapTarget(at: Vec2(rect.x + rect.width - 1, rect.y + 1), h.context), .entry(restart, rightHalf: true))
            click(centre(rect))
            XCTAssertEqual(h.flow.session.state, .playing, "Restart, tapped on the pause screen")
            XCTAssertEqual(h.flow.session.world.tick, 1, "from the start")
        }
    }
}

