import KoalioCore
import KoalioLevel
import KoalioLevelFile
import KoalioSim
import KoalioSolver

/// `koalio --check-level FILE…`: whether each level loads, what an author should fix, and
/// whether it can be won at all (by the solver, over the game's own step).
///
/// The search widens only when it must: a narrow beam finds most shipped levels' wins in a
/// second or two, a wider one the rest, koalio-solve's own last; each gives up once it has
/// gained nothing for ``Solver/checkPatienceTicks`` of play, so a level that cannot be won is said quickly.
public enum LevelCheck {
    /// Standing still this long at the spawn must not kill: 3 s.
    static let standStillTicks = 3 * Tick.perSecond
    /// The highest a jump lifts the koala's feet, in pixels (take-off speed² / 2 × gravity).
    static let jumpReachPixels = Tuning.jumpSpeedPerTick * Tuning.jumpSpeedPerTick / (2 * Tuning.gravityPerTick2)

    /// Lines to print (problems first, then the verdict) and the exit status: 0 when every
    /// level is winnable, 1 when one is not, 2 when one cannot be loaded.
    /// - Parameter slack: also say each winnable level's slack (`koalio check-level`; a pack's
    ///   install checks only that its levels can be won).
    public static func run(_ paths: [String], slack: Bool = false) -> (lines: [String], status: Int32) {
        var lines: [String] = [], status: Int32 = 0
        for path in paths {
            let file: LevelFile
            do { file = try LevelFile.load(path) } catch {
                lines.append(error.description)
                status = 2
                continue
            }
            let map = file.stage
            lines += TMXLoader.lint(bytes: file.bytes, path: path) + warnings(map).map { "\(path): warning: \($0)" }
            switch solve(map) {
            case let .won(_, ticks):
                lines.append("\(path): winnable in \(seconds(ticks)) s")
                if slack { lines.append("\(path): " + slackLine(map)) }
            case let .stuck(furthest):
                let column = Int(furthest.x) / map.tileWidth, row = max(0, Int(furthest.y) / map.tileHeight - 1)
                lines.append("\(path): not winnable: the best run reaches x=\(Int(furthest.x)) of the goal at x=\(Int(map.goal.minX)) "
                    + "(stuck at tile column \(column), row \(row), y=\(Int(furthest.y)))")
                status = max(status, 1)
            }
        }
        return (lines, status)
    }

    /// How forgiving the level is: a human's route (``HumanRoute/find(_:)``)
    /// and its ``Slack``, or that none was found (slack 0).
    static func slackLine(_ map: Stage) -> String {
        let model = "inputs at least \(Solver.humanTicksBetweenChanges) ticks apart, each forgiving ±\(Slack.shiftTicks)"
        guard case let .won(commands, ticks) = HumanRoute.find(map) else {
            return "slack 0 % (no human's route found: \(model))"
        }
        let measure = Slack.measure(commands, on: map)
        let percent = Int((measure.share * 100).rounded())
        return "slack \(percent) % (a human's route, \(model), won in \(seconds(ticks)) s; "
            + "\(Slack.trials) runs with every input moved up to ±\(Slack.shiftTicks) ticks\(measure.whereLost(tileWidth: map.tileWidth)))"
    }

    /// The searches in turn (narrow, fast ones first), until one wins.
    static func solve(_ map: Stage) -> Solver.Outcome {
        Solver.firstWin(map, searches: Solver.checkSearches(human: false))
    }

    /// What is wrong with a level that loads: a spawn inside a wall, a spawn where standing
    /// still kills (spikes under it, or no floor), a goal no floor is within a jump of.
    static func warnings(_ map: Stage) -> [String] {
        var found: [String] = []
        let spawn = map.spawn
        if map.koalaHitsWall(feet: spawn) {
            found.append("the spawn (\(Int(spawn.x)), \(Int(spawn.y))) is inside a wall")
        } else {
            var world = World(stage: map)
            for _ in 0..<standStillTicks where world.state == .playing { world.step(Command(), in: map) }
            if world.state == .died {
                found.append("standing still at the spawn (\(Int(spawn.x)), \(Int(spawn.y))) kills: spikes under it, or no floor")
            }
        }
        if !hasFloorNear(map.goal, in: map) {
            let goal = map.goal
            found.append("the goal (\(Int(goal.minX)), \(Int(goal.minY)), \(Int(goal.width))×\(Int(goal.height))) has no floor within a jump of it")
        }
        return found
    }

    /// Whether a floor tile lies under or beside the goal, close enough below its bottom (or
    /// inside it) that a koala standing there touches it or jumps into it.
    static func hasFloorNear(_ goal: Rect, in map: Stage) -> Bool {
        let reach = jumpReachPixels + Tuning.koalaHeightPoints
        func span(_ low: Double, _ high: Double, tile: Int, count: Int) -> ClosedRange<Int>? {
            let first = max(0, Int((low / Double(tile)).rounded(.down))), last = min(count - 1, Int((high / Double(tile)).rounded(.up)))
            return first <= last ? first...last : nil
        }
        guard let columns = span(goal.minX - Tuning.koalaWidthPoints, goal.maxX + Tuning.koalaWidthPoints, tile: map.tileWidth, count: map.width),
              let rows = span(goal.minY, goal.maxY + reach, tile: map.tileHeight, count: map.height) else { return false }
        for column in columns {
            for row in rows where map.isFloor(column: column, row: row) { return true }
        }
        return false
    }

    /// Ticks as seconds with one decimal, as the game shows times.
    static func seconds(_ ticks: Int) -> String {
        let tenths = Tick.tenths(ticks)
        return "\(tenths / 10).\(tenths % 10)"
    }
}
