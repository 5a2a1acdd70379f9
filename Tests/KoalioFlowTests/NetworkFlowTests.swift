@testable import KoalioFlow
import KoalioCore
import KoalioFlowTestSupport
import KoalioInput
import KoalioSim
import KoalioText
import KoalioUI
import KoalioView
import XCTest

/// The networked game inside the value: the host's session is the flow's (``FlowState/online``),
/// stepped by its ticks, its datagrams actions in and effects out, on a clock of the test's own
/// and no socket (``OnlineTestbed``: the joiner is a bare session beside it).
final class NetworkFlowTests: XCTestCase {
    /// Host and joiner in a started game: the joiner let in, the host's A pressed and let go.
    @MainActor
    static func playing(level: Int = 1) throws -> OnlineTestbed {
        let bed = try OnlineTestbed(level: level)
        bed.join()
        bed.press(.enter)
        for _ in 0..<10 where bed.h.flow.online?.session.phase != .playing || !bed.joiner.canStep { bed.frame() }
        XCTAssertEqual(bed.h.flow.online?.session.phase, .playing)
        XCTAssertEqual(bed.joiner.session.phase, .playing)
        return bed
    }

    /// The host waits until someone joined; its A starts the game with the machines here, for
    /// both (the joiner hears the start), and the world then steps in both.
    func testTheHostsAStartsTheGameOnceSomeoneJoined() throws {
        try MainActor.assumeIsolated {
            let bed = try OnlineTestbed()
            bed.cut = true  // the joiner's hello is not through yet
            bed.hostFrame()
            XCTAssertFalse(bed.h.runner.mayTick, "waiting: the flow does not tick")
            let ticks = bed.h.flow.ticks
            bed.press(.enter)
            XCTAssertEqual(bed.h.flow.online?.session.phase, .lobby, "nobody to play with yet")
            XCTAssertEqual(bed.h.flow.ticks, ticks, "a frame that may not step runs no tick of the flow")
            bed.cut = false
            bed.join()
            guard case let .waiting(invitation?)? = bed.h.flow.run.network else { return XCTFail("\(String(describing: bed.h.flow.run.network)))") }
            XCTAssertEqual(invitation.here, 2)
            XCTAssertTrue(invitation.canStart)
            let game = try Self.playing()
            let steps = game.h.flow.session.steps
            for _ in 0..<30 { game.frame() }
            XCTAssertGreaterThan(game.h.flow.session.steps, steps)
            XCTAssertEqual(game.h.flow.session.world.koalas.map(\.number), [1, 2], "the joiner's koala plays beside the host's")
        }
    }

    /// What the host shows is the network's game; its sounds are those of the ticks shown for
    /// the first time (a jump once, however often it is stepped again), and what it records
    /// are the ticks every machine confirmed, one `.stepped` each, never a guess.
    func testTheNetworkStepsTheWorldTheFlowSoundsAndRecords() throws {
        try MainActor.assumeIsolated {
            let bed = try Self.playing()
            let before = bed.h.effects.count
            bed.key(.space, down: true)
            for _ in 0..<20 { bed.frame() }
            bed.key(.space, down: false)
            for _ in 0..<20 { bed.frame() }
            let effects = Array(bed.h.effects[before...])
            XCTAssertEqual(bed.h.flow.session, bed.h.flow.online?.session.shownGame?.session, "the network's game is the one shown")
            XCTAssertEqual(effects.filter { $0 == .sound(.jump) }.count, 1, "one jump, one sound")
            let recorded = bed.h.effects.compactMap { effect -> Session? in if case let .stepped(_, _, session) = effect { session } else { nil } }
            let confirmed = bed.h.flow.online?.session.rollback?.confirmedTick ?? 0
            XCTAssertEqual(recorded.count, confirmed, "each confirmed tick recorded once")
            XCTAssertEqual(recorded.last, bed.h.flow.online?.session.rollback?.game(after: confirmed)?.session, "the recorded game is the one confirmed")
        }
    }

    /// The joiner not heard from for a second shows as reconnecting on the host's screen.
    func testAJoinerNotHeardFromIsSaidToBeReconnecting() throws {
        try MainActor.assumeIsolated {
            let bed = try Self.playing()
            bed.cut = true
            for _ in 0..<90 { bed.frame() }
            XCTAssertEqual(bed.h.flow.run.network?.lines.lines.map { Words.english.render($0) }, ["Player 2 is reconnecting..."])
            let saying = bed.h.runner.view(bed.h.context, ghost: nil, problem: nil).items.count
            bed.h.flow.run.network = .playing(reconnecting: [])
            XCTAssertGreaterThan(saying, bed.h.runner.view(bed.h.context, ghost: nil, problem: nil).items.count, "who is away is drawn")
        }
    }

    /// A win every machine agrees on is kept as on the couch: the result for "You Won!", the progress saved.
    func testAConfirmedWinIsKept() throws {
        try MainActor.assumeIsolated {
            let bed = try Self.playing()
            let h = bed.h
            let playing = h.flow.session
            try h.finishLevel(won: true)  // the flow's session, as the network has won it
            let won = h.flow.session
            h.flow.run.session = playing
            XCTAssertEqual(won.state, .won)
            var effects: [Effect] = []
            h.flow.take(NetworkTick(shown: won, confirmed: [NetworkTick.Confirmed(input: TickInput(source: 0, snapshot: .neutral),
                                                                                  result: Session.StepResult(ended: .won), session: won)],
                                    status: .playing(reconnecting: [])), h.context, &effects)
            XCTAssertNotNil(h.flow.run.result)
            XCTAssertTrue(effects.contains(.saveProgress))
        }
    }

    /// Paused online, the menu offers what works for everyone: Resume (Start for every machine
    /// on the next tick), Leave the game (in the game from the title) and Quit; nothing that
    /// would stop the others' game. The pause and the resume reach the joiner's game too.
    func testThePauseMenuOnlineResumesForEveryone() throws {
        try MainActor.assumeIsolated {
            let bed = try Self.playing()
            bed.press(.escape)
            for _ in 0..<10 { bed.frame() }
            XCTAssertEqual(bed.h.flow.session.state, .paused)
            XCTAssertEqual(bed.joiner.session.shownGame?.session.state, .paused, "paused for everyone")
            XCTAssertEqual(bed.h.flow.pauseEntries(bed.h.context), [.resume, .leaveOnline, .quit])
            XCTAssertEqual(bed.h.flow.pausePage(bed.h.context).entries.count, 3)
            bed.press(.enter)  // Resume, the first entry
            for _ in 0..<10 { bed.frame() }
            XCTAssertEqual(bed.h.flow.session.state, .playing)
            XCTAssertEqual(bed.joiner.session.shownGame?.session.state, .playing, "resumed for everyone")
        }
    }

    /// The joiner leaving (its goodbye) takes its koala out of the host's game, said with the
    /// number it wore.
    func testAKoalaThatLeavesIsSaid() throws {
        try MainActor.assumeIsolated {
            let bed = try Self.playing()
            bed.joiner.session.quit()
            for _ in 0..<10 { bed.frame() }
            XCTAssertEqual(bed.h.flow.session.world.koalas.map(\.number), [1])
            XCTAssertEqual(bed.h.presence.notice?.notice, .playerLeft(player: 2))
        }
    }

    /// A press made while the game waits to start is nobody's: the first tick does not get it
    /// (an Esc there would pause every machine at the start).
    func testPressesWhileWaitingAreNotCarriedIntoTheGame() throws {
        try MainActor.assumeIsolated {
            let bed = try OnlineTestbed(joiners: 1)
            bed.h.playsTheGame = false  // `--host`'s: it starts when the joiner is in, and Esc leaves nothing
            bed.hostFrame()
            bed.press(.escape)
            bed.frame()
            bed.join()
            for _ in 0..<20 { bed.frame() }
            XCTAssertEqual(bed.h.flow.online?.session.phase, .playing)
            XCTAssertEqual(bed.h.flow.session.state, .playing, "the Esc made while waiting paused nobody")
            XCTAssertEqual(bed.joiner.session.shownGame?.session.state, .playing)
        }
    }

    /// The host's A (here Space, which also jumps) that starts the waiting game is not the
    /// koala's first jump: held into the game, it jumps on no machine until it is let go (a rule
    /// of the value, ``LevelRun/heldOverStart``); pressed again, it jumps.
    func testTheAThatStartedTheGameIsNotAJump() throws {
        try MainActor.assumeIsolated {
            let bed = try OnlineTestbed()
            bed.join()
            let before = bed.h.effects.count
            bed.key(.space, down: true)
            for _ in 0..<30 { bed.frame() }
            XCTAssertEqual(bed.h.flow.online?.session.phase, .playing, "Space chose Start")
            XCTAssertFalse(bed.h.flow.run.heldOverStart.isEmpty)
            XCTAssertFalse(bed.h.effects[before...].contains(.sound(.jump)), "held over the start: no jump")
            bed.key(.space, down: false)
            bed.frame()
            XCTAssertTrue(bed.h.flow.run.heldOverStart.isEmpty, "let go: the rule is over")
            bed.key(.space, down: true)
            for _ in 0..<10 { bed.frame() }
            XCTAssertTrue(bed.h.effects[before...].contains(.sound(.jump)), "pressed again, it jumps")
        }
    }

    /// The actions a host's online session received (datagrams and the clock, keys, frames),
    /// played again into a fresh game, reach the same `GameState`: the networked game is a
    /// value, its socket and clock outside it.
    func testAnOnlineSessionsActionsReplayToTheSameState() throws {
        try MainActor.assumeIsolated {
            let bed = try Self.playing()
            bed.key(.right, down: true)
            var jumping = GamepadSnapshot.neutral
            jumping.buttonA = 1
            for frame in 0..<90 { bed.frame(joinerInput: TickInput(source: 0, snapshot: frame % 30 < 15 ? jumping : .neutral)) }
            bed.key(.right, down: false)
            XCTAssertGreaterThan(bed.h.flow.online?.session.rollback?.confirmedTick ?? 0, 60)
            let again = try bed.replayed()
            XCTAssertEqual(again.flow.online, bed.h.runner.state.flow.online, "the session, datagram for datagram")
            XCTAssertEqual(again, bed.h.runner.state)
        }
    }

    /// A game over before its end (the host gone) says why for five seconds of the driver's
    /// clock, then goes back to Play online with the reason, the others told; a game started
    /// with `--host` or `--join` ends koalio instead. A rule of the value, on a fake clock.
    func testAnEarlyEndShowsItsReasonForFiveSecondsThenLeaves() throws {
        try MainActor.assumeIsolated {
            for fromMenus in [true, false] {
                let h = try FlowHarness()
                h.startLevel(1)
                h.flow.run.source = .network
                h.playsTheGame = fromMenus
                let over = NetworkTick(shown: h.flow.session, status: .ended(.hostGone))
                @MainActor func frame(at now: Double) -> [Effect] {
                    h.now = now
                    var effects: [Effect] = []
                    h.flow.take(over, h.context, &effects)
                    return effects
                }
                _ = frame(at: 100)
                XCTAssertEqual(frame(at: 105), [], "the reason shows for five seconds")
                XCTAssertEqual(h.flow.mode, .level)
                XCTAssertEqual(h.flow.run.network, .ended(.hostGone))
                let after = frame(at: 105.1)
                if fromMenus {
                    XCTAssertEqual(after, [.online(.leave)])
                    XCTAssertEqual(h.flow.mode, .online(.choose(.ended(.hostGone))))
                    XCTAssertFalse(h.flow.run.networked)
                } else {
                    XCTAssertEqual(after, [.quit])
                }
            }
        }
    }

    /// The host gone while the game was paused: the end screen stands in for the pause screen,
    /// so its entries are gone too: the trace names none, and a tap where they were hits nothing.
    func testAnOnlineEndOverThePauseScreenOffersNoEntries() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            h.startLevel(1)
            h.flow.run.source = .network
            h.flow.run.session.togglePause()
            let first = MenuLayout.pauseEntryRects(count: h.flow.pausePage(h.context).entries.count)[0]
            let centre = Vec2(first.x + first.width / 2, first.y + first.height / 2)
            XCTAssertNotNil(h.runner.selectedEntry(h.context), "paused: the pause screen's entry is named")
            guard case .entry(0, _) = h.runner.tapTarget(at: centre, h.context) else { return XCTFail("a tap on Resume hits it") }
            var effects: [Effect] = []
            h.now = 100
            h.flow.take(NetworkTick(shown: h.flow.session, status: .ended(.hostGone)), h.context, &effects)
            XCTAssertNil(h.runner.selectedEntry(h.context), "the end screen stands in: no entry named")
            XCTAssertEqual(h.runner.tapTarget(at: centre, h.context), .elsewhere)
        }
    }

    func testTheWaitingScreenSaysWhereToJoinInEveryDirection() {
        let status = NetworkTick.Status.waiting(NetworkTick.Invitation(address: "[fd00::2]:7000", code: "246810", here: 1, expected: 3))
        let (lines, dims) = status.lines
        XCTAssertTrue(dims)
        XCTAssertEqual(lines.map { Words.english.render($0) }, ["Waiting for players: 1 of 3 here", "Join at \u{2066}[fd00::2]:7000\u{2069} with the code 246810"])
        XCTAssertEqual(VisualOrder.line(Words.english.render(lines[1]), rightToLeft: false), "Join at [fd00::2]:7000 with the code 246810",
                       "the isolate orders, and is not drawn")
        let arabic = VisualOrder.line("انضم على \u{2066}[fd00::2]:7000\u{2069} بالرمز 246810", rightToLeft: true)
        XCTAssertTrue(arabic.contains("[fd00::2]:7000"), "the address reads left to right inside Arabic: \(arabic)")
        XCTAssertEqual(NetworkTick.Status.ended(.desync(tick: 90)).lines.lines.map { Words.english.render($0) },
                       ["The games differ at tick 90: the online game is over"])
    }
}
