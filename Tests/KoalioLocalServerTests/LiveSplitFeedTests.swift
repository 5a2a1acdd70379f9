import KoalioSockets
import XCTest

/// What LiveSplit is told as a run goes, and what a timer that connects late is told.
final class LiveSplitFeedTests: XCTestCase {
    func testALateTimerCatchesUpWithTheRunSoFar() {
        var feed = LiveSplitFeed()
        XCTAssertEqual(feed.catchUp, [], "no run: nothing to tell")
        _ = feed.note(.started)
        _ = feed.note(.split(milliseconds: 37_166))
        _ = feed.note(.paused)
        feed.gameTime = 40_000
        XCTAssertEqual(feed.catchUp, [.started, .split(milliseconds: 37_166), .gameTime(milliseconds: 40_000), .paused])
        _ = feed.note(.resumed)
        XCTAssertEqual(feed.catchUp.last, .gameTime(milliseconds: 40_000), "resumed: not paused")
        _ = feed.note(.reset)
        XCTAssertEqual(feed.catchUp, [], "a reset run is no run")
    }

    func testEachTimerInItsWords() {
        XCTAssertEqual(LiveSplitFeed.liveSplitOne(.split(milliseconds: 108_416)),
                       ["{\"command\":\"setGameTime\",\"time\":\"108.416\"}", "{\"command\":\"split\"}"])
        XCTAssertEqual(LiveSplitFeed.liveSplitOne(.gameTime(milliseconds: 5)), ["{\"command\":\"setGameTime\",\"time\":\"0.005\"}"])
        XCTAssertEqual(LiveSplitFeed.liveSplitOne(.paused), ["{\"command\":\"pauseGameTime\"}"])
        XCTAssertEqual(LiveSplitFeed.liveSplit(.split(milliseconds: 3_725_050)), ["setgametime 1:02:05.050", "split"])
        XCTAssertEqual(LiveSplitFeed.liveSplit(.resumed), ["unpausegametime"])
        XCTAssertEqual(LiveSplitFeed.liveSplit(.reset), ["reset"])
    }
}
