import KoalioCore
import KoalioInput
import KoalioSim

/// How forgiving a winning route is, as a number: the share of runs that still win when every
/// change of input comes up to ``shiftTicks`` early or late (each its own, at random), as a
/// person's would. A route that needs frame-perfect inputs has a slack near 0; a first level
/// should be won by nearly every try of its route (issue 50: level 1 at least 90 %).
///
/// The runs are drawn from a fixed seed: the same route on the same level has the same slack on
/// every machine, so `koalio check-level`, `make bench` and the tests agree.
public enum Slack {
    /// How far each change of input may move, either way, in ticks.
    public static let shiftTicks = 3
    /// Runs tried for one figure.
    public static let trials = 100
    /// Where the runs are drawn from ("koalio" in ASCII): the same figure on every machine.
    public static let seed: UInt64 = 0x6B6F_616C_696F
    /// Ticks a run may take beyond the route's own before it counts as lost (the last input
    /// held): a run a little slower than the route still wins.
    public static let graceTicks = 2 * Tick.perSecond

    /// A change of input: from `tick` on, `command` is held.
    public struct Change: Equatable, Sendable {
        public var tick: Int
        public var command: Command
    }

    /// What the perturbed runs of a route came to.
    public struct Measure: Equatable, Sendable {
        /// The share of runs that won, 0…1.
        public var share: Double
        /// Where each lost run ended (died, or stood when time ran out): where a level designer
        /// should look first.
        public var losses: [Vec2]

        /// The tile columns most lost runs ended in, most first (ties: leftmost first), each with
        /// how many ended there; at most `count` of them (none when no run was lost).
        public func worstColumns(tileWidth: Int, count: Int = 3) -> [(column: Int, runs: Int)] {
            let columns = Dictionary(grouping: losses) { Int($0.x) / max(1, tileWidth) }.map { (column: $0.key, runs: $0.value.count) }
            return Array(columns.sorted { ($0.runs, -$0.column) > ($1.runs, -$1.column) }.prefix(count))
        }

        /// "; most lost runs end at tile column 36 (17), 112 (9), 26 (5)", or nothing when none
        /// was lost: where a level designer should look first.
        public func whereLost(tileWidth: Int) -> String {
            let worst = worstColumns(tileWidth: tileWidth)
            guard !worst.isEmpty else { return "" }
            return "; most lost runs end at tile column " + worst.map { "\($0.column) (\($0.runs))" }.joined(separator: ", ")
        }
    }

    /// The share of `trials` perturbed runs of `commands` (one per tick) that win `stage`, 0…1.
    /// A death anywhere (even one a checkpoint would forgive) loses the run.
    public static func of(_ commands: [Command], on stage: Stage, trials: Int = trials, shiftTicks: Int = shiftTicks,
                          seed: UInt64 = Slack.seed) -> Double {
        measure(commands, on: stage, trials: trials, shiftTicks: shiftTicks, seed: seed).share
    }

    /// ``of(_:on:trials:shiftTicks:seed:)``, and where the lost runs ended.
    public static func measure(_ commands: [Command], on stage: Stage, trials: Int = trials, shiftTicks: Int = shiftTicks,
                               seed: UInt64 = Slack.seed) -> Measure {
        let route = changes(commands)
        guard !route.isEmpty, trials > 0 else { return Measure(share: 0, losses: []) }
        var random = SplitMix64(seed: seed)
        var won = 0, losses: [Vec2] = []
        for _ in 0..<trials {
            let shifted = route.map { change in
                Change(tick: max(0, change.tick + random.next(in: -shiftTicks...shiftTicks)), command: change.command)
            }
            switch play(shifted, ticks: commands.count + graceTicks, on: stage) {
            case .won: won += 1
            case let .lost(at): losses.append(at)
            }
        }
        return Measure(share: Double(won) / Double(trials), losses: losses)
    }

    /// Where the input changes: the first tick, and every tick whose command differs from the
    /// one before.
    public static func changes(_ commands: [Command]) -> [Change] {
        var found: [Change] = []
        for (tick, command) in commands.enumerated() where found.last?.command != command {
            found.append(Change(tick: tick, command: command))
        }
        return found
    }

    /// The fewest ticks between two changes of input (nil: fewer than two changes): at least
    /// ``Solver/humanTicksBetweenChanges`` on a human's route.
    public static func closestChanges(_ commands: [Command]) -> Int? {
        let ticks = changes(commands).map(\.tick)
        return zip(ticks.dropFirst(), ticks).map { $0 - $1 }.min()
    }

    /// How a run ended.
    enum Ending: Equatable {
        /// Won on this tick (counted from 1, as `World.tick`).
        case won(tick: Int)
        /// Died here, or stood here when time ran out.
        case lost(at: Vec2)
    }

    /// Plays `changes` (in the order of their ticks; one moved past another takes effect after
    /// it) until the run is won, lost, or `ticks` have passed.
    static func play(_ changes: [Change], ticks: Int, on stage: Stage) -> Ending {
        let ordered = changes.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element)
        var world = World(stage: stage)
        var next = 0, command = Command()
        for tick in 0..<ticks {
            while next < ordered.count, ordered[next].tick <= tick {
                command = ordered[next].command
                next += 1
            }
            let before = world.player.position
            world.step(command, in: stage)
            if world.state == .won { return .won(tick: tick + 1) }
            if Solver.isDead(world) { return .lost(at: before) }
        }
        return .lost(at: world.player.position)
    }
}

/// A small, fast generator with a fixed seed (Steele, Lea and Flood's SplitMix64): slack must
/// be the same number everywhere, which the system's generator does not promise.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`, each about equally likely (the range is tiny: the bias is nil).
    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
