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
/// perturbed runs win (or, before any does, get furthest), as a person aims for the middle of a
/// gap rather than its edge: the route's slack measures the level more than the luck of the search.
public enum HumanRoute {
    /// How far a change may be moved, either way, in ticks.
    static let centringTicks = 2 * Slack.shiftTicks
    /// Passes over the route's changes (a moved change can let the next one move).
    static let centringPasses = 2
    /// Perturbed runs per try while centring, drawn from a seed other than ``Slack``'s, so the
    /// slack reported afterwards is measured on runs the centring never saw.
    static let centringTrials = 40
    static let centringSeed: UInt64 = 0x6365_6E74_7265

    /// The searches a check makes (``Solver/widthsInTurn``) until one wins, its route centred;
    /// else the furthest any reached.
    public static func find(_ stage: Stage) -> Solver.Outcome {
        let outcome = Solver.firstWin(stage, searches: Solver.widthsInTurn.map {
            Solver.human(beamWidth: $0, patienceTicks: Solver.checkPatienceTicks)
        })
        guard case let .won(commands, _) = outcome else { return outcome }
        let route = centred(commands, on: stage)
        guard case let .won(ticks) = Slack.play(Slack.changes(route), ticks: route.count, on: stage) else { return outcome }
        return .won(commands: route, ticks: ticks)
    }

    /// `commands` with each change of input (but the first) moved by up to ``centringTicks``
    /// where the perturbed runs are worth most (``worth(_:goalX:)``: won, else far along),
    /// keeping the changes ``Solver/humanTicksBetweenChanges`` apart and the unperturbed run a
    /// win; a move that is worth no more is not made.
    static func centred(_ commands: [Command], on stage: Stage) -> [Command] {
        var route = Slack.changes(commands)
        var length = commands.count
        func score(_ commands: [Command]) -> Double {
            worth(Slack.measure(commands, on: stage, trials: centringTrials, seed: centringSeed), goalX: stage.goal.minX)
        }
        var best = score(commands)
        for _ in 0..<centringPasses {
            for index in route.indices.dropFirst() {
                for offset in -centringTicks...centringTicks where offset != 0 {
                    var moved = route
                    moved[index].tick += offset
                    let gap = Solver.humanTicksBetweenChanges
                    guard moved[index].tick - moved[index - 1].tick >= gap,
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

    /// What the centring maximises: the runs won, and half a run for each lost one by how far
    /// towards the goal it got. Where no try wins yet (a long, dense level), a move that carries
    /// tries past the first obstacle they fall at still counts, so the route is centred from
    /// the start on rather than not at all.
    static func worth(_ measure: Slack.Measure, goalX: Double) -> Double {
        let lost = measure.losses.reduce(0) { $0 + min(1, max(0, $1.x) / max(1, goalX)) }
        return measure.share + 0.5 * lost / Double(centringTrials)
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
