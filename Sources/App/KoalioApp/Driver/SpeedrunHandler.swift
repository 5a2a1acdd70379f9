import KoalioSockets
import KoalioCore
import KoalioFlow
import KoalioLocalServer
import KoalioUI
import KoalioUserData

/// A speedrun's events outside the game: the run's recordings kept (``RunKeeper``), the
/// timers told (LiveSplit One's server, classic LiveSplit's client), the level read ahead
/// forgotten when the run is reset, and with `--verbose` one line on stderr each, for tools
/// that follow a run.
@MainActor
final class SpeedrunHandler {
    private let liveSplitOne: LiveSplitOneServer?
    private let liveSplit: LiveSplitClient?
    private let keeper: RunKeeper
    private let ahead: LevelPrefetch
    private let verbose: Bool
    private let now: () -> Double

    init(liveSplitOne: LiveSplitOneServer?, liveSplit: LiveSplitClient?, keeper: RunKeeper, ahead: LevelPrefetch, verbose: Bool,
         now: @escaping () -> Double) {
        self.liveSplitOne = liveSplitOne
        self.liveSplit = liveSplit
        self.keeper = keeper
        self.ahead = ahead
        self.verbose = verbose
        self.now = now
    }

    func perform(_ event: SpeedrunEvent, _ flow: FlowState) {
        switch event {
        case .started:
            keeper.speedrun(underWay: true)
            tellTimers(.started)
        case let .split(ticks):
            tellTimers(.split(milliseconds: Tick.milliseconds(ticks)))
        case .reset:
            keeper.speedrun(underWay: false)
            ahead.forget()
            tellTimers(.reset)
        case let .finished(_, _, personalBest, run):
            keeper.finishRun(run, personalBest: personalBest)
        case let .clock(runs, gameTicks):
            // Stopped at the exact in-game time; the last split ended LiveSplit's attempt.
            if !runs { tellTimers(.gameTime(milliseconds: Tick.milliseconds(gameTicks))) }
            tellTimers(runs ? .resumed : .paused)
        }
        guard verbose else { return }
        switch event {
        case .started:
            if let speedrun = flow.speedrun { say("speedrun \(speedrun.category): started") }
        case let .split(ticks):
            say("speedrun split: \(ClockText.precise(ticks: ticks)) (\(ticks) ticks)")
        case let .finished(ticks, real, _, _):
            say("speedrun finished: in-game \(ClockText.precise(ticks: ticks)), real \(ClockText.precise(milliseconds: real))")
        case .reset:
            say("speedrun reset")
        case .clock:
            break
        }
    }

    private func say(_ line: String) { StandardError.writeLine("koalio: " + line) }

    /// LiveSplit One and classic LiveSplit, told the same.
    private func tellTimers(_ event: LiveSplitFeed.Event) {
        liveSplitOne?.send(event)
        liveSplit?.send(event, at: now())
    }

    /// Once a frame: the in-game time noted for a timer that connects later, classic
    /// LiveSplit's connection tended.
    func frame(_ flow: FlowState) {
        if let speedrun = flow.speedrun {
            let time = Tick.milliseconds(speedrun.inGameTicks(current: flow.session.playTicks))
            liveSplitOne?.note(gameTime: time)
            liveSplit?.note(gameTime: time)
        }
        liveSplit?.poll(at: now())
    }

    func stop() {
        liveSplitOne?.stop()
        liveSplit?.stop()
    }
}
