import Foundation
@testable import KoalioApp
@testable import KoalioFlow
import KoalioCore
import KoalioHUD
import KoalioUserData
import XCTest

/// The settings change play as they say, through the real loop (headless, SDL virtual pads):
/// the dead zone, rumble off, and the on-screen controls' size and hand. (Volumes are heard
/// through SDL's disk audio driver: VolumeTests.)
final class SettingsInPlayTests: XCTestCase {
    func testTheDeadZoneDecidesWhetherASmallTiltWalks() throws {
        let tilt = "0 pad attach xboxone\n5 pad1 leftx 0.3\n"
        var wide = Settings(), narrow = Settings()
        wide.deadZonePercent = 40
        narrow.deadZonePercent = 10
        let still = try LoopRunner.play(tilt, ticks: 60, settings: wide)
        let walks = try LoopRunner.play(tilt, ticks: 60, settings: narrow)
        XCTAssertEqual(still.field(60, "x", as: Double.self), still.field(5, "x", as: Double.self), "a 30 % tilt inside a 40 % dead zone")
        XCTAssertGreaterThan(try XCTUnwrap(walks.field(60, "x", as: Double.self)), try XCTUnwrap(walks.field(5, "x", as: Double.self)) + 5,
                             "outside a 10 % one")
    }

    func testRumbleOffKeepsThePadStillWhenTheKoalaDies() throws {
        var off = Settings()
        off.rumble = false
        let run = try LoopRunner.play("0 pad attach ps5\n1 pad1 dpright down\n151 pad1 a down\n171 pad1 a up\n", ticks: 400, settings: off)
        XCTAssertEqual(run.session.state, .died, "walked into the first pit")
        XCTAssertFalse(run.pads[0].calls.rumbles.contains { $0.low > 0 || $0.high > 0 }, "\(run.pads[0].calls.rumbles)")
    }

    func testTheOnScreenControlsFollowTheirSizeAndHand() throws {
        var settings = Settings()
        settings.touchSizePercent = 150
        settings.leftHanded = true
        let layout = HUDLayout(size: 1.5, leftHanded: true)
        let a = layout.buttonA.center, usualA = HUDLayout().buttonA.center
        XCTAssertLessThan(a.x, Double(LogicalView.width) / 2, "A is on the left")
        let click = { (point: Vec2) in "10 mouse down \(Int(point.x)) \(Int(point.y))\n14 mouse up \(Int(point.x)) \(Int(point.y))\n" }
        let jumped = try LoopRunner.play(click(a), ticks: 20, settings: settings)
        XCTAssertLessThan(try XCTUnwrap(jumped.field(13, "vy", as: Double.self)), 0, "the A drawn on the left jumps")
        let missed = try LoopRunner.play(click(usualA), ticks: 20, settings: settings)
        XCTAssertEqual(missed.field(13, "onGround"), true, "where A is right-handed there is no A")
        let edge = Vec2(a.x + layout.buttonA.radius - 2, a.y)
        XCTAssertGreaterThan(edge.x - a.x, HUDLayout().buttonA.radius * 1.2, "a point only the larger button covers")
        let big = try LoopRunner.play(click(edge), ticks: 20, settings: settings)
        XCTAssertLessThan(try XCTUnwrap(big.field(13, "vy", as: Double.self)), 0, "the larger A takes it")
    }
}
