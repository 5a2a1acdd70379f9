import KoalioFlow
import KoalioUI
import KoalioUserData

/// Speedrun mode's effects on the driver: its splits said on stderr with `--verbose` (one line
/// each, for tools that follow a run).
extension GameLoop {
    /// `--speedrun`: the run's first level loaded before the first tick, so its first step is
    /// the run's first tick (as `--level`'s is: an input script times the same either way).
    func startSpeedrun(_ category: SpeedrunCategory) {
        frameStartedAt = now()
        var asked: [Effect] = []
        runner.flow.startSpeedrun(category, context, &asked)
        for effect in asked {
            guard case let .loadLevel(level) = effect else {
                perform(effect)
                continue
            }
            for answer in runner.flow.levelLoaded(level, levels.load(level), context) { perform(answer) }
        }
    }

    func performSpeedrun(_ effect: Effect) {
        switch effect {
        case .speedrunStarted: keeper.startRun()
        case .speedrunReset: keeper.abandonRun()
        case let .speedrunFinished(_, _, personalBest):
            if let category = flowCategoryJustFinished { keeper.finishRun(category: category, personalBest: personalBest) }
        default: break
        }
        guard options.command.verbose else { return }
        switch effect {
        case .speedrunStarted:
            if let speedrun = flow.speedrun { warnVerbose("speedrun \(speedrun.category): started") }
        case let .speedrunSplit(ticks):
            warnVerbose("speedrun split: \(ClockText.precise(ticks: ticks)) (\(ticks) ticks)")
        case let .speedrunFinished(ticks, real, _):
            warnVerbose("speedrun finished: in-game \(ClockText.precise(ticks: ticks)), real \(ClockText.precise(milliseconds: real))")
        case .speedrunReset:
            warnVerbose("speedrun reset")
        default:
            break
        }
    }

    private func warnVerbose(_ line: String) { StandardError.writeLine("koalio: " + line) }

    /// The category of the run whose results show (the flow's run is over by then).
    private var flowCategoryJustFinished: String? {
        if case let .speedrunResults(result) = flow.mode { return result.category.description }
        return nil
    }
}
