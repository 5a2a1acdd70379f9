import KoalioCore
import KoalioInput
import KoalioScripting
import KoalioSim

/// Finds a winning run of a level with a beam search over the pure simulation: the game's own
/// step, so a run it finds is one the game plays. Used by `koalio-solve` (the golden runs and the
/// medal times) and `koalio --check-level` (is a level winnable at all).
///
/// Commands are chosen for chunks of ``ticksPerChoice`` ticks from a small set (walk, jump, dash
/// and their mixes); the best ``beamWidth`` states by progress (x, and height, so the search
/// will climb back left) go on, a few per tile-sized cell so the beam never fills with one
/// doomed leap. A death is a dead end, whether it ends the run or sends the koala to a
/// checkpoint; critters move with the world it searches.
public struct Solver: Sendable {
    /// Commands are chosen for chunks of this many ticks (the default search: a tool-assisted
    /// run's precision).
    public static let ticksPerChoice = 4
    /// The human input model: no input changes sooner than this after the last (a sixth of a
    /// second). A route found under it is one a person can play; its ``Slack`` says how
    /// forgiving it is.
    public static let humanTicksBetweenChanges = 10
    /// Height gained counts this much against x lost, so the search will climb back left.
    static let heightWeight = 2.0
    static let statesPerCell = 6
    static let choices: [Command] = [
        Command(moveX: 1), Command(moveX: 1, jump: true), Command(moveX: 1, dash: true),
        Command(moveX: 1, jump: true, dash: true), Command(moveX: -1), Command(moveX: -1, jump: true),
        Command(), Command(jump: true),
    ]

    /// States kept from one choice to the next.
    public var beamWidth: Int
    /// Ticks each choice is held: ``ticksPerChoice``, or ``humanTicksBetweenChanges`` for a
    /// human's route.
    public var choiceTicks: Int
    /// The longest run searched, in ticks (two minutes).
    public var maxTicks: Int
    /// Give up when the best progress (the score) has not grown for this many ticks of play;
    /// nil: search to ``maxTicks``. A walled-off level stops gaining at once.
    public var patienceTicks: Int?

    /// Ticks a change of input may come early or late without the koala dying where the route
    /// does not, or straying from it (0: the change is taken exactly; a human's route: twice
    /// ``Slack/shiftTicks``, a change's own shift and the drift the change before it leaves).
    public var toleranceTicks: Int
    /// How far past a change its early and late versions are played to see that they live.
    static let lookaheadTicks = 24

    public init(beamWidth: Int = 2500, maxTicks: Int = 60 * 120, patienceTicks: Int? = nil, choiceTicks: Int = Solver.ticksPerChoice,
                toleranceTicks: Int = 0) {
        self.beamWidth = beamWidth
        self.choiceTicks = choiceTicks
        self.toleranceTicks = toleranceTicks
        self.maxTicks = maxTicks
        self.patienceTicks = patienceTicks
    }

    /// What a search found.
    public enum Outcome: Equatable, Sendable {
        /// A winning run, one command per tick, and how long it takes.
        case won(commands: [Command], ticks: Int)
        /// No run won: the furthest point (by x) any run reached.
        case stuck(furthest: Vec2)
    }

    /// A search under the human input model (every change of input at least
    /// ``humanTicksBetweenChanges`` after the last, each forgiving a shift and the drift of the
    /// one before).
    public static func human(beamWidth: Int = 2500, patienceTicks: Int? = nil) -> Solver {
        Solver(beamWidth: beamWidth, patienceTicks: patienceTicks, choiceTicks: humanTicksBetweenChanges, toleranceTicks: 2 * Slack.shiftTicks)
    }

    struct Node {
        var world: World
        var path: [UInt8]
        /// The world ``toleranceTicks`` before this node's (a change of input taken early
        /// starts there); nil without a tolerance, or at the start.
        var early: World?
    }

    /// A death is a dead end, whether it ends the run or sends the koala to a checkpoint (the
    /// search's and ``Slack``'s rule).
    static func isDead(_ world: World) -> Bool { world.state == .died || !world.koalas[0].isAlive }

    /// Whether changing from `previous` to `command` at `node` forgives a person's timing: taken
    /// ``toleranceTicks`` early or late, the koala lives through the chunk and a short look
    /// ahead wherever the exact change does (holding `command` on), and ends up near where the
    /// exact change takes it. A change taken at the last possible tick (a jump off a ledge's last
    /// pixel) fails this; so does a jump pressed just before a landing, which taken early is
    /// lost (the buffer forgets it) and leaves the koala walking where the route flies.
    func forgives(_ node: Node, from previous: Command, to command: Command, in stage: Stage) -> Bool {
        let horizon = choiceTicks + Self.lookaheadTicks
        func end(_ start: World, holding first: Command, for firstTicks: Int, ticks: Int) -> World? {
            var world = start
            for tick in 0..<ticks {
                world.step(tick < firstTicks ? first : command, in: stage)
                if world.state == .won { return world }
                if Self.isDead(world) { return nil }
            }
            return world
        }
        guard let exact = end(node.world, holding: command, for: 0, ticks: horizon) else { return true }  // no signal: the route itself turns away
        func near(_ world: World?) -> Bool {
            guard let world else { return false }
            // A win in the look-ahead: the early or late one lived, a few ticks behind or ahead is as good.
            if world.state == .won || exact.state == .won { return true }
            let here = world.player.position, there = exact.player.position
            return abs(here.x - there.x) <= Self.driftPixels(toleranceTicks) && abs(here.y - there.y) <= Self.nearPixels
        }
        let late = end(node.world, holding: previous, for: toleranceTicks, ticks: horizon)
        guard near(late) else { return false }
        guard let early = node.early else { return true }
        return near(end(early, holding: command, for: 0, ticks: horizon + toleranceTicks))
    }

    /// How far apart an early or late change may leave the koala from the exact one and still
    /// count as the same route: a tile and a little up or down (the arc of a jump taken a few
    /// ticks off)...
    static let nearPixels = 20.0
    /// ...and across, what a dash covers in the shifted ticks, and a little.
    static func driftPixels(_ ticks: Int) -> Double { Double(ticks + 1) * Tuning.dashMaxSpeedPerTick }

    static func score(_ world: World, _ stage: Stage) -> Double {
        world.player.position.x + heightWeight * (stage.pixelHeight - world.player.position.y)
    }

    static func key(_ world: World) -> [Int] {
        let p = world.player
        return [Int(p.position.x / 3), Int(p.position.y / 3), Int((p.velocity.x * 2).rounded()),
                Int((p.velocity.y * 2).rounded()), p.onGround ? 1 : 0, p.jumpWasHeld ? 1 : 0, world.livingCritters]
    }

    public func solve(_ stage: Stage) -> Outcome {
        var beam = [Node(world: World(stage: stage), path: [])]
        var seen = Set<[Int]>()
        var furthest = stage.spawn
        var bestScore = -Double.infinity, lastGain = 0
        for choice in 0..<(maxTicks / choiceTicks) {
            var next: [Node] = []
            for node in beam {
                for (index, command) in Self.choices.enumerated() {
                    if toleranceTicks > 0, let last = node.path.last, Int(last) != index,
                       !forgives(node, from: Self.choices[Int(last)], to: command, in: stage) { continue }
                    var world = node.world
                    var early: World?
                    for tick in 0..<choiceTicks {
                        if toleranceTicks > 0, tick == choiceTicks - toleranceTicks { early = world }
                        world.step(command, in: stage)
                    }
                    // A death is a dead end, whether it ends the run or sends the koala to a checkpoint.
                    if Self.isDead(world) { continue }
                    let path = node.path + [UInt8(index)]
                    if world.state == .won {
                        let commands = path.flatMap { [Command](repeating: Self.choices[Int($0)], count: choiceTicks) }
                        return .won(commands: commands, ticks: world.tick)
                    }
                    guard seen.insert(Self.key(world)).inserted else { continue }
                    if world.player.position.x > furthest.x { furthest = world.player.position }
                    next.append(Node(world: world, path: path, early: early))
                }
            }
            guard !next.isEmpty else { return .stuck(furthest: furthest) }
            // Keep the best few per tile-sized cell, so the beam never fills up with one doomed leap.
            next.sort { Self.score($0.world, stage) > Self.score($1.world, stage) }
            if let top = next.first.map({ Self.score($0.world, stage) }), top > bestScore {
                bestScore = top
                lastGain = choice
            }
            if let patienceTicks, (choice - lastGain) * choiceTicks > patienceTicks { return .stuck(furthest: furthest) }
            var perCell: [Int: Int] = [:]
            beam = []
            for node in next where beam.count < beamWidth {
                let p = node.world.player.position
                let cell = Int(p.x / 16) * 1000 + Int((p.y + 1000) / 16)
                let count = perCell[cell, default: 0]
                guard count < Self.statesPerCell else { continue }
                perCell[cell] = count + 1
                beam.append(node)
            }
        }
        return .stuck(furthest: furthest)
    }

    /// The beam widths a check tries in turn, narrow (fast) first, the last the default.
    public static let widthsInTurn = [300, 1000, Solver().beamWidth]
    /// A check's search gives up when its progress has not grown for this long of play: a level
    /// that cannot be won is said quickly.
    public static let checkPatienceTicks = 20 * Tick.perSecond

    /// The searches a check makes, in turn (narrow, fast ones first), each giving up after
    /// ``checkPatienceTicks`` without progress: the fastest run's (`human` false) or a person's.
    public static func checkSearches(human: Bool) -> [Solver] {
        widthsInTurn.map { human ? Solver.human(beamWidth: $0, patienceTicks: checkPatienceTicks) : Solver(beamWidth: $0, patienceTicks: checkPatienceTicks) }
    }

    /// `searches` in turn (narrow, fast ones first) until one wins; else the furthest any reached.
    public static func firstWin(_ stage: Stage, searches: [Solver]) -> Outcome {
        var furthest = stage.spawn
        for search in searches {
            let outcome = search.solve(stage)
            switch outcome {
            case .won: return outcome
            case let .stuck(reached): if reached.x > furthest.x { furthest = reached }
            }
        }
        return .stuck(furthest: furthest)
    }

    /// Key presses that make the keyboard produce these commands, one command per tick.
    public static func script(for commands: [Command]) -> InputScript {
        var events: [InputScript.Event] = []
        var held: Set<Key> = []
        for (index, command) in commands.enumerated() {
            var wanted: Set<Key> = []
            if command.moveX > 0 { wanted.insert(.right) }
            if command.moveX < 0 { wanted.insert(.left) }
            if command.jump { wanted.insert(.space) }
            if command.dash { wanted.insert(.x) }
            for key in [Key.left, .right, .space, .x] where held.contains(key) != wanted.contains(key) {
                events.append(.init(tick: index, key: key, down: wanted.contains(key)))
            }
            held = wanted
        }
        for key in [Key.left, .right, .space, .x] where held.contains(key) { events.append(.init(tick: commands.count, key: key, down: false)) }
        return InputScript(events: events)
    }
}
