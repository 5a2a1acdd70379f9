/// A game a rollback session can run: stepped with every seat's input of a tick, copied to be
/// saved and loaded (a value), and summed up in a checksum that is the same on every machine.
public protocol RollbackGame {
    associatedtype Input: Equatable & Sendable
    /// What one step did (the sounds it makes), handed back with the step.
    associatedtype Report
    /// The guess for a seat's next tick when only `last` is heard.
    static func predict(after last: Input) -> Input
    /// One tick, every seat's input in seat order.
    mutating func step(_ inputs: [Input]) -> Report
    var checksum: UInt64 { get }
}

/// The rollback core, shaped like GGPO's and GGRS's: each machine runs the whole game, hears
/// each seat's inputs (its own at once, after ``inputDelay`` ticks; the others' when they
/// arrive), predicts the ones not heard by repeating the last, and when one arrives that differs
/// from the guess, loads the state saved before that tick and steps again to now, in the same
/// frame. It never runs more than ``maxRollback`` ticks past the last tick every seat's input
/// is heard for (the confirmed tick): there it stalls, waiting. Pure: time and the network are
/// the caller's.
public struct Rollback<Game: RollbackGame> {
    /// How each step of a frame came about: sounds and rumble are for a tick shown for the first
    /// time, never for its re-simulation.
    public enum StepKind: Equatable, Sendable { case firstShown, resimulated }

    public struct Step {
        public var tick: Int
        public var kind: StepKind
        public var report: Game.Report
    }

    /// A tick whose every input is heard, stepped with them: it will never change again (the
    /// recording's, the checksum exchange's).
    public struct Confirmed {
        public var tick: Int
        public var inputs: [Game.Input]
        /// The game after the tick.
        public var game: Game
        public var report: Game.Report
    }

    /// What one frame did.
    public struct Frame {
        /// The steps taken, in order: the re-simulated ones first.
        public var steps: [Step] = []
        /// How many ticks were stepped again (0: no prediction was wrong).
        public var rollbackDepth = 0
        /// Nothing stepped forward: too far past the confirmed tick.
        public var stalled = false
        /// Ticks newly confirmed, in order.
        public var confirmed: [Confirmed] = []
    }

    /// Ticks a frame may step again, at most: also how far past the confirmed tick play runs.
    public let maxRollback: Int
    /// Ticks between a local input and the tick it steers: the latency felt, traded for fewer
    /// rollbacks.
    public let inputDelay: Int
    public let seats: Int
    /// How far ahead of the confirmed tick a heard input is kept (a further one is dropped:
    /// no peer that keeps the rules runs that far ahead).
    public static var heardWindow: Int { 256 }

    /// The game as shown: after ``tick`` ticks.
    public private(set) var game: Game
    public private(set) var tick = 0
    /// Every seat's input is heard up to here, and the game stepped with them.
    public private(set) var confirmedTick = 0
    private var lastHeard: [Int]
    private var heard: [TickRing<Game.Input>]
    /// The state after each recent tick, the inputs it was stepped with and its report.
    private var saved: TickRing<Saved>

    /// The game as it was after a tick, the inputs that stepped it and what the step did.
    struct Saved {
        var game: Game
        var inputs: [Game.Input]
        var report: Game.Report?
    }

    /// `start`: each seat's input for the ticks before the input delay lets anyone's arrive
    /// (the same on every machine).
    /// How far play runs past the confirmed tick unless told otherwise: 8 ticks, 133 ms.
    public static var defaultMaxRollback: Int { 8 }

    public init(game: Game, start: [Game.Input], inputDelay: Int, maxRollback: Int = defaultMaxRollback) {
        self.game = game
        self.seats = start.count
        self.inputDelay = max(0, inputDelay)
        self.maxRollback = max(1, maxRollback)
        lastHeard = Array(repeating: self.inputDelay, count: start.count)
        heard = start.map { input in
            var ring = TickRing<Game.Input>(capacity: Self.heardWindow)
            for tick in 0...max(0, inputDelay) { ring[tick] = input }
            return ring
        }
        saved = TickRing(capacity: self.maxRollback + 2)
        saved[0] = Saved(game: game, inputs: start, report: nil)
    }

    /// The last tick `seat`'s input is heard for, every tick before it too.
    public func lastHeard(seat: Int) -> Int { lastHeard[seat] }

    /// `seat`'s input for `tick`, when heard (and not yet forgotten: the last ``heardWindow`` ticks).
    public func heardInput(seat: Int, tick: Int) -> Game.Input? { heard[seat][tick] }

    /// The game as it is now known after `tick` (corrections included), while it is kept (the
    /// last ``maxRollback`` ticks and more): smooth motion draws between it and the next.
    public func game(after stepTick: Int) -> Game? { saved[stepTick]?.game }

    /// Ticks the game runs ahead of the confirmed tick.
    public var unconfirmedTicks: Int { tick - confirmedTick }

    /// Whether the next frame steps forward (else it would wait for a peer's input).
    public var canAdvance: Bool { tick + 1 - min(tick, lastHeard.min() ?? tick) <= maxRollback }

    /// A local seat's input: it steers the tick ``inputDelay`` after the next one.
    public mutating func addLocal(_ input: Game.Input, seat: Int) {
        hear(input, seat: seat, tick: tick + 1 + inputDelay)
    }

    /// An input heard for `seat` (from the network, or the host filling a seat that left). One
    /// already heard, or too far ahead, is ignored. Returns whether it was new.
    @discardableResult
    public mutating func hear(_ input: Game.Input, seat: Int, tick inputTick: Int) -> Bool {
        guard heard.indices.contains(seat), inputTick > lastHeard[seat], heard[seat][inputTick] == nil,
              inputTick - confirmedTick < Self.heardWindow else { return false }
        heard[seat][inputTick] = input
        while heard[seat][lastHeard[seat] + 1] != nil { lastHeard[seat] += 1 }
        return true
    }

    /// One frame: every wrong guess put right (the game loaded from before the first and stepped
    /// again), then one tick forward unless that would run too far past the confirmed tick, then
    /// the ticks newly confirmed. `forward` false: put right and confirm only (a run that has
    /// reached its last tick waits so for the others' inputs).
    public mutating func advanceFrame(forward: Bool = true) -> Frame {
        var frame = Frame()
        if let wrong = firstWrongGuess() {
            frame.rollbackDepth = tick - wrong + 1
            resimulate(from: wrong, into: &frame)
        }
        if forward {
            if canAdvance { stepForward(.firstShown, into: &frame) } else { frame.stalled = true }
        }
        confirm(into: &frame)
        return frame
    }

    /// The sync test's move: load the state `depth` ticks back and step to now again, then
    /// compare each tick's checksum with the first time's. Returns the first tick that differs.
    public mutating func rollBackAndCompare(depth: Int) -> (tick: Int, first: UInt64, again: UInt64)? {
        let depth = min(depth, maxRollback, tick)
        guard depth > 0 else { return nil }
        let before = ((tick - depth + 1)...tick).map { saved[$0]?.game.checksum ?? 0 }
        var frame = Frame()
        resimulate(from: tick - depth + 1, into: &frame)
        for (offset, first) in before.enumerated() {
            let again = saved[tick - depth + 1 + offset]?.game.checksum ?? 0
            if again != first { return (tick - depth + 1 + offset, first, again) }
        }
        return nil
    }

    // MARK: - Inside

    /// The input to step `tick` with for each seat: heard, or guessed from the last heard.
    private func inputs(for stepTick: Int) -> [Game.Input] {
        (0..<seats).map { seat in
            if let input = heard[seat][stepTick] { return input }
            // Not heard for this tick: then not past it either (heard runs unbroken to `lastHeard`).
            guard let last = heard[seat][lastHeard[seat]] else { preconditionFailure("rollback: seat \(seat) has no input at or before \(stepTick)") }
            return Game.predict(after: last)
        }
    }

    /// The first unconfirmed tick stepped with a guess that a heard input now contradicts.
    private func firstWrongGuess() -> Int? {
        guard confirmedTick < tick else { return nil }
        for stepTick in (confirmedTick + 1)...tick {
            guard let used = saved[stepTick]?.inputs else { continue }
            for seat in 0..<seats {
                if let input = heard[seat][stepTick], input != used[seat] { return stepTick }
            }
        }
        return nil
    }

    private mutating func resimulate(from first: Int, into frame: inout Frame) {
        guard let base = saved[first - 1] else { preconditionFailure("rollback: no state saved before tick \(first)") }
        let last = tick
        game = base.game
        tick = first - 1
        while tick < last { stepForward(.resimulated, into: &frame) }
    }

    private mutating func stepForward(_ kind: StepKind, into frame: inout Frame) {
        let next = tick + 1
        let inputs = inputs(for: next)
        let report = game.step(inputs)
        tick = next
        saved[next] = Saved(game: game, inputs: inputs, report: report)
        frame.steps.append(Step(tick: next, kind: kind, report: report))
    }

    private mutating func confirm(into frame: inout Frame) {
        let upTo = min(tick, lastHeard.min() ?? tick)
        guard upTo > confirmedTick else { return }
        for stepTick in (confirmedTick + 1)...upTo {
            guard let state = saved[stepTick], let report = state.report else { preconditionFailure("rollback: tick \(stepTick) was not kept") }
            frame.confirmed.append(Confirmed(tick: stepTick, inputs: state.inputs, game: state.game, report: report))
        }
        confirmedTick = upTo
    }
}

extension Rollback: Equatable where Game: Equatable, Game.Report: Equatable {}
extension Rollback.Saved: Equatable where Game: Equatable, Game.Report: Equatable {}
