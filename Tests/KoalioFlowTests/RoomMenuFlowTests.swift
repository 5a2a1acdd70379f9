@testable import KoalioFlow
import KoalioFlowTestSupport
import KoalioInput
import KoalioNet
import KoalioText
import KoalioUI
import KoalioUserData
import KoalioView
import XCTest

/// Play online anywhere (issue 51): Host a game → Anywhere (room code), needing a rendezvous;
/// the join form's room code typed (every letter, W, A, S, D, Z and Q too), picked with a pad
/// or tapped; Hide my address; the waiting screen's room lines and a room's failure.
final class RoomMenuFlowTests: XCTestCase {
    /// Play online → Host a game.
    @MainActor
    static func openHost(_ h: FlowHarness) {
        OnlineMenuFlowTests.openOnline(h)
        h.press(.enter)
    }

    @MainActor
    static func subheading(_ h: FlowHarness) throws -> String? {
        try OnlineMenuFlowTests.page(h).subheading.map(english)
    }

    /// Without a rendezvous, Anywhere stays on Host a game and says how to name one; with one,
    /// the level chosen is hosted in a room.
    func testAnywhereNeedsARendezvousThenHostsARoom() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            Self.openHost(h)
            XCTAssertEqual(h.screen, .host)
            XCTAssertEqual(try OnlineMenuFlowTests.page(h).entries.map { Words.english.render($0.label) },
                           ["On this network", "Anywhere (room code)", "Back"])
            XCTAssertEqual(try Self.subheading(h), "No rendezvous set: start koalio with --rendezvous HOST (see README)")
            h.press(.down)
            h.press(.enter)
            XCTAssertEqual(h.flow.mode, .online(.host(.noRendezvous)), "no rendezvous: nothing is hosted")
            XCTAssertNil(h.flow.hostsNextLevel)

            h.rendezvous = "rdv.example.org"
            h.press(.escape)
            XCTAssertEqual(h.screen, .online)
            h.press(.enter)
            XCTAssertEqual(try Self.subheading(h), "Nearby by address, or anywhere by a room code through rdv.example.org")
            h.press(.enter)
            XCTAssertEqual(h.screen, .levels)
            XCTAssertEqual(h.flow.hostsNextLevel, .room)
            let before = h.effects.count
            h.press(.enter)
            XCTAssertEqual(h.screen, .level)
            XCTAssertTrue(h.flow.run.networked)
            XCTAssertTrue(h.effects[before...].contains(.online(.host(.room))))
        }
    }

    /// The room's waiting screen: its code and rendezvous (opening, then open), the path once a
    /// player is connected; a failure takes the host back to Host a game, saying why.
    func testTheWaitingScreenSaysTheRoomAndThePath() throws {
        let opening = NetworkTick.Invitation(address: "rdv.example.org", code: "K7M-3QX", here: 1, expected: 2, room: .opening)
        func said(_ invitation: NetworkTick.Invitation) -> [String] { NetworkTick.Status.waiting(invitation).lines.lines.map(Self.english) }
        XCTAssertEqual(said(opening), ["Waiting for players: 1 of 2 here", "Opening the room K7M-3QX on rdv.example.org..."])
        var open = opening
        open.room = .open
        XCTAssertEqual(said(open).last, "Room code K7M-3QX, on the rendezvous rdv.example.org")
        for (relayed, path) in [(false, "Path: direct"), (true, "Path: through the relay")] {
            var connected = opening
            connected.room = .connected(relayed: relayed)
            connected.here = 2
            XCTAssertEqual(said(connected), ["Waiting for players: 2 of 2 here", "Room code K7M-3QX, on the rendezvous rdv.example.org", path])
        }

        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.rendezvous = "rdv.example.org"
            Self.openHost(h)
            h.press(.enter)
            h.press(.enter)
            XCTAssertEqual(h.screen, .level)
            h.runner.apply(.online(.failed(.roomFailed(.unreachable(rendezvous: "rdv.example.org")))))
            h.tick()
            XCTAssertEqual(h.screen, .host)
            XCTAssertFalse(h.flow.run.networked)
            XCTAssertEqual(try Self.subheading(h), "By room code: cannot reach the rendezvous at rdv.example.org")
        }
    }

    /// A hosted game whose room fails while it waits is left (its goodbyes and the handler's
    /// leave, so nothing goes on answering for it) and Host a game says why; a joiner's level
    /// missing after all goes back to Play online, not to Host a game.
    func testAFailureLeavesTheGameForThePageItCameFrom() throws {
        try MainActor.assumeIsolated {
            let bed = try OnlineTestbed()
            bed.hostFrame()
            let before = bed.h.effects.count
            bed.h.runner.apply(.online(.failed(.roomFailed(.disconnected(detail: nil)))))
            bed.h.tick()
            XCTAssertEqual(bed.h.flow.mode, .online(.host(.roomFailed(.disconnected(detail: nil)))))
            XCTAssertTrue(bed.h.effects[before...].contains(.online(.leave)), "the handler lets the room go")
            XCTAssertEqual(bed.h.flow.online?.session.phase, .finished(.quit))
            XCTAssertFalse(bed.h.flow.run.networked)

            let h = try FlowHarness()
            h.startLevel(1)
            h.flow.run.source = .network
            h.flow.run.network = .waiting(nil)
            h.runner.apply(.online(.failed(.noLevel("cave"))))
            h.tick()
            XCTAssertEqual(h.flow.mode, .online(.choose(.noLevel("cave"))), "a joiner's problem: Play online says it")
        }
    }

    /// The keyboard types a room code's letters on its row, W, A, S, D, Z and Q among them (none
    /// moves the menu, chooses or leaves there); I and L read as 1, O as 0, U is no symbol; the
    /// row shows the code's halves; Enter joins the room, or says what is missing.
    func testTheKeyboardTypesARoomCode() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            _ = try OnlineMenuFlowTests.openJoinForm(h)
            for _ in 0..<3 { h.press(.down) }
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .field(.room))
            for letter in "wszadq" { h.press(Self.key(letter)) }
            XCTAssertEqual(h.screen, .join, "Q typed, not the way out")
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.room, "WSZADQ")
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .field(.room), "W and S typed, not moved")
            let row = try OnlineMenuFlowTests.page(h).entries.first { Words.english.render($0.label) == "Room code" }
            XCTAssertEqual(row?.detail, .leftToRight("WSZ-ADQ_"))
            XCTAssertEqual(try OnlineMenuFlowTests.page(h).hint.parts.prefix(2), [.glyph(.keycap("0-9 A-Z")), .does(.hintType)], "letters type here")
            for _ in 0..<6 { h.press(.backspace) }
            for letter in "k7mi0u" { h.press(Self.key(letter)) }
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.room, "K7M10", "i read as 1; 0 typed; U is no symbol")
            h.press(.enter)
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.problem, .noRendezvous, "no rendezvous: said before the code")
            h.rendezvous = "rdv.example.org"
            h.press(.enter)
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.problem, .noRoomCode)
            XCTAssertEqual(try Self.subheading(h), "A room code has 6 symbols, as the host shows it: K7M-3QX")
            for letter in "lo" { h.press(Self.key(letter)) }
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.room, "K7M101", "l read as 1; nothing past the sixth symbol")
            let before = h.effects.count
            h.press(.enter)
            XCTAssertTrue(h.effects[before...].contains(.online(.joinRoom(code: "K7M101"))))
            guard case .online(.joining) = h.flow.mode else { return XCTFail("\(h.flow.mode)") }
            XCTAssertEqual(try Self.subheading(h), "Joining the room K7M-101...")
            h.runner.apply(.online(.failed(.roomFailed(.noSuchRoom(RoomCode(bits: 0))))))
            h.tick()
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .field(.room), "back on the room row")
            XCTAssertEqual(try Self.subheading(h), "By room code: no game has the room code 000-000")
            // Off the text rows the letters are the menus' again: S moves down to Back.
            h.press(.down)
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .back)
            h.press(Self.key("w"))
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .field(.room), "W moves up off a text row")
        }
    }

    /// S held on Join moves down to the Room code row once, then stops there (its repeats do not
    /// walk on to Back: the row takes letters); letting go of a typed W does not let go of a
    /// held ↑ arrow.
    func testAHeldLetterStopsAtTheRoomCodeRow() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            _ = try OnlineMenuFlowTests.openJoinForm(h)
            h.press(.down)
            h.press(.down)
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .join)
            h.runner.apply(.keyDown(Self.key("s"), isRepeat: false))
            for _ in 0..<60 {
                h.runner.apply(.keyDown(Self.key("s"), isRepeat: true))
                h.tick()
            }
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .field(.room), "held S stopped on the text row")
            h.runner.apply(.keyUp(Self.key("s")))
            h.tick()
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.room, "", "the held S typed nothing (it was pressed before the row took letters)")
            // ↑ held, W typed and let go meanwhile: ↑ still repeats up off the row.
            h.runner.apply(.keyDown(.up, isRepeat: false))
            h.runner.apply(.keyDown(Self.key("w"), isRepeat: false))
            h.runner.apply(.keyUp(Self.key("w")))
            h.tick()
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .join, "↑ moved up")
            h.tick(FrameInputReader.repeatDelayTicks + 1)
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .field(.code), "↑ still held: it repeats")
            h.runner.apply(.keyUp(.up))
        }
    }

    /// Every kind of pad: Host a game's Anywhere is reached with the d-pad and A; on the join
    /// form a pad picks each symbol (← → over the 32) and adds it with A, B takes one back, and
    /// a whole code's A joins; the hint names the pad's own buttons for it.
    func testEveryPadPicksARoomCodeAndHostsAnywhere() throws {
        try MainActor.assumeIsolated {
            for category in ProductCategory.allCases {
                let h = try FlowHarness()
                h.rendezvous = "rdv.example.org"
                let pad = h.attach(category)
                let online = FlowState.TitleEntry.allCases.firstIndex(of: .playOnline) ?? 0
                for _ in 0..<online { h.press(.button(.dpadDown), pad: pad) }
                h.press(.button(.a), pad: pad)
                h.press(.button(.a), pad: pad)
                XCTAssertEqual(h.screen, .host, "\(category)")
                h.press(.button(.dpadDown), pad: pad)
                h.press(.button(.a), pad: pad)
                XCTAssertEqual(h.flow.hostsNextLevel, .room, "\(category): Anywhere chosen with A")
                h.press(.button(.b), pad: pad)
                h.press(.button(.b), pad: pad)
                XCTAssertEqual(h.screen, .online, "\(category): B goes back twice")
                h.press(.button(.dpadDown), pad: pad)
                h.press(.button(.a), pad: pad)
                for _ in 0..<3 { h.press(.button(.dpadDown), pad: pad) }
                XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .field(.room), "\(category)")
                let hint = try OnlineMenuFlowTests.page(h).hint
                XCTAssertTrue(hint.parts.contains(.does(.hintPick)) && hint.parts.contains(.does(.hintAdd)), "\(category): \(hint)")
                h.press(.button(.dpadLeft), pad: pad)  // wraps round to the last symbol, Z
                for _ in 0..<6 { h.press(.button(.a), pad: pad) }
                XCTAssertEqual(OnlineMenuFlowTests.form(h)?.room, "ZZZZZZ", "\(category)")
                h.press(.button(.b), pad: pad)
                XCTAssertEqual(OnlineMenuFlowTests.form(h)?.room, "ZZZZZ", "\(category): B takes the last symbol back")
                h.press(.button(.a), pad: pad)
                let before = h.effects.count
                h.press(.button(.a), pad: pad)
                XCTAssertTrue(h.effects[before...].contains(.online(.joinRoom(code: "ZZZZZZ"))), "\(category): a whole code's A joins")
            }
        }
    }

    /// A finger taps the room code on a keypad of the 32 symbols (clear of the rows); Next joins.
    func testTouchTapsARoomCode() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.rendezvous = "rdv.example.org"
            _ = try OnlineMenuFlowTests.openJoinForm(h)
            let rows = try OnlineMenuFlowTests.page(h).entries
            let room = try XCTUnwrap(rows.firstIndex { Words.english.render($0.label) == "Room code" })
            h.tap(.entry(room, rightHalf: false))
            XCTAssertEqual(OnlineMenuFlowTests.form(h)?.at, .field(.room))
            let page = try OnlineMenuFlowTests.page(h)
            let keypad = try XCTUnwrap(page.keypad)
            XCTAssertEqual(keypad.rows.flatMap { $0 }.compactMap { if case let .character(c) = $0 { c } else { nil } }, RoomCode.alphabet)
            let keys = MenuLayout.keypadKeys(keypad, words: .english)
            let rects = MenuLayout.entryRects(page)
            XCTAssertTrue(keys.allSatisfy { key in rects.allSatisfy { $0.width == 0 || !$0.intersects(key.rect) } }, "no key over a row")
            XCTAssertTrue(keys.allSatisfy { $0.rect.maxY <= MenuLayout.rowsBottom }, "nor over the hint line")
            for symbol in "K7M3QX" { h.tap(.key(.character(symbol))) }
            let before = h.effects.count
            h.tap(.key(.next))
            XCTAssertTrue(h.effects[before...].contains(.online(.joinRoom(code: "K7M3QX"))))
        }
    }

    /// Hide my address is a row of Play online: ← → or A turn it on and off (the settings saved).
    func testHideMyAddressIsTurnedOnInPlayOnline() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            OnlineMenuFlowTests.openOnline(h)
            h.press(.down)
            h.press(.down)
            let row = try OnlineMenuFlowTests.page(h).entries[2]
            XCTAssertEqual(Words.english.render(row.label), "Hide my address")
            XCTAssertEqual(row.detail.map { Words.english.render($0) }, "off")
            var on = Settings()
            on.hideMyAddress = true
            let before = h.effects.count
            h.press(.right)
            XCTAssertTrue(h.effects[before...].contains(.changeSettings(on)))
            let chosen = h.effects.count
            h.press(.enter)
            XCTAssertTrue(h.effects[chosen...].contains(.changeSettings(on)), "A turns it over too")
            XCTAssertEqual(h.screen, .online)
        }
    }

    /// The form's room code takes Crockford's symbols alone, six of them, shown in halves.
    func testTheRoomCodeTakesItsSymbols() {
        var form = JoinForm()
        XCTAssertFalse(form.add("U", to: .room))
        XCTAssertFalse(form.add("a", to: .room), "the form holds capitals: typing makes them")
        for symbol in "K7M3QXY" { form.add(symbol, to: .room) }
        XCTAssertEqual(form.room, "K7M3QX")
        XCTAssertEqual(form.shown(.room), "K7M-3QX")
        XCTAssertEqual(JoinForm.typed(Self.key("l"), into: .room), "1")
        XCTAssertEqual(JoinForm.typed(Self.key("o"), into: .room), "0")
        XCTAssertNil(JoinForm.typed(Self.key("u"), into: .room))
        XCTAssertNil(JoinForm.typed(Key(usage: 55), into: .room), "no point in a room code")
        XCTAssertEqual(JoinForm.typed(Key(usage: 98), into: .room), "0", "the keypad's 0")
    }

    /// The key of a lower-case letter or a digit (the row above the letters).
    static func key(_ character: Character) -> Key {
        guard let ascii = character.asciiValue else { return .space }
        switch character {
        case "0": return Key(usage: 39)
        case "1"..."9": return Key(usage: 30 + Int(ascii) - 0x31)
        default: return Key(usage: 4 + Int(ascii) - 0x61)
        }
    }

    /// English words as drawn, without the marks that keep an address or a code left to right.
    static func english(_ text: Text) -> String {
        Words.english.render(text).filter { $0 != "\u{2066}" && $0 != "\u{2069}" }
    }
}
