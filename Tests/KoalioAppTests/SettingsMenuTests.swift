@testable import KoalioApp
@testable import KoalioFlow
import KoalioCore
import KoalioInput
import KoalioSDL
import KoalioTestSupport
import KoalioText
import KoalioUserData
import KoalioView
import XCTest
import KoalioUserFiles

/// The settings menu through the real loop: rebinding with the keyboard and with a virtual pad
/// (saved, read back, and steering), changing values by touch, and the pause screen's way in.
final class SettingsMenuTests: XCTestCase {
    func saved(_ flow: LoopRunner.Flow) -> SettingsFile.Loaded {
        SettingsFile.load(path: flow.directory + "/settings.toml", naming: SettingsStore.naming)
    }

    func testRebindingJumpWithTheKeyboardIsSavedAndSteers() throws {
        let flow = LoopRunner.Flow(directory: try Scratch.directory().path)
        let run = try LoopRunner.play("""
            2 down down
            3 down up
            4 enter down
            5 enter up
            6 enter down
            7 enter up
            8 down down
            9 down up
            10 down down
            11 down up
            12 enter down
            13 enter up
            14 x down
            15 x up
            16 escape down
            17 escape up
            18 escape down
            19 escape up
            20 up down
            21 up up
            22 enter down
            23 enter up
            24 enter down
            25 enter up
            40 z down
            41 z up
            100 x down
            101 x up

            """, ticks: 110, flow: flow)
        XCTAssertEqual(run.field(14, "screen"), "keyboard", "the keyboard keys page")
        XCTAssertEqual(run.field(26, "screen"), "level")
        XCTAssertEqual(run.settings.bindings.keys[.jump], Bindings.defaultKeys[.jump, default: []] + [.x], "X beside the jump keys")
        XCTAssertEqual(saved(flow).settings.bindings.keys[.jump], Bindings.defaultKeys[.jump, default: []] + [.x], "saved to settings.toml")
        XCTAssertEqual(saved(flow).warnings, [])
        XCTAssertTrue((41...59).contains { (run.field($0, "vy", as: Double.self) ?? 0) < -200 }, "Z still jumps")
        XCTAssertTrue((101...106).contains { (run.field($0, "vy", as: Double.self) ?? 0) < -200 }, "and X jumps (landed from Z's by then)")
    }

    func testRebindingJumpWithAPadIsSavedAndReadBack() throws {
        let flow = LoopRunner.Flow(directory: try Scratch.directory().path)
        let run = try LoopRunner.play("""
            0 pad attach xboxone
            2 pad1 dpdown down
            3 pad1 dpdown up
            4 pad1 a down
            5 pad1 a up
            6 pad1 dpdown down
            7 pad1 dpdown up
            8 pad1 a down
            9 pad1 a up
            10 pad1 dpdown down
            11 pad1 dpdown up
            12 pad1 dpdown down
            13 pad1 dpdown up
            14 pad1 a down
            15 pad1 a up
            18 pad1 y down
            19 pad1 y up

            """, ticks: 24, flow: flow)
        XCTAssertEqual(run.field(16, "screen"), "gamepad")
        XCTAssertEqual(run.settings.bindings.buttons[.jump], [.y])
        XCTAssertEqual(saved(flow).settings.bindings.buttons[.jump], [.y])
        XCTAssertTrue(try String(contentsOfFile: flow.directory + "/settings.toml", encoding: .utf8).contains("jump = [\"y\"]"))
    }

    func testANintendoPadReadByLabelRebindsByTheButtonsPrintedLetter() throws {
        var flow = LoopRunner.Flow(directory: try Scratch.directory().path)
        flow.settings.bindings.nintendoByLabel = true
        let run = try LoopRunner.play("""
            0 pad attach switchpro
            2 pad1 dpdown down
            3 pad1 dpdown up
            4 pad1 b down
            5 pad1 b up
            6 pad1 dpdown down
            7 pad1 dpdown up
            8 pad1 b down
            9 pad1 b up
            10 pad1 dpdown down
            11 pad1 dpdown up
            12 pad1 dpdown down
            13 pad1 dpdown up
            14 pad1 b down
            15 pad1 b up
            18 pad1 y down
            19 pad1 y up

            """, ticks: 24, flow: flow)
        XCTAssertEqual(run.field(16, "screen"), "gamepad", "by label, the right button (printed A) chooses")
        XCTAssertEqual(run.settings.bindings.buttons[.jump], [.x], "SDL's top button (y) is printed X on a Switch pad")
    }

    /// A Switch pad's A turns Nintendo buttons to "by label": the A held as it does so is now
    /// the button printed B, but it was not pressed anew, so the page stays.
    func testTogglingTheSwitchLayoutWithThePadStaysOnThePage() throws {
        let flow = LoopRunner.Flow(directory: try Scratch.directory().path)
        var script = "0 pad attach switchpro\n"
        // Settings (down, A), Pad buttons (down, A), Nintendo buttons (five rows down).
        for (tick, button) in [(2, "dpdown"), (4, "a"), (6, "dpdown"), (8, "a"), (10, "dpdown"), (12, "dpdown"), (14, "dpdown"),
                               (16, "dpdown"), (18, "dpdown")] {
            script += "\(tick) pad1 \(button) down\n\(tick + 1) pad1 \(button) up\n"
        }
        script += "22 pad1 a down\n26 pad1 a up\n"
        let run = try LoopRunner.play(script, ticks: 30, flow: flow)
        XCTAssertEqual(run.field(21, "selected"), "Nintendo buttons")
        XCTAssertTrue(run.settings.bindings.nintendoByLabel, "A toggled it")
        XCTAssertEqual(run.field(30, "screen"), "gamepad", "held, then let go: still on the page")
        XCTAssertEqual(run.field(30, "selected"), "Nintendo buttons")
    }

    func testTapsChangeValuesByTheRowsHalves() throws {
        let flow = LoopRunner.Flow(directory: try Scratch.directory().path)
        let rows = MenuLayout.entryRects(count: 13, compact: true)
        let music = rows[7], title = MenuLayout.entryRects(count: 7)[1]
        let run = try LoopRunner.play("""
            2 mouse down \(Int(title.x + 20)) \(Int(title.y + 5))
            3 mouse up \(Int(title.x + 20)) \(Int(title.y + 5))
            6 mouse down \(Int(music.maxX - 20)) \(Int(music.y + 5))
            7 mouse up \(Int(music.maxX - 20)) \(Int(music.y + 5))
            8 mouse down \(Int(music.maxX - 20)) \(Int(music.y + 5))
            9 mouse up \(Int(music.maxX - 20)) \(Int(music.y + 5))
            10 mouse down \(Int(music.x + 20)) \(Int(music.y + 5))
            11 mouse up \(Int(music.x + 20)) \(Int(music.y + 5))

            """, ticks: 14, flow: flow)
        XCTAssertEqual(run.field(4, "screen"), "settings")
        XCTAssertEqual(run.settings.musicVolume, 80, "70 + 10 + 10 - 10")
        XCTAssertEqual(saved(flow).settings.musicVolume, 80)
    }

    func testATapCancelsARebindThatWaitsForAKey() throws {
        let flow = LoopRunner.Flow(directory: try Scratch.directory().path)
        let rows = MenuLayout.entryRects(count: 13, compact: true), title = MenuLayout.entryRects(count: 7)[1]
        func tap(_ tick: Int, _ rect: Rect) -> String {
            "\(tick) mouse down \(Int(rect.x + 20)) \(Int(rect.y + 5))\n\(tick + 1) mouse up \(Int(rect.x + 20)) \(Int(rect.y + 5))\n"
        }
        let run = try LoopRunner.play(tap(2, title) + tap(6, rows[0]) + tap(10, rows[2]) + tap(14, rows[2]) + "18 x down\n19 x up\n",
                                      ticks: 22, flow: flow)
        XCTAssertEqual(run.field(12, "screen"), "keyboard")
        XCTAssertEqual(run.settings.bindings.keys[.jump], Bindings.defaultKeys[.jump], "X after the cancelling tap binds nothing")
        XCTAssertFalse(FileManager.default.fileExists(atPath: flow.directory + "/settings.toml"), "nothing changed, nothing written")
    }

    func testThePauseScreenLeadsToTheSettingsAndBack() throws {
        let run = try LoopRunner.play("""
            2 escape down
            3 escape up
            4 down down
            5 down up
            6 down down
            7 down up
            8 enter down
            9 enter up
            12 escape down
            13 escape up
            16 up down
            17 up up
            18 up down
            19 up up
            20 enter down
            21 enter up

            """, ticks: 26)
        XCTAssertEqual(run.field(4, "state"), "paused")
        XCTAssertEqual(run.field(10, "screen"), "settings", "the third entry, under Resume and Restart")
        XCTAssertEqual(run.field(14, "screen"), "level", "Back returns to the paused level")
        XCTAssertEqual(run.field(14, "state"), "paused")
        XCTAssertEqual(run.field(22, "state"), "playing", "Resume")
    }

    func testQuitFromThePauseScreenAsksOnceThenEndsTheGame() throws {
        let script = "2 escape down\n3 escape up\n4 up down\n5 up up\n6 enter down\n7 enter up\n"
        let asked = try LoopRunner.play(script + "10 escape down\n11 escape up\n", ticks: 20)
        XCTAssertEqual(asked.field(6, "state"), "paused", "up from Resume wraps to Quit")
        XCTAssertEqual(asked.field(7, "screen"), "quit", "Quit asks: Quit koalio?")
        XCTAssertNil(asked.field(1, "selected", as: String.self), "no menu over a level in play: no selected entry in the trace")
        XCTAssertEqual(asked.field(6, "selected"), "Quit", "the trace names the pause menu's entry")
        XCTAssertEqual(asked.field(7, "selected"), "No", "and the question's")
        XCTAssertEqual(asked.field(11, "screen"), "level", "Escape answers No: back to the paused level")
        XCTAssertEqual(asked.field(11, "state"), "paused")

        let no = try LoopRunner.play(script + "10 enter down\n11 enter up\n", ticks: 20)
        XCTAssertEqual(no.field(11, "screen"), "level", "Enter at once answers No, the answer chosen at first")

        let run = try LoopRunner.play(script + "8 up down\n9 up up\n10 enter down\n11 enter up\n", ticks: 30, endsAt: 11)
        XCTAssertEqual(run.field(10, "screen"), "quit")
        XCTAssertEqual(run.trace.count, 11, "Yes (up from No) ended the game on that tick, not at the tick limit")
    }

    func testConflictsAreShownOnBothRows() {
        var settings = Settings()
        settings.bindings.keys[.dash] = [.space]
        let rows = SettingsMenu.rows(.keyboardControls, .init(settings: settings, padStyle: .xbox, padCategory: .xboxOne,
                                                              displays: ["Screen"]))
        XCTAssertEqual(rows[2].entry.detail?.english, "also Dash")
        XCTAssertEqual(rows[3].entry.detail?.english, "also Jump")
        XCTAssertTrue(rows[3].entry.warns)
        XCTAssertNil(rows[0].entry.detail)
    }

    /// The menu's rows come from the one settings table: every setting of the file whose place is
    /// the settings menu has exactly one row, under its label, and moving it there changes what
    /// the file writes (Hide my address's row is Play online's: `RoomMenuFlowTests`; the
    /// rendezvous is named in the file or by `--rendezvous`).
    func testEverySettingOfTheTableHasOneRowAndItsRowMovesIt() {
        let context = SettingsMenu.Context(settings: Settings(), padStyle: .xbox, padCategory: .xboxOne, displays: ["Screen", "TV"])
        let pages: [Screen] = [.settings, .keyboardControls, .padControls, .touchControls, .video, .assist]
        let rows = pages.flatMap { SettingsMenu.rows($0, context) }
        for setting in Setting.all {
            let found = rows.filter { $0.setting == setting.id }
            guard setting.place == .settingsMenu else {
                XCTAssertEqual(found.count, 0, "\(setting.fileKey)'s row is elsewhere")
                continue
            }
            XCTAssertEqual(found.count, 1, "\(setting.fileKey) has one row")
            XCTAssertEqual(found.first?.fileKey, setting.fileKey, "marked by the file's key when the file had it wrong")
            guard let row = found.first, case let .adjust(change) = row.kind else {
                XCTFail("\(setting.fileKey): an adjustable row")
                continue
            }
            XCTAssertEqual(row.entry.label, .message(setting.label))
            var right = Settings(), left = Settings()
            change(&right, 1)
            change(&left, -1)
            let unchanged = SettingsFile.encode(Settings(), naming: KeyNameTable())
            XCTAssertTrue(SettingsFile.encode(right, naming: KeyNameTable()) != unchanged || SettingsFile.encode(left, naming: KeyNameTable()) != unchanged,
                          "\(setting.fileKey): right or left changes the setting")
        }
    }

    /// Settings the file had wrong (and which kept their default) are marked, and so are the
    /// rows that open a page holding one; the rest are as ever.
    func testSettingsTheFileHadWrongAreMarkedReset() {
        let context = SettingsMenu.Context(settings: Settings(), padStyle: .xbox, padCategory: .xboxOne, displays: ["Screen"],
                                           resetKeys: ["audio.music", "touch.left_handed", "keyboard.jump"])
        let main = SettingsMenu.rows(.settings, context)
        let byLabel = Dictionary(main.map { ($0.entry.label.english, $0.entry) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(byLabel["Music volume"]?.detail?.english, "reset: 70%")
        XCTAssertEqual(byLabel["Music volume"]?.warns, true)
        XCTAssertEqual(byLabel["On-screen controls"]?.detail?.english, "reset", "its page holds one")
        XCTAssertEqual(byLabel["Keyboard keys"]?.warns, true)
        XCTAssertEqual(byLabel["Effects volume"]?.detail?.english, "100%")
        XCTAssertEqual(byLabel["Effects volume"]?.warns, false)
        XCTAssertEqual(byLabel["Pad buttons"]?.warns, false)
        let touch = SettingsMenu.rows(.touchControls, context)
        XCTAssertEqual(touch.first { $0.entry.label == .message(.leftHanded) }?.entry.detail?.english, "reset: off")
        let keys = SettingsMenu.rows(.keyboardControls, context)
        XCTAssertEqual(keys.first { $0.entry.label == .message(Action.jump.message) }?.entry.warns, true)
        XCTAssertEqual(keys.first { $0.entry.label == .message(Action.dash.message) }?.entry.warns, false)
    }

    /// The title's line says what the player will find: defaults, marked settings, or (a
    /// problem with no setting to mark, like a quoted version) only the count.
    func testTheSettingsNoticeIsTrueToWhatTheMenuShows() throws {
        func notice(_ text: String) throws -> FileNotice? {
            let path = try Scratch.directory().path + "/settings.toml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return SettingsStore.notice(SettingsFile.load(path: path, naming: SettingsStore.naming))
        }
        XCTAssertNil(try notice("[audio]\nmusic = 50\n"))
        XCTAssertEqual(try notice("[audio]\nmusic = 500\neffects = 500\n"), .settingsProblems(count: 2, marked: true))
        XCTAssertEqual(try notice("version = \"1\"\n"), .settingsProblems(count: 1, marked: false))
        XCTAssertEqual(try notice("[audio\n"), .settingsUnreadable)
        XCTAssertEqual(FileNotice.settingsProblems(count: 2, marked: true).text.english, "settings.toml had 2 problems: marked in Settings")
        XCTAssertEqual(FileNotice.settingsProblems(count: 1, marked: false).text.english, "settings.toml had a problem")
        XCTAssertEqual(FileNotice.settingsUnreadable.text.english, "settings.toml could not be read: default settings")
    }

    func testTheTitleNoticeNamesEachFileOrTheFirstWhenTooWide() {
        func shown(_ notices: [String]) -> String? {
            FlowState.titleNotice(notices.map(Text.verbatim)).map { Lettering.fitted($0, .english, width: Scene.lineWidth) }
        }
        XCTAssertNil(shown([]))
        XCTAssertEqual(shown(["a had a problem", "b could not be read"]), "a had a problem  ·  b could not be read")
        let long = String(repeating: "x", count: 40)
        XCTAssertEqual(shown([long, long]), long, "two do not fit: the first alone")
    }

    func testTheDisplayRowCyclesSDLsDisplaysAndNamesAnAbsentOne() {
        var settings = Settings()
        let context = { (settings: Settings) in
            SettingsMenu.Context(settings: settings, padStyle: .xbox, padCategory: .xboxOne, displays: ["Laptop", "TV"])
        }
        let row = SettingsMenu.rows(.video, context(settings))[2]
        XCTAssertEqual(row.entry.detail?.english, "1: Laptop")
        guard case let .adjust(step) = row.kind else { return XCTFail("not adjustable") }
        step(&settings, 1)
        XCTAssertEqual(settings.display, "TV")
        settings.display = "Projector"
        XCTAssertEqual(SettingsMenu.rows(.video, context(settings))[2].entry.detail?.english, "Projector (not connected)")
    }
}

/// The command line's options hold for the run; the file keeps its own values until the menu
/// changes that very setting.
final class SettingsStoreTests: XCTestCase {
    func testOverridesHoldForTheRunAndAreNotSavedUntilChanged() throws {
        let directory = try Scratch.directory().path
        var file = Settings()
        file.musicVolume = 40
        var store = SettingsStore(saved: file, overrides: .init(fullscreen: true, musicVolume: 0), path: directory + "/settings.toml")
        XCTAssertEqual(store.effective.musicVolume, 0)
        XCTAssertTrue(store.effective.fullscreen)
        let writer = BackgroundWriter()

        var new = store.effective
        new.effectsVolume = 50  // an unrelated change: the held options keep the file's values
        XCTAssertTrue(store.change(to: new, writer: writer))
        writer.waitUntilDone()
        var saved = SettingsFile.load(path: directory + "/settings.toml", naming: SettingsStore.naming).settings
        XCTAssertEqual([saved.musicVolume, saved.effectsVolume], [40, 50])
        XCTAssertFalse(saved.fullscreen)
        XCTAssertEqual(store.effective.musicVolume, 0, "still held for this run")

        new = store.effective
        new.musicVolume = 30  // the menu changes the held one: it is the player's now
        XCTAssertTrue(store.change(to: new, writer: writer))
        writer.waitUntilDone()
        saved = SettingsFile.load(path: directory + "/settings.toml", naming: SettingsStore.naming).settings
        XCTAssertEqual(saved.musicVolume, 30)
        XCTAssertFalse(saved.fullscreen, "fullscreen is still the command line's")
        XCTAssertTrue(store.effective.fullscreen)
        XCTAssertFalse(store.change(to: store.effective, writer: writer), "no change, nothing to do")
    }
}
