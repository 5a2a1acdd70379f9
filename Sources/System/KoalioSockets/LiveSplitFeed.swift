import KoalioCore

/// What a speedrun timer outside the game (LiveSplit One, classic LiveSplit) is told as a run
/// goes, and what one that connects late must be told to catch up: the run started, its game
/// time paused and resumed (pauses, the end of the run), each split at its exact in-game time,
/// a reset. Times are milliseconds of in-game time, from ticks by the game's one rule.
public struct LiveSplitFeed: Sendable {
    public enum Event: Equatable, Sendable {
        case started, paused, resumed, reset
        /// A flag: the game time set to the split's exact time, then the split.
        case split(milliseconds: Int)
        /// The game time now (a late timer's catch-up).
        case gameTime(milliseconds: Int)
    }

    /// The run as told so far (nil: none running).
    private var splits: [Int]?
    private var paused = false
    /// The in-game time the game last said (a late timer is set to it).
    public var gameTime = 0

    public init() {}

    /// Notes `event`; returns it for the timers connected now.
    public mutating func note(_ event: Event) -> Event {
        switch event {
        case .started: (splits, paused) = ([], false)
        case .paused: paused = true
        case .resumed: paused = false
        case .reset: splits = nil
        case let .split(milliseconds):
            splits?.append(milliseconds)
            gameTime = milliseconds
        case let .gameTime(milliseconds): gameTime = milliseconds
        }
        return event
    }

    /// What a timer connecting now is told: the run started, its splits so far, its game time now.
    public var catchUp: [Event] {
        guard let splits else { return [] }
        return [.started] + splits.map { .split(milliseconds: $0) } + [.gameTime(milliseconds: gameTime)] + (paused ? [.paused] : [])
    }

    /// LiveSplit One's server protocol (livesplit-core's JSON commands; it answers each): the
    /// game time is used, started with the attempt and set exactly at each split.
    public static func liveSplitOne(_ event: Event) -> [String] {
        func command(_ name: String, _ extra: String = "") -> String { "{\"command\":\"\(name)\"\(extra)}" }
        switch event {
        case .started:
            // Reset first: a timer still holding an attempt (the last run's, ended at its last
            // split; one it kept while the game was away) would ignore the start.
            return [command("reset", ",\"saveAttempt\":false"), command("setCurrentTimingMethod", ",\"timingMethod\":\"GameTime\""),
                    command("start"), command("initializeGameTime"), command("setGameTime", ",\"time\":\"0.000\"")]
        case .paused: return [command("pauseGameTime")]
        case .resumed: return [command("resumeGameTime")]
        case .reset: return [command("reset")]
        case let .split(milliseconds): return [command("setGameTime", ",\"time\":\"\(seconds(milliseconds))\""), command("split")]
        case let .gameTime(milliseconds): return [command("setGameTime", ",\"time\":\"\(seconds(milliseconds))\"")]
        }
    }

    /// Classic LiveSplit's server (TCP, a command a line): the same in its words.
    public static func liveSplit(_ event: Event) -> [String] {
        switch event {
        case .started: return ["reset", "switchto gametime", "starttimer", "initgametime", "setgametime 0:00:00.000"]
        case .paused: return ["pausegametime"]
        case .resumed: return ["unpausegametime"]
        case .reset: return ["reset"]
        case let .split(milliseconds): return ["setgametime \(clock(milliseconds))", "split"]
        case let .gameTime(milliseconds): return ["setgametime \(clock(milliseconds))"]
        }
    }

    /// `37.166`: seconds, three decimals.
    static func seconds(_ milliseconds: Int) -> String { MillisecondText.seconds(milliseconds) }

    /// `0:00:37.166`: hours, minutes, seconds and milliseconds.
    static func clock(_ milliseconds: Int) -> String { MillisecondText.clock(milliseconds, hours: true) }
}
