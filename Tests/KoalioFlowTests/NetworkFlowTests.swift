@testable import KoalioFlow
import KoalioCore
import KoalioFlowTestSupport
import KoalioInput
import KoalioSim
import KoalioText
import KoalioUI
import KoalioView
import XCTest

/// The networked game as a device beside the flow: what the flow does with what it hands over.
@MainActor
final class FakeNetwork: NetworkDevice {
    var canStep = true
    var next = NetworkTick()
    private(set) var given: [TickInput?] = []

    func frame(_ local: TickInput?) -> NetworkTick {
        given.append(local)
        return next
    }
}

final class NetworkFlowTests: XCTestCase {
    @MainActor
    static func harness() throws -> (FlowHarness, FakeNetwork) {
        let h = try FlowHarness()
        h.startLevel(1)
        h.flow.run.networked = true
        let network = FakeNetwork()
        h.runner.network = network
        return (h, network)
    }

    /// A tick gives the controllers' input to the network and shows its game; the sounds are
    /// those of the ticks shown for the first time, the recording those of the ticks confirmed.
    func testTheNetworkStepsTheWorldTheFlowSoundsAndRecords() throws {
        try MainActor.assumeIsolated {
            let (h, network) = try Self.harness()
            var shown = h.flow.session
            shown.step(TickInput(source: 0, snapshot: .neutral))
            let confirmed = NetworkTick.Confirmed(input: TickInput(source: 0, snapshot: .neutral), result: Session.StepResult(), session: shown)
            network.next = NetworkTick(shown: shown, firstShown: [NetworkTick.Shown(events: [.jumped], result: Session.StepResult(), ownKoalaLost: false)],
                                       confirmed: [confirmed], status: .playing(reconnecting: [3]))
            let before = h.effects.count
            h.tick()
            let effects = Array(h.effects[before...])
            XCTAssertEqual(network.given.count, 1)
            XCTAssertNotNil(network.given[0], "this machine's input went to the network")
            XCTAssertEqual(h.flow.session, shown, "the network's game is the one shown")
            XCTAssertTrue(effects.contains(.sound(.jump)))
            XCTAssertTrue(effects.contains(.stepped(confirmed.input, confirmed.result, shown)))
            XCTAssertEqual(effects.filter { if case .stepped = $0 { true } else { false } }.count, 1, "the confirmed tick alone: the flow steps no world of its own")
            XCTAssertEqual(h.flow.run.network?.lines.lines.map { Words.english.render($0) }, ["Player 3 is reconnecting..."])
            let saying = h.runner.view(h.context, ghost: nil, problem: nil).items.count
            h.flow.run.network = .playing(reconnecting: [])
            XCTAssertGreaterThan(saying, h.runner.view(h.context, ghost: nil, problem: nil).items.count, "who is away is drawn")
        }
    }

    /// A frame the network cannot step runs no tick of the flow (scripted input keeps its tick),
    /// yet the corrections and confirmations it brings are taken, silently.
    func testAFrameThatMayNotStepRunsNoFlowTick() throws {
        try MainActor.assumeIsolated {
            let (h, network) = try Self.harness()
            network.canStep = false
            XCTAssertFalse(h.runner.mayTick)
            let ticks = h.flow.ticks
            network.next = NetworkTick(shown: h.flow.session, firstShown: [], status: .playing(reconnecting: []))
            let effects = h.runner.networkFrame(h.context)
            XCTAssertEqual(h.flow.ticks, ticks)
            XCTAssertEqual(network.given.count, 1)
            XCTAssertNil(network.given[0], "no input: nothing steps forward")
            XCTAssertEqual(effects, [])
        }
    }

    /// A win every machine agrees on is kept as on the couch: the result for "You Won!", the progress saved.
    func testAConfirmedWinIsKept() throws {
        try MainActor.assumeIsolated {
            let (h, network) = try Self.harness()
            let playing = h.flow.session
            try h.finishLevel(won: true)  // the flow's session, as the network has won it
            let won = h.flow.session
            h.flow.run.session = playing
            XCTAssertEqual(won.state, .won)
            network.next = NetworkTick(shown: won, confirmed: [NetworkTick.Confirmed(input: TickInput(source: 0, snapshot: .neutral),
                                                                                      result: Session.StepResult(ended: .won), session: won)],
                                       status: .playing(reconnecting: []))
            h.tick()
            XCTAssertNotNil(h.flow.run.result)
            XCTAssertTrue(h.effects.contains(.saveProgress))
        }
    }

    /// Paused online, the menu offers what works for everyone: Resume (Start for every machine
    /// on the next tick), Leave the game (in the game from the title) and Quit; nothing that
    /// would stop the others' game.
    func testThePauseMenuOnlineResumesForEveryone() throws {
        try MainActor.assumeIsolated {
            let (h, network) = try Self.harness()
            var paused = h.flow.session
            paused.togglePause()
            network.next = NetworkTick(shown: paused, status: .playing(reconnecting: []))
            h.tick()
            XCTAssertEqual(h.flow.pauseEntries(h.context), [.resume, .leaveOnline, .quit])
            XCTAssertEqual(h.flow.pausePage(h.context).entries.count, 3)
            let before = network.given.count
            h.press(.enter)  // Resume is the first entry: chosen on the first tick, Start given on the next
            h.tick()
            XCTAssertEqual(network.given.dropFirst(before).map { $0?.pressed.contains(.menu) ?? false }, [false, true, false],
                           "the tick after Resume, and that one alone, gives Start to the network")
        }
    }

    /// Another machine's koala leaving (its machine gone) is said with the number it wore.
    func testAKoalaThatLeavesIsSaid() throws {
        try MainActor.assumeIsolated {
            let (h, network) = try Self.harness()
            var two = h.flow.session
            two.step(TickInput(source: 0, snapshot: .neutral, partners: [PartnerInput(player: 3, source: 2, snapshot: .neutral)]))
            XCTAssertEqual(two.world.koalas.map(\.number), [1, 3])
            network.next = NetworkTick(shown: two, status: .playing(reconnecting: []))
            h.tick()
            var one = two
            one.step(TickInput(source: 0, snapshot: .neutral))
            network.next = NetworkTick(shown: one, status: .playing(reconnecting: []))
            h.tick()
            XCTAssertEqual(h.presence.notice?.notice, .playerLeft(player: 3))
        }
    }

    /// A press made while the game waits to start is nobody's: the first tick does not get it
    /// (an Esc there would pause every machine at the start).
    func testPressesWhileWaitingAreNotCarriedIntoTheGame() throws {
        try MainActor.assumeIsolated {
            let (h, network) = try Self.harness()
            network.canStep = false
            network.next = NetworkTick(shown: h.flow.session, status: .waiting(nil))
            h.tick()  // the waiting status is known
            h.runner.apply(.keyDown(.escape, isRepeat: false))
            _ = h.runner.networkFrame(h.context)
            h.runner.apply(.keyUp(.escape))
            _ = h.runner.networkFrame(h.context)
            network.canStep = true
            network.next = NetworkTick(shown: h.flow.session, status: .playing(reconnecting: []))
            h.tick()
            XCTAssertEqual(network.given.last??.pressed.contains(.menu), false)
        }
    }

    /// The host's A (here Space, which also jumps) that starts the waiting game is not the
    /// koala's first jump: held into the game, its jump goes to no machine until it is let go
    /// (a rule of the value, ``LevelRun/jumpHeldOverStart``); pressed again, it jumps.
    func testTheAThatStartedTheGameIsNotAJump() throws {
        try MainActor.assumeIsolated {
            let (h, network) = try Self.harness()
            network.canStep = false
            network.next = NetworkTick(shown: h.flow.session, status: .waiting(NetworkTick.Invitation(address: "192.0.2.1:7777", code: "123456", here: 2, expected: 2)))
            h.tick()  // the waiting status is known
            h.runner.apply(.keyDown(.space, isRepeat: false))
            let asked = h.runner.networkFrame(h.context)
            XCTAssertTrue(asked.contains(.online(.startNow)), "\(asked)")
            XCTAssertTrue(h.flow.run.jumpHeldOverStart)
            network.canStep = true
            network.next = NetworkTick(shown: h.flow.session, status: .playing(reconnecting: []))
            h.tick()
            h.tick()
            let held = network.given.suffix(2).compactMap { $0 }
            XCTAssertEqual(held.count, 2)
            XCTAssertTrue(held.allSatisfy { $0.snapshot.buttonA == 0 && !$0.pressed.contains(.a) }, "held over the start, no jump: \(held)")
            h.runner.apply(.keyUp(.space))
            h.tick()
            XCTAssertFalse(h.flow.run.jumpHeldOverStart, "let go: the rule is over")
            h.runner.apply(.keyDown(.space, isRepeat: false))
            h.tick()
            XCTAssertEqual(network.given.last??.snapshot.buttonA, 1, "pressed again, it jumps")
        }
    }

    /// A game over before its end (the host gone) says why for five seconds of the driver's
    /// clock, then goes back to Play online with the reason, the others told; a game started
    /// with `--host` or `--join` ends koalio instead. A rule of the value, on a fake clock.
    func testAnEarlyEndShowsItsReasonForFiveSecondsThenLeaves() throws {
        try MainActor.assumeIsolated {
            for fromMenus in [true, false] {
                let (h, network) = try Self.harness()
                h.playsTheGame = fromMenus
                network.canStep = false
                network.next = NetworkTick(shown: h.flow.session, status: .ended(.hostGone))
                h.now = 100
                let before = h.effects.count
                _ = h.runner.networkFrame(h.context)
                h.now = 105
                let shown = h.runner.networkFrame(h.context)
                XCTAssertEqual(h.flow.mode, .level, "the reason shows for five seconds")
                XCTAssertEqual(h.flow.run.network, .ended(.hostGone))
                XCTAssertFalse(shown.contains(.quit) || shown.contains(.online(.leave)))
                h.now = 105.1
                let after = h.runner.networkFrame(h.context)
                if fromMenus {
                    XCTAssertEqual(after, [.online(.leave)])
                    XCTAssertEqual(h.flow.mode, .online(.choose(.ended(.hostGone))))
                    XCTAssertFalse(h.flow.run.networked)
                } else {
                    XCTAssertEqual(after, [.quit])
                }
                XCTAssertEqual(h.effects.count, before, "the harness's ticks ran none")
            }
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
