@testable import KoalioFlow
import KoalioFlowTestSupport
import KoalioInput
import KoalioNet
import KoalioText
import KoalioUI
import KoalioUserData
import KoalioView
import KoalioCore
import XCTest

/// Play online from the title: hosting through the level select, the join form entered with a
/// pad or typed, the devices' news, the waiting screen's buttons and the ways out.
final class OnlineMenuFlowTests: XCTestCase {
    @MainActor
    static func openOnline(_ h: FlowHarness) {
        let entry = FlowState.TitleEntry.allCases.firstIndex(of: .playOnline) ?? 0
        for _ in 0..<entry { h.press(.down) }
        h.press(.enter)
    }

    @MainActor
    static func openJoinForm(_ h: FlowHarness) throws -> JoinForm {
        openOnline(h)
        h.press(.down)
        h.press(.enter)
        guard case let .online(.join(form)) = h.flow.mode else { throw XCTSkip("not on the join form: \(h.flow.mode)") }
        return form
    }

    /// Host: the level select says so, the level chosen is hosted, networked and without assist;
    /// Back from that level select returns to Play online, not the title.
    func testHostingGoesThroughTheLevelSelect() throws {
        try MainActor.assumeIsolated {
            var settings = Settings()
            settings.assist.invincible = true
            let h = try FlowHarness(settings: settings)
            Self.openOnline(h)
            XCTAssertEqual(h.screen, .online)
            h.press(.enter)
            XCTAssertEqual(h.screen, .host, "Host a game asks where: this network, or anywhere")
            h.press(.enter)
            XCTAssertEqual(h.screen, .levels)
            XCTAssertEqual(h.flow.hostsNextLevel, .thisNetwork)
            let page = try XCTUnwrap(h.flow.listPage(h.context, prompts: nil))
            XCTAssertEqual(page.subheading.map { Words.english.render($0) }, "Choose the level to host")
            h.press(.escape)
            XCTAssertEqual(h.screen, .host, "Back goes to Host a game")
            XCTAssertNil(h.flow.hostsNextLevel)
            h.press(.enter)
            let before = h.effects.count
            h.press(.enter)
            XCTAssertEqual(h.screen, .level)
            XCTAssertTrue(h.flow.run.networked)
            XCTAssertEqual(h.flow.run.network, .waiting(nil))
            XCTAssertFalse(h.flow.session.world.assist.isOn, "online, no assist")
            XCTAssertEqual(Array(h.effects[before...]).filter { $0 == .levelStarted || $0 == .online(.host(.thisNetwork)) },
                           [.levelStarted, .online(.host(.thisNetwork))])
            XCTAssertNil(h.flow.hostsNextLevel, "the next level is played as usual")
        }
    }

    /// The pad enters an address a character at a time (→ picks, A adds, B takes back), keys type
    /// digits and points, Backspace deletes; a full code moves on to Join, which sends the form.
    func testTheJoinFormIsEnteredWithAPadOrTyped() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let pad = h.attach(.xboxOne)
            _ = try Self.openJoinForm(h)
            @MainActor func form() -> JoinForm? { if case let .online(.join(form)) = h.flow.mode { form } else { nil } }
            XCTAssertEqual(form()?.at, .field(.address))
            h.press(.button(.dpadRight), pad: pad)  // offers 1
            h.press(.button(.a), pad: pad)
            h.press(.button(.a), pad: pad)
            XCTAssertEqual(form()?.address, "11")
            h.press(.button(.b), pad: pad)
            XCTAssertEqual(form()?.address, "1", "B takes the last character back")
            XCTAssertEqual(h.screen, .join)
            for key in [Key(usage: 31), Key(usage: 36), Key(usage: 55), Key(usage: 39), Key(usage: 99), Key(usage: 39), Key(usage: 55), Key(usage: 30)] {
                h.press(key)
            }
            XCTAssertEqual(form()?.address, "127.0.0.1")
            h.press(.backspace)
            h.press(Key(usage: 31))
            h.press(Key(usage: 51))
            h.press(Key(usage: 31))
            XCTAssertEqual(form()?.address, "127.0.0.2:2", "; types the port's colon")
            h.press(.enter)
            XCTAssertEqual(form()?.at, .field(.code), "Enter moves on")
            let before = h.effects.count
            h.press(.down)
            h.press(.enter)  // Join without a code
            XCTAssertEqual(form()?.problem, .noCode)
            XCTAssertEqual(form()?.at, .field(.code))
            for _ in 0..<6 { h.press(.button(.a), pad: pad) }
            XCTAssertEqual(form()?.code, "000000")
            XCTAssertEqual(form()?.at, .join, "a full code moves on to Join")
            h.press(.button(.a), pad: pad)
            XCTAssertEqual(Array(h.effects[before...]).filter { if case .online(.join) = $0 { true } else { false } },
                           [.online(.join(address: "127.0.0.2:2", code: "000000"))])
            guard case .online(.joining) = h.flow.mode else { return XCTFail("waits for the host: \(h.flow.mode)") }
            h.press(.button(.b), pad: pad)
            XCTAssertTrue(h.effects.contains(.online(.leave)), "giving up leaves")
            XCTAssertEqual(h.screen, .join)
            XCTAssertEqual(form()?.code, "000000", "the form is kept")
        }
    }

    /// The page shown, with the prompts of the controller in hand.
    @MainActor
    static func page(_ h: FlowHarness) throws -> MenuPage { try XCTUnwrap(h.flow.menuPage(h.context, prompts: h.runner.prompts(h.context), rawStick: (0, 0))) }

    /// The join form, while it is shown.
    @MainActor
    static func form(_ h: FlowHarness) -> JoinForm? { if case let .online(.join(form)) = h.flow.mode { form } else { nil } }

    /// Keys type at a caret (no pad's picker), the hint says what they do (type, Enter next,
    /// Backspace delete), an IPv6 address's letters are typed, and Space moves on as Enter does
    /// (it used to add the hidden picker's character).
    func testKeysTypeTheJoinFormAtACaret() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            _ = try Self.openJoinForm(h)
            @MainActor func page() throws -> MenuPage { try Self.page(h) }
            @MainActor func form() -> JoinForm? { Self.form(h) }
            XCTAssertEqual(try page().entries[0].detail, .leftToRight("_"), "a caret, not the pad's ‹0›")
            let hint = try page().hint.parts
            XCTAssertTrue([Prompt.Part.does(.hintType), .does(.hintNext), .does(.hintDelete)].allSatisfy(hint.contains), "\(hint)")
            XCTAssertFalse(hint.contains(.does(.hintPick)), "no picker offered")
            XCTAssertNil(try page().keypad, "keys need no keypad")
            for key in [Key.a, Key(usage: 5), Key(usage: 51), Key(usage: 30)] { h.press(key) }
            XCTAssertEqual(form()?.address, "ab:1")
            h.press(.q)
            XCTAssertEqual(h.screen, .join, "the leave key (a letter on AZERTY) leaves no text row")
            h.press(.space)
            XCTAssertEqual(form()?.address, "ab:1", "Space adds nothing")
            XCTAssertEqual(form()?.at, .field(.code), "and moves on")
        }
    }

    /// A finger on the menus makes the prompts the touch screen's; the join form's text rows
    /// then get a keypad under them, hit where it is drawn, whose keys type, delete and move on.
    func testTouchTypesTheJoinFormOnItsKeypad() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            _ = try Self.openJoinForm(h)
            @MainActor func page() throws -> MenuPage { try Self.page(h) }
            @MainActor func form() -> JoinForm? { Self.form(h) }
            XCTAssertNil(try page().keypad, "the keyboard in hand")
            @MainActor func named() -> String? { h.runner.presence.activeControllerName(h.runner.registry, hud: h.runner.hud) }
            XCTAssertEqual(named(), "Keyboard")
            h.tap(.entry(0, rightHalf: false))  // the address row
            XCTAssertEqual(h.runner.prompts(h.context).style, .touch)
            XCTAssertEqual(named(), "Keyboard", "the trace's controller is the one that played, not the menus' finger")
            let keypad = try XCTUnwrap(try page().keypad)
            XCTAssertEqual(try page().hint, Prompt([.text(.message(.tapKeys))]))
            XCTAssertEqual(keypad.rows.flatMap { $0 }.compactMap { if case let .character(c) = $0 { c } else { nil } }, JoinForm.Field.address.alphabet)
            let keys = MenuLayout.keypadKeys(keypad, words: .english)
            let rows = MenuLayout.entryRects(try page())
            XCTAssertTrue(keys.allSatisfy { key in rows.allSatisfy { $0.width == 0 || !$0.intersects(key.rect) } }, "no key over a row")
            XCTAssertTrue(keys.allSatisfy { $0.rect.maxY <= MenuLayout.rowsBottom }, "nor over the hint line")
            let one = try XCTUnwrap(keys.first { $0.key == .character("1") })
            XCTAssertEqual(h.runner.tapTarget(at: Vec2(one.rect.x + one.rect.width / 2, one.rect.y + one.rect.height / 2), h.context), .key(.character("1")))
            for character in Array("10.0.0.77") { h.tap(.key(.character(character))) }
            h.tap(.key(.delete))
            XCTAssertEqual(form()?.address, "10.0.0.7")
            h.tap(.key(.next))
            XCTAssertEqual(form()?.at, .field(.code))
            XCTAssertEqual(try page().keypad?.rows.flatMap { $0 }.count, 12, "the code's ten digits, delete and next")
            let codeKeys = MenuLayout.keypadKeys(try XCTUnwrap(try page().keypad), words: .english)
            XCTAssertEqual(codeKeys.first { $0.key == .character("1") }?.rect, one.rect, "a digit stands where it stood for the address")
            for _ in 0..<6 { h.tap(.key(.character("4"))) }
            XCTAssertEqual(form()?.code, "444444")
            XCTAssertEqual(form()?.at, .join, "the last digit moves on to Join, as the keys' and the pad's do")
            XCTAssertNil(try page().keypad, "no keypad on Join")
        }
    }

    /// A game found is listed above the form and fills the address in; the row selected stays
    /// the same row when the list changes.
    func testAGameFoundFillsTheAddressIn() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            _ = try Self.openJoinForm(h)
            h.foundGames = [FoundGame(address: "192.168.1.20:24820", levelName: "level2", here: 1, expected: 4)]
            h.tick()
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            XCTAssertEqual(Words.english.render(page.entries[0].label), "Level 2")
            XCTAssertEqual(page.selection, 1, "still on the address")
            h.press(.up)
            h.press(.enter)
            guard case let .online(.join(form)) = h.flow.mode else { return XCTFail("\(h.flow.mode)") }
            XCTAssertEqual(form.address, "192.168.1.20:24820")
            XCTAssertEqual(form.at, .field(.code))
        }
    }

    /// The devices' answers: a welcome loads the host's level as a networked run that waits; a
    /// refusal returns to the form saying why; a game over returns to Play online.
    func testTheNewsOfTheNetwork() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            _ = try Self.openJoinForm(h)
            for key in [Key(usage: 30), Key(usage: 55), Key(usage: 30)] { h.press(key) }
            h.press(.enter)
            for _ in 0..<6 { h.press(Key(usage: 39)) }
            h.press(.enter)
            h.press(.enter)
            guard case .online(.joining) = h.flow.mode else { return XCTFail("\(h.flow.mode)") }
            h.runner.apply(.online(.failed(.wrongCode)))
            h.tick()
            guard case let .online(.join(form)) = h.flow.mode else { return XCTFail("\(h.flow.mode)") }
            XCTAssertEqual(form.problem, .wrongCode)
            let page = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            XCTAssertEqual(page.subheading.map { Words.english.render($0) }, "The host refused the code")
            XCTAssertEqual(form.at, .join)
            h.press(.enter)
            let before = h.effects.count
            h.runner.apply(.online(.welcomed(.catalog(1))))
            h.tick()
            XCTAssertEqual(h.screen, .level)
            XCTAssertEqual(h.flow.run.index, 1)
            XCTAssertTrue(h.flow.run.networked)
            XCTAssertTrue(h.effects[before...].contains(.online(.ready)))
            XCTAssertFalse(h.effects[before...].contains { if case .online(.host) = $0 { true } else { false } })
            h.runner.apply(.online(.over(.hostGone)))
            h.tick()
            XCTAssertEqual(h.flow.mode, .online(.choose(.ended(.hostGone))))
            XCTAssertFalse(h.flow.run.networked)
            let choose = try XCTUnwrap(h.flow.menuPage(h.context, prompts: try h.prompts(pad: nil), rawStick: (0, 0)))
            XCTAssertEqual(choose.subheading.map { Words.english.render($0) }, "The host is gone: the online game is over")
        }
    }

    /// The waiting screen from the menus: A starts once someone joined, B leaves; online the pause
    /// menu offers Leave the game, and B there leaves the game (its goodbye sent), not to the
    /// level select.
    func testTheWaitingScreenAndThePauseMenuLeaveTheGame() throws {
        try MainActor.assumeIsolated {
            let bed = try OnlineTestbed()
            let h = bed.h
            let pad = h.attach(.dualSense)
            bed.hostFrame()
            h.set(.button(.a), pad: pad, down: true)
            bed.hostFrame()
            XCTAssertEqual(h.flow.online?.session.phase, .lobby, "nobody to play with yet")
            h.set(.button(.a), pad: pad, down: false)
            bed.join()
            h.set(.button(.a), pad: pad, down: true)
            bed.frame()
            XCTAssertEqual(h.flow.online?.session.phase, .playing, "A starts the game with the machines here")
            h.set(.button(.a), pad: pad, down: false)
            bed.frame()

            let waiting = try OnlineTestbed()
            let b = waiting.h.attach(.dualSense)
            waiting.hostFrame()
            waiting.h.set(.button(.b), pad: b, down: true)
            waiting.hostFrame()
            XCTAssertEqual(waiting.h.screen, .online)
            XCTAssertFalse(waiting.h.flow.run.networked)
            XCTAssertEqual(waiting.h.flow.online?.session.phase, .finished(.quit), "left: the session quit")

            let game = try NetworkFlowTests.playing()
            game.press(.escape)
            for _ in 0..<10 { game.frame() }
            XCTAssertEqual(game.h.flow.session.state, .paused)
            XCTAssertEqual(game.h.flow.pauseEntries(game.h.context), [.resume, .leaveOnline, .quit])
            let sent = game.h.effects.count
            game.press(.q)
            XCTAssertEqual(game.h.screen, .online, "Q leaves the online game")
            let leaving = Array(game.h.effects[sent...])
            XCTAssertTrue(leaving.contains(.online(.leave)))
            let goodbyes = leaving.firstIndex { if case .online(.send) = $0 { true } else { false } }
            XCTAssertNotNil(goodbyes, "the goodbyes go out")
            XCTAssertLessThan(goodbyes ?? .max, leaving.firstIndex(of: .online(.leave)) ?? 0, "before the socket is closed")
        }
    }

    /// The host's code went off (too many wrong codes): the waiting screen says so instead of
    /// the code, its hint offers a new code on the choose button, and A asks for one (it does not
    /// start the game, even with a joiner there); with the new code A starts again.
    func testACodeTurnedOffIsSaidAndAGetsANewOne() throws {
        try MainActor.assumeIsolated {
            let bed = try OnlineTestbed()
            let h = bed.h
            let pad = h.attach(.xboxOne)
            bed.join()
            bed.wrongCodes(NetDoor.codeFailureBudget)
            bed.hostFrame()
            guard case let .waiting(off?)? = h.flow.run.network else { return XCTFail("\(String(describing: h.flow.run.network))") }
            XCTAssertTrue(off.codeOff)
            let lines = NetworkTick.Status.waiting(off).lines.lines.map { Words.english.render($0) }
            XCTAssertEqual(lines.last, "Too many wrong codes: the code is off")
            XCTAssertFalse(lines.contains { $0.contains(OnlineTestbed.code) }, "the dead code is not shown")
            let hint = try h.prompts(pad: pad).waitingHint(canStart: off.canStart, codeOff: off.codeOff)
            XCTAssertTrue(hint.parts.contains(.does(.hintNewCode)), "\(hint)")
            XCTAssertFalse(hint.parts.contains(.does(.hintStart)))
            h.set(.button(.a), pad: pad, down: true)
            let effects = h.runner.networkFrame(h.context)
            XCTAssertTrue(effects.contains(.online(.newCode)))
            XCTAssertEqual(h.flow.online?.session.phase, .lobby, "one press, one thing: not started")
            h.set(.button(.a), pad: pad, down: false)
            bed.apply(.online(.newCode("654321")))  // the handler's answer
            bed.hostFrame()
            guard case let .waiting(on?)? = h.flow.run.network else { return XCTFail("\(String(describing: h.flow.run.network))") }
            XCTAssertEqual(on.code, "654321")
            XCTAssertFalse(on.codeOff)
            h.set(.button(.a), pad: pad, down: true)
            bed.hostFrame()
            XCTAssertEqual(h.flow.online?.session.phase, .playing)
        }
    }

    /// `--host`'s game (not from the menus): its A still makes a new code when the code went
    /// off, and its hint offers that alone (B does not leave a game the command line hosts).
    func testACommandLineHostsCodeOffGetsANewCodeToo() throws {
        try MainActor.assumeIsolated {
            let bed = try OnlineTestbed(joiners: 1)
            let h = bed.h
            h.playsTheGame = false
            let pad = h.attach(.switchPro)
            bed.wrongCodes(NetDoor.codeFailureBudget)
            bed.hostFrame()
            XCTAssertEqual(h.flow.online?.session.codeOff, true)
            let hint = try h.prompts(pad: pad).waitingHint(canStart: false, codeOff: true, canLeave: false)
            XCTAssertEqual(hint.parts.count, 3, "the choose button, its words, the gap: no leave: \(hint)")
            h.set(.button(.a), pad: pad, down: true)
            XCTAssertTrue(h.runner.networkFrame(h.context).contains(.online(.newCode)))
            h.set(.button(.a), pad: pad, down: false)
            _ = h.runner.networkFrame(h.context)
            h.set(.button(.b), pad: pad, down: true)
            XCTAssertFalse(h.runner.networkFrame(h.context).contains(.online(.leave)), "B leaves no command-line game")
        }
    }

    /// A press on the tick the host's welcome comes does not give the join up (the level loads,
    /// networked); B on an empty text row stays on the form; A while waiting waits on.
    func testTheWelcomeWinsOverAPressOnItsTick() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let pad = h.attach(.xboxOne)
            _ = try Self.openJoinForm(h)
            for _ in 0..<12 { h.press(.backspace) }
            h.press(.button(.b), pad: pad)
            XCTAssertEqual(h.screen, .join, "B on an empty row deletes nothing and stays")
            for key in [Key(usage: 30), Key(usage: 55), Key(usage: 30)] { h.press(key) }
            h.press(.enter)
            for _ in 0..<6 { h.press(Key(usage: 39)) }
            h.press(.enter)  // on to Join
            h.press(.button(.a), pad: pad)
            guard case .online(.joining) = h.flow.mode else { return XCTFail("\(h.flow.mode)") }
            h.press(.button(.a), pad: pad)
            guard case .online(.joining) = h.flow.mode else { return XCTFail("A waits on: \(h.flow.mode)") }
            h.runner.apply(.online(.welcomed(.catalog(0))))
            h.runner.apply(.keyDown(.escape, isRepeat: false))
            h.tick()
            XCTAssertEqual(h.screen, .level)
            XCTAssertTrue(h.flow.run.networked, "the host's level, played online")
            XCTAssertFalse(h.effects.contains(.online(.leave)))
        }
    }

    /// The screen that says why a game ended: B goes back to Play online at once, saying why.
    func testBackLeavesTheEndedScreenAtOnce() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.startLevel(1)
            h.flow.run.source = .network
            let pad = h.attach(.xboxOne)
            var effects: [Effect] = []
            h.flow.take(NetworkTick(status: .ended(.hostGone)), h.context, &effects)
            h.set(.button(.b), pad: pad, down: true)
            XCTAssertTrue(h.runner.networkFrame(h.context).contains(.online(.leave)))
            XCTAssertEqual(h.flow.mode, .online(.choose(.ended(.hostGone))))
        }
    }

    /// Each character class and the field's room.
    func testTheFormTakesOnlyItsCharacters() {
        var form = JoinForm()
        XCTAssertFalse(form.add("x", to: .address))
        XCTAssertFalse(form.add(".", to: .code))
        for _ in 0..<10 { form.add("9", to: .code) }
        XCTAssertEqual(form.code, "999999")
        form.pick(.address, by: -1)
        XCTAssertEqual(form.offeredCharacter(.address), "f", "← from the first wraps round")
        XCTAssertEqual(JoinForm.typed(Key(usage: 98)), "0", "the keypad's 0")
        XCTAssertEqual(JoinForm.typed(.a), "a", "an IPv6 address's hex letters")
        XCTAssertEqual(JoinForm.typed(Key(usage: 47)), "[")
        XCTAssertNil(JoinForm.typed(Key(usage: 10)), "g is no hex digit")
    }
}
