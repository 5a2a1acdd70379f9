import KoalioFlow
import KoalioInput
import KoalioNet
import KoalioSim
import XCTest

/// Online play through the flow with no socket and a clock of the test's own: the host is the
/// harness's game, its networked session in the value (``FlowState/online``); the joiner is a
/// bare ``OnlineGame`` beside it. The datagrams the host's effects send reach the joiner, the
/// joiner's reach the host as the action the online handler would give (``GameAction/network(_:)``).
/// Every step the host's runner is given is kept (``steps``): played again into a fresh harness,
/// they must reach the same ``GameState``.
@MainActor
package final class OnlineTestbed {
    package let h: FlowHarness
    package var joiner: OnlineGame
    /// Seconds on the test's clock: the network's and the driver's alike.
    package var now = OnlineTestbed.startedAt {
        didSet { h.now = now }
    }
    /// What the host's runner was given, in order.
    package private(set) var steps: [Step] = []
    /// Datagrams on their way to the joiner (sent by the host's effects).
    private var toJoiner: [Datagram] = []
    /// The wire is cut: nothing passes either way (the host still reads, and hears nothing).
    package var cut = false

    package static let hostAddress = NetAddress(host: [192, 0, 2, 1], port: 7777)
    package static let joinerAddress = NetAddress(host: [192, 0, 2, 2], port: 40000)
    package static let code = "123456"
    package static let startedAt = 100.0

    /// One thing the host's runner did.
    package enum Step: Equatable {
        case action(GameAction)
        /// A 60 Hz tick of the flow at this clock, or (`stepped` false) a frame that may not step.
        case frame(at: Double, stepped: Bool)
    }

    /// The host waits on level `index`, hosted as from the menus: its game in the value, the
    /// joiner's hello on its way. `joiners`: the machines it waits for besides its own (as from
    /// the menus, 3: its A starts the game; `--host`'s 1: it starts when the joiner is in).
    /// `inputDelay`: the rollback's, in ticks.
    package init(level index: Int = 1, joiners: Int = 3, inputDelay: Int = 2) throws {
        h = try FlowHarness()
        h.now = Self.startedAt
        h.startLevel(index)
        h.flow.run.source = .network
        h.flow.run.network = .waiting(nil)
        let host = NetSession.host(code: Self.code, localPlayers: 1, joiners: joiners, inputDelay: inputDelay, levelName: h.flow.run.map.name,
                                   levelSHA256: h.flow.run.sha256, game: NetGame(session: h.flow.session), endTick: nil)
        joiner = OnlineGame(session: NetSession.join(host: Self.hostAddress, code: Self.code, localPlayers: 1, nonce: 7, at: Self.startedAt),
                            now: Self.startedAt)
        apply(.online(.began(OnlineGame(session: host, invitation: OnlineGame.Invitation(address: "192.0.2.1:7777", code: Self.code), now: now))))
    }

    /// A key on the host's keyboard, down or up (kept, as every action).
    package func key(_ key: Key, down: Bool) { apply(down ? .keyDown(key, isRepeat: false) : .keyUp(key)) }

    /// A key on the host's keyboard pressed for one frame of both machines and let go.
    package func press(_ key: Key) {
        self.key(key, down: true)
        frame()
        self.key(key, down: false)
    }

    /// An action for the host's runner, kept; its sends go on the wire.
    package func apply(_ action: GameAction) {
        steps.append(.action(action))
        carry(h.runner.apply(action).effects)
    }

    private func carry(_ effects: [Effect]) {
        for case let .online(.send(datagrams)) in effects { toJoiner += datagrams }
    }

    /// The wire both ways, at the clock: what the host sent heard by the joiner, then what the
    /// joiner sent since and has due now, given to the host as one action.
    package func deliver() {
        if cut {
            toJoiner = []
            fromJoiner = []
            return apply(.network(NetworkHeard(at: now)))
        }
        let heard = NetworkHeard(datagrams: toJoiner.map { NetworkHeard.Received(bytes: $0.bytes, from: Self.hostAddress, entropy: 0) }, at: now)
        toJoiner = []
        let sent = fromJoiner + joiner.hear(heard) + joiner.outgoing()
        fromJoiner = []
        // Each datagram with randomness of its own, as the handler draws it (made up here: the
        // same on a replay, as the action carries it).
        let received = sent.enumerated().map { NetworkHeard.Received(bytes: $1.bytes, from: Self.joinerAddress, entropy: 0x5EED &+ UInt64($0)) }
        apply(.network(NetworkHeard(datagrams: received, at: now)))
    }

    /// The joiner's frames' datagrams, on their way to the host.
    private var fromJoiner: [Datagram] = []

    /// The joiner says hello and is let in, its level loaded (the host's own): the host's
    /// waiting screen then shows two machines.
    package func join() {
        for _ in 0..<60 {
            deliver()
            if case .welcomed = joiner.session.phase { break }
            now += 1.0 / 60  // a hello lost (the wire was cut) is said again a while after
        }
        XCTAssertEqual(joiner.session.phase.isWelcomed, true, "the host let the joiner in")
        joiner.session.ready(NetGame(session: Session(stage: h.flow.session.stage)))
        deliver()
        hostFrame()
    }

    /// One frame of the host as the loop runs it: the network read (``deliver()``), then a tick
    /// of the flow if the game may step, else the network's frame alone. Returns whether it stepped.
    @discardableResult
    package func hostFrame() -> Bool {
        deliver()
        let steps = h.runner.mayTick
        self.steps.append(.frame(at: now, stepped: steps))
        if steps {
            let before = h.effects.count
            h.tick()
            carry(Array(h.effects[before...]))
        } else {
            carry(h.runner.networkFrame(h.context))
            h.runner.beginFrame()
        }
        return steps
    }

    /// A frame on both machines, a 60th of a second on: the joiner steps with `joinerInput` when
    /// its game may step. Returns whether the host's stepped.
    @discardableResult
    package func frame(joinerInput: TickInput = TickInput(source: 0, snapshot: .neutral)) -> Bool {
        now += 1.0 / 60
        fromJoiner += joiner.frame(joiner.canStep ? joinerInput : nil).out
        return hostFrame()
    }

    /// `count` strangers each guess a wrong code (from addresses of their own, so no lockout):
    /// the code's budget runs out at ``NetDoor/codeFailureBudget``.
    package func wrongCodes(_ count: Int) {
        var hellos: [NetworkHeard.Received] = []
        for index in 0..<count {
            let hello = NetMessage.hello(NetMessage.Hello(nonce: UInt64(index + 1), code: Array("000000".utf8), players: 1))
            let stranger = NetAddress(host: [10, 0, UInt8(truncatingIfNeeded: index >> 8), UInt8(truncatingIfNeeded: index)], port: 5)
            hellos.append(NetworkHeard.Received(bytes: hello.bytes, from: stranger, entropy: UInt64(index)))
        }
        apply(.network(NetworkHeard(datagrams: hellos, at: now)))
    }

    /// The steps kept, played into a fresh harness of the same level: returns its runner's state.
    package func replayed(level index: Int = 1) throws -> GameState {
        let again = try FlowHarness()
        again.now = Self.startedAt
        again.startLevel(index)
        again.flow.run.source = .network
        again.flow.run.network = .waiting(nil)
        for step in steps {
            switch step {
            case let .action(action): again.runner.apply(action)
            case let .frame(at, stepped):
                again.now = at
                if stepped { again.tick() } else {
                    _ = again.runner.networkFrame(again.context)
                    again.runner.beginFrame()
                }
            }
        }
        return again.runner.state
    }
}

private extension NetSession.Phase {
    var isWelcomed: Bool { if case .welcomed = self { true } else { false } }
}
