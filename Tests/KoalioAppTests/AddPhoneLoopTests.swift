import KoalioCore
import KoalioLocalServer
import KoalioTestSupport
import KoalioUserData
import XCTest
@testable import KoalioApp
import KoalioSystem
import KoalioFlowTestSupport

/// Add a phone in the real loop: phone pads off at the start, chosen on the title, turned on by
/// the driver (the server listening where `--phones-listen` says) while its page is open, and off
/// again once it is left with no phone playing; the settings file is not touched.
final class AddPhoneLoopTests: XCTestCase {
    static let openAddPhone = """
        2 down down
        3 down up
        4 down down
        5 down up
        6 down down
        7 down up
        8 enter down
        9 enter up
        """

    func testAddAPhoneRunsTheServerWhileItsPageIsOpen() throws {
        let directory = try Scratch.directory().path
        let open = try LoopRunner.play(Self.openAddPhone, ticks: 20, flow: LoopRunner.Flow(directory: directory), phonesListen: "127.0.0.1:0")
        XCTAssertEqual(open.field(7, "screen"), "title")
        XCTAssertEqual(open.field(19, "screen"), "phone", "the Add-a-phone page")
        XCTAssertTrue(open.phonesOn, "phone pads on while the page shows")
        XCTAssertFalse(open.settings.phones, "not the Phone pads setting: visiting does not turn them on for good")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/settings.toml"), "nothing saved")

        let left = try LoopRunner.play(Self.openAddPhone + "\n20 escape down\n21 escape up\n", ticks: 30, flow: LoopRunner.Flow(directory: directory),
                                       phonesListen: "127.0.0.1:0")
        XCTAssertEqual(left.field(25, "screen"), "title")
        XCTAssertFalse(left.phonesOn, "left with no phone: phone pads off again")
    }
}

/// `--phones` has one owner, the settings as this run holds them: no settings change (F11
/// included) turns the phones off, and the file keeps its own value; the menu's Phone pads row
/// still turns them off.
final class PhonesOnTheCommandLineTests: XCTestCase {
    func testACommandLineRunsPhonesSurviveF11() throws {
        let run = try LoopRunner.play("5 f11 down\n6 f11 up\n", ticks: 20, phonesFromCommandLine: true)
        XCTAssertTrue(run.settings.fullscreen, "F11 changed the settings")
        XCTAssertTrue(run.settings.phones, "the settings say phones are on")
        XCTAssertTrue(run.phonesOn, "and they are: no phone unplugged")
    }

    func testTheFileKeepsItsOwnValueAndTheMenuStillTurnsThemOff() throws {
        var store = SettingsStore(saved: Settings(), overrides: .init(phones: true))
        let writer = BackgroundWriter()
        var new = store.effective
        XCTAssertTrue(new.phones)
        new.fullscreen = true
        store.change(to: new, writer: writer)
        XCTAssertTrue(store.effective.phones, "another setting changed: phones stay on")
        XCTAssertFalse(store.saved.phones, "and the file keeps its own value")
        new = store.effective
        new.phones = false
        store.change(to: new, writer: writer)
        XCTAssertFalse(store.effective.phones, "Phone pads → off in the menu: off")
    }
}

/// How many phones may join: four players in all, less those steering with other pads.
final class PhoneLimitTests: XCTestCase {
    func testPhonesFillTheSeatsOtherPadsLeave() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let phones = PhonePads(hub: PhoneHub(clock: MonotonicClock.seconds), address: nil)
            XCTAssertEqual(phones.phoneLimit(h.registry, seats: h.runner.state.seats), 4, "the keyboard takes no seat: the first phone takes its koala over")
            let first = h.attach(.xbox360), second = h.attach(.dualSense)
            h.startLevel(0)
            h.press(.a, pad: first)
            XCTAssertEqual(phones.phoneLimit(h.registry, seats: h.runner.state.seats), 3, "player 1 on a pad")
            h.press(.a, pad: second)
            XCTAssertEqual(h.player(of: .pad(second)), 2)
            XCTAssertEqual(phones.phoneLimit(h.registry, seats: h.runner.state.seats), 2, "and player 2 on another")
        }
    }
}
