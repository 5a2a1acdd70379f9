import KoalioSockets
import KoalioCore
import KoalioFlow
import KoalioPhoneServer
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

    func performSpeedrun(_ event: SpeedrunEvent) {
        switch event {
        case .started:
            keeper.startRun()
            tellTimers(.started)
            speedrunClockRuns = true
        case let .split(ticks):
            tellTimers(.split(milliseconds: Tick.milliseconds(ticks)))
        case .reset:
            keeper.abandonRun()
            levels.ahead.forget()
            tellTimers(.reset)
        case let .finished(_, _, personalBest):
            if let category = flowCategoryJustFinished { keeper.finishRun(category: category, personalBest: personalBest) }
            speedrunClockRuns = false  // the last split ended LiveSplit's attempt
        }
        guard options.command.verbose else { return }
        switch event {
        case .started:
            if let speedrun = flow.speedrun { warnVerbose("speedrun \(speedrun.category): started") }
        case let .split(ticks):
            warnVerbose("speedrun split: \(ClockText.precise(ticks: ticks)) (\(ticks) ticks)")
        case let .finished(ticks, real, _):
            warnVerbose("speedrun finished: in-game \(ClockText.precise(ticks: ticks)), real \(ClockText.precise(milliseconds: real))")
        case .reset:
            warnVerbose("speedrun reset")
        }
    }

    private func warnVerbose(_ line: String) { StandardError.writeLine("koalio: " + line) }

    /// LiveSplit One and classic LiveSplit, told the same.
    private func tellTimers(_ event: LiveSplitFeed.Event) {
        liveSplitOne?.send(event)
        liveSplit?.send(event, at: now())
    }

    /// Once a frame: the timers' game time paused while the run's level is not on (paused, a
    /// menu over it) and resumed when it is again, the in-game time noted for a timer that
    /// connects later, classic LiveSplit's connection tended.
    func speedrunTimersFrame() {
        if let speedrun = flow.speedrun {
            let time = Tick.milliseconds(speedrun.inGameTicks(current: flow.session.playTicks))
            liveSplitOne?.note(gameTime: time)
            liveSplit?.note(gameTime: time)
            let runs = flow.isInLevel && flow.session.state == .playing
            if runs != speedrunClockRuns {
                speedrunClockRuns = runs
                if !runs { tellTimers(.gameTime(milliseconds: time)) }  // stopped at the exact in-game time
                tellTimers(runs ? .resumed : .paused)
            }
        }
        liveSplit?.poll(at: now())
    }

    /// The category of the run whose results show (the flow's run is over by then).
    private var flowCategoryJustFinished: String? {
        if case let .speedrunResults(result) = flow.mode { return result.category.description }
        return nil
    }
}
