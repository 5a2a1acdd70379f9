import XCTest
import KoalioTestSupport
import KoalioCore
@testable import KoalioSim

final class SessionTests: XCTestCase {
    func testPauseFreezesTheWorldButNotTheLoopClock() throws {
        var session = Session(stage: try Repository.level1Stage())
        for _ in 0..<10 { session.advance(Command(moveX: 1)) }
        session.togglePause()
        XCTAssertEqual(session.state, .paused)
        let frozen = session.world
        for _ in 0..<30 { session.advance(Command(moveX: 1, jump: true)) }
        XCTAssertEqual(session.world, frozen)
        XCTAssertEqual(session.steps, 40)
        session.togglePause()
        session.advance(Command(moveX: 1))
        XCTAssertEqual(session.state, .playing)
        XCTAssertNotEqual(session.world, frozen)
    }

    func testFocusLossPausesAndStaysPaused() throws {
        var session = Session(stage: try Repository.level1Stage())
        session.pauseIfPlaying()
        session.pauseIfPlaying()
        XCTAssertEqual(session.state, .paused)
    }

    func testEndScreensIgnorePauseAndRestartWithEnter() throws {
        var session = Session(stage: try Repository.level1Stage())
        while session.state == .playing { session.advance(Repository.level1IntoThePit(tick: session.world.tick)) }
        XCTAssertEqual(session.state, .died)
        session.apply(togglePause: true, restart: false)
        XCTAssertEqual(session.state, .died, "no pause over an end screen")
        session.apply(togglePause: false, restart: true)
        XCTAssertEqual(session.state, .playing)
        XCTAssertEqual(session.world, World(stage: session.stage))
    }

    func testRestartIsIgnoredWhilePlaying() throws {
        var session = Session(stage: try Repository.level1Stage())
        for _ in 0..<20 { session.advance(Command(moveX: 1)) }
        let before = session.world
        session.apply(togglePause: false, restart: true)
        XCTAssertEqual(session.world, before)
    }
}

/// `--watch`'s reload: the koala stays where it stands when the edited map leaves it room.
final class SessionReloadTests: XCTestCase {
    func testTheKoalaKeepsItsPlaceIfFreeElseGoesToTheSpawn() throws {
        let rows = ["..........", "..........", "..........", "##########"]
        let before = makeMap(rows, spawn: Vec2(24, 48))
        var session = Session(stage: before, assist: Assist(invincible: true))
        for _ in 0..<30 { session.advance(Command(moveX: 1)) }
        let place = session.world.player.position
        XCTAssertGreaterThan(place.x, 40)
        let same = session.reloaded(on: before)
        XCTAssertTrue(same.keptPlace)
        XCTAssertEqual(same.session.world.player.position, place)
        XCTAssertEqual(same.session.world.assist, Assist(invincible: true), "the same assist")
        var walled = rows
        let column = Int(place.x / 16)
        walled[2] = String(repeating: ".", count: column) + "#" + String(repeating: ".", count: 9 - column)
        let moved = session.reloaded(on: makeMap(walled, spawn: Vec2(24, 48)))
        XCTAssertFalse(moved.keptPlace, "a wall where it stood")
        XCTAssertEqual(moved.session.world.player.position, Vec2(24, 48))
    }
}

/// A speedrun's in-game time: the ticks a level was played, every try until its death
/// counted, its pauses, the death screen's wait and the end screen not.
final class SessionPlayTicksTests: XCTestCase {
    func testPlayTicksLeaveOutPausesAndTheEndScreen() throws {
        var session = Session(stage: try Repository.level1Stage())
        for _ in 0..<10 { session.advance(Command(moveX: 1)) }
        XCTAssertEqual(session.playTicks, 10)
        XCTAssertEqual(session.playTicks, session.world.tick, "without pause or death, the level's own time")
        session.togglePause()
        for _ in 0..<30 { session.advance(Command()) }
        session.togglePause()
        XCTAssertEqual(session.playTicks, 10, "paused ticks are left out")
        while session.state == .playing { session.advance(Repository.level1IntoThePit(tick: session.world.tick)) }
        XCTAssertEqual(session.state, .died)
        let atDeath = session.playTicks
        XCTAssertEqual(atDeath, session.world.tick, "the try until its death")
        for _ in 0..<20 { session.advance(Command()) }
        XCTAssertEqual(session.playTicks, atDeath, "the death screen's wait does not count")
        session.apply(togglePause: false, restart: true)
        session.advance(Command())
        XCTAssertEqual(session.playTicks, atDeath + 1, "the next try goes on counting")
    }
}
