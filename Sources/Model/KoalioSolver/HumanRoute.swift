import KoalioCore
import KoalioSim

/// A person's route through a level, found the same way by `koalio-solve --human`,
/// `koalio check-level` and `make bench`, so the three agree on a level's ``Slack``.
///
/// The search (``Solver/human(beamWidth:patienceTicks:)``) finds a route whose every change of
/// input comes at least ``Solver/humanTicksBetweenChanges`` after the last and survives being
/// moved a little on its own; but it takes the first such route, and its presses often sit at the
/// edge of their windows (a jump pressed the tick the koala lands, which an early release of the
/// jump before it turns into a lost press). So each change is then moved to where the most
/// perturbed runs win (and, among equals, where the lost ones get furthest), as a person aims for the middle of a
/// gap rather than its edge: the route's slack measures the level more than the luck of the search.
public enum HumanRoute {
    /// How far a change may be moved, either way, in ticks: within the grid the search chose it
    /// on (``Solver/humanTicksBetweenChanges``), so the centring refines the search's choice
    /// of moment rather than making another.
    static let centringTicks = Solver.humanTicksBetweenChanges
    /// Passes over the route's changes (a moved change can let the next one move).
    static let centringPasses = 2
    /// Perturbed runs per try while centring, drawn from a seed other than ``Slack``'s, so the
    /// slack reported afterwards is measured on runs the centring never saw.
    static let centringTrials = 100
    /// The centring's own seed ("centre" in ASCII), not ``Slack/seed``.
    static let centringSeed: UInt64 = 0x6365_6E74_7265

    /// The searches a check makes (``Solver/widthsInTurn``) until one wins, its route centred;
    /// else the furthest any reached.
    public static func find(_ stage: Stage) -> Solver.Outcome {
        let outcome = Solver.firstWin(stage, searches: Solver.checkSearches(human: true))
        guard case let .won(commands, _) = outcome else { return outcome }
        let route = centred(commands, on: stage)
        guard case let .won(ticks) = Slack.play(Slack.changes(route), ticks: route.count, on: stage) else { return outcome }
        return .won(commands: route, ticks: ticks)
    }

    /// `commands` with each change of input (but the first) moved by up to ``centringTicks``
    /// where the perturbed runs are worth most (``worth(_:goalX:)``: won, then far along),
    /// keeping the changes ``Solver/humanTicksBetweenChanges`` apart and the unperturbed run a
    /// win; a move that is worth no more is not made.
    static func centred(_ commands: [Command], on stage: Stage) -> [Command] {
        let origin = Slack.changes(commands)
        var route = origin
        var length = commands.count
        func score(_ commands: [Command]) -> Worth {
            worth(Slack.measure(commands, on: stage, trials: centringTrials, seed: centringSeed), goalX: stage.goal.minX)
        }
        var best = score(commands)
        for _ in 0..<centringPasses {
            for index in route.indices.dropFirst() {
                let base = route  // each offset from where this change stood, not from the last one taken
                for offset in -centringTicks...centringTicks where offset != 0 {
                    var moved = base
                    moved[index].tick += offset
                    let gap = Solver.humanTicksBetweenChanges
                    guard abs(moved[index].tick - origin[index].tick) <= centringTicks,  // over both passes
                          moved[index].tick - moved[index - 1].tick >= gap,
                          index + 1 == moved.count || moved[index + 1].tick - moved[index].tick >= gap,
                          case let .won(won) = Slack.play(moved, ticks: length + Slack.graceTicks, on: stage) else { continue }
                    let movedLength = max(won, moved[moved.count - 1].tick + 1)
                    let movedScore = score(expanded(moved, length: movedLength))
                    if movedScore > best {
                        best = movedScore
                        route = moved
                        length = movedLength
                    }
                }
            }
        }
        return expanded(route, length: length)
    }

    typealias Change = Slack.Change

    /// What the centring maximises: the runs won first, then how far towards the goal the lost
    /// ones got (their mean share of the way). Where no try wins yet (a long, dense level), a
    /// move that carries tries past the first obstacle they fall at still counts, so the route
    /// is centred from the start on rather than not at all; it never trades a win for reach.
    struct Worth: Comparable {
        var won: Double
        var reach: Double
        static func < (a: Worth, b: Worth) -> Bool { (a.won, a.reach) < (b.won, b.reach) }
    }

    static func worth(_ measure: Slack.Measure, goalX: Double) -> Worth {
        let reach = measure.losses.reduce(0) { $0 + min(1, max(0, $1.x) / max(1, goalX)) }
        return Worth(won: measure.share, reach: measure.losses.isEmpty ? 0 : reach / Double(measure.losses.count))
    }

    /// One command per tick for `length` ticks from a route's changes.
    static func expanded(_ changes: [Change], length: Int) -> [Command] {
        var commands: [Command] = [], next = 0, command = Command()
        for tick in 0..<length {
            while next < changes.count, changes[next].tick <= tick {
                command = changes[next].command
                next += 1
            }
            commands.append(command)
        }
        return commands
    }
}
