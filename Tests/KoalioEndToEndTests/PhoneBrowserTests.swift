import Foundation
import Glibc
import KoalioHarness
import KoalioTestSupport
import XCTest

/// The phone page in a real browser: Debian's headless Chromium with touch, driven by Selenium
/// (`Tests/Browser/phone_page.py`), against the real binary on 127.0.0.1. The script reads the
/// QR code off Add a phone's page, opens it, and plays: a tap on A goes back to the title, two
/// more start level 1, a drag on
/// the stick walks, A jumps, a reload takes the seat back, closing the page unplugs the pad.
/// It waits on the game's trace.
final class PhoneBrowserTests: XCTestCase {
    func testAPhoneInChromiumScansPlaysAndLeaves() throws {
        let directory = try Koalio.scratch()
        let framebuffer = directory.appendingPathComponent("fb").path
        try FileManager.default.createDirectory(atPath: framebuffer, withIntermediateDirectories: true)
        let trace = directory.appendingPathComponent("trace").path
        XCTAssertEqual(mkfifo(trace, 0o600), 0)
        let xvfb = try Xvfb(framebufferDirectory: framebuffer)
        let addPhone = try PhoneGame.addPhoneScript()
        let game = try LineReader.start(Koalio.binary, ["--ticks", "3600", "--phones-listen", "127.0.0.1:0", "--trace", trace, "--input-script", addPhone],
                                        environment: try TestEnvironment.forChild(dataHome: Koalio.dataHome).merging(["DISPLAY": xvfb.display]) { $1 })
        defer { game.stop() }
        let run = try ChildProcess.run("/usr/bin/env", ["python3", Repository.path("Tests/Browser/phone_page.py"), trace, framebuffer + "/Xvfb_screen0"],
                                       environment: ProcessInfo.processInfo.environment, directory: Repository.root, deadlineSeconds: 120)
        XCTAssertEqual(run.status, 0, run.stderr)
        let line = try XCTUnwrap(run.stdout.split(separator: "\n").last, run.stderr)
        let seen = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual((seen["qr"] as? String)?.hasPrefix("http://127.0.0.1:"), true, "the QR code read off Add a phone's page: \(seen)")
        XCTAssertEqual(seen["who"] as? String, "Player 1", "the page says which player it is")
        XCTAssertLessThanOrEqual(seen["page_bytes"] as? Int ?? .max, 20_000, "one file of at most 20 KB")
        XCTAssertEqual((seen["external_requests"] as? [String])?.isEmpty, true, "nothing fetched from elsewhere")
        XCTAssertEqual(seen["steer_before"] as? [String], ["flex", "Put a thumb here and slide to steer"], "where to steer, before the first touch")
        XCTAssertEqual(seen["steer_after"] as? String, "none", "gone once the stick was touched")
        XCTAssertEqual(seen["started"] as? Bool, true, "taps on A went back and started level 1")
        XCTAssertGreaterThan(seen["walked"] as? Double ?? 0, 60, "a drag on the stick walked the koala")
        XCTAssertEqual(seen["jumped"] as? Bool, true, "A jumped")
        XCTAssertEqual(seen["reloaded"] as? Bool, true, "a reload came back to the same seat: player 1 on the phone")
        XCTAssertEqual(seen["unplugged"] as? Bool, true, "closing the page unplugged the pad")
    }
}

/// A page that is refused takes no for an answer: Chromium opens the page with a resume token
/// the game no longer knows (`Tests/Browser/phone_stale.py`, which counts the page's WebSocket
/// attempts): the page asks why, shows the code form with the reason, and tries no more; a new
/// `#token` in the address is followed.
final class PhoneBrowserRefusalTests: XCTestCase {
    func testAPageWithAStaleSeatShowsTheCodeFormAndStops() throws {
        let xvfb = try Xvfb()
        let game = try PhoneGame.start(ticks: 3600, xvfb, level: nil)
        defer { game.child.stop() }
        let run = try ChildProcess.run("/usr/bin/env", ["python3", Repository.path("Tests/Browser/phone_stale.py"), "http://\(game.address)"],
                                       environment: ProcessInfo.processInfo.environment, directory: Repository.root, deadlineSeconds: 120)
        XCTAssertEqual(run.status, 0, run.stderr)
        let line = try XCTUnwrap(run.stdout.split(separator: "\n").last, run.stderr)
        let seen = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(seen["form_shown"] as? Bool, true, "the code form is back: \(seen)")
        XCTAssertEqual(seen["attempts_after_stale"] as? Int, 1, "one try with the stale token: \(seen)")
        XCTAssertEqual(seen["attempts_after_5s"] as? Int, 1, "and none after it: \(seen)")
        XCTAssertEqual(seen["reason"] as? String, "Your seat has expired: type the code", "\(seen)")
        XCTAssertEqual(seen["hash_attempts"] as? Int, 2, "a new #token is followed: \(seen)")
        XCTAssertEqual((seen["hash_reason"] as? String)?.hasPrefix("This link has expired"), true, "a wrong one is said: \(seen)")
    }
}
