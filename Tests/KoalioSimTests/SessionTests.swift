import XCTest
import KoalioTestSupport
import KoalioCore
@testable import KoalioSim

final class SessionTests: XCTestCase {
    func testPauseFreezesTheWorldButNotTheLoopClock() throws {
        var session = Session(map: try Repository.level1Map())
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
        var session = Session(map: try Repository.level1Map())
        session.pauseIfPlaying()
        session.pauseIfPlaying()
        XCTAssertEqual(session.state, .paused)
    }

    func testEndScreensIgnorePauseAndRestartWithEnter() throws {
        var session = Session(map: try Repository.level1Map())
        while session.state == .playing { session.advance(Command(moveX: 1)) }  // runs into the first pit
        XCTAssertEqual(session.state, .died)
        session.apply(togglePause: true, restart: false)
        XCTAssertEqual(session.state, .died, "no pause over an end screen")
        session.apply(togglePause: false, restart: true)
        XCTAssertEqual(session.state, .playing)
        XCTAssertEqual(session.world, World(map: session.map))
    }

    func testRestartIsIgnoredWhilePlaying() throws {
        var session = Session(map: try Repository.level1Map())
        for _ in 0..<20 { session.advance(Command(moveX: 1)) }
        let before = session.world
        session.apply(togglePause: false, restart: true)
        XCTAssertEqual(session.world, before)
    }
}
