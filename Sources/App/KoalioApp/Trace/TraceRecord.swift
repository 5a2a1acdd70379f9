import KoalioCore
import KoalioSim

/// One line of `--trace` output: the state after one 60 Hz step of the game loop.
///
/// A documented interface (docs/FORMATS.md, "Trace format"): add fields, never rename them. Written by
/// hand rather than with JSONEncoder so that key order is stable and tracing stays cheap.
public struct TraceRecord: Sendable {
    public var tick: Int
    public var x: Double
    public var y: Double
    /// Velocities in pixels per second (y down).
    public var vx: Double
    public var vy: Double
    public var onGround: Bool
    public var dashing: Bool
    public var state: SessionState
    public var hudVisible: Bool
    public var controllers: Int
    public var activeController: String?
    /// The renderer drawing the frames: `software`, `software-texture` or `accelerated`.
    public var renderer: String?
    /// The screen shown: `title`, `levels` or `level` (nil: not reported).
    public var screen: String?
    /// On a menu (a page, the pause screen, a question), its selected entry in English; nil
    /// elsewhere (and then not written: the field is additive).
    public var selected: String?
    /// The level being played (its name); nil outside a level.
    public var level: String?
    /// Sound effects started on this step (`jump`, `land`, `menu_move`, …), in order.
    public var sounds: [String] = []
    /// The koalas in play (1 alone; up to 4 in co-op).
    public var players: Int
    /// Every koala in player order; the top-level fields describe player 1's.
    public var koalas: [Koala]
    /// The index of the last checkpoint touched (in the level's order), or nil.
    public var checkpoint: Int?
    /// Leaves taken this run.
    public var leaves: Int
    /// Critters still in the level.
    public var critters: Int
    /// The run's assist, or nil when none is on.
    public var assist: Assist?
    /// Whether the mouse pointer shows over the window (hidden while a pad or the keyboard plays).
    public var pointerShown = true
    /// Online co-op (`--host`, `--join`): the networked game's side of the step; nil (not written) offline.
    public var online: Online?
    /// A speedrun under way: its category, in-game time and splits so far; nil (not written) otherwise.
    public var speedrun: Speedrun?

    /// A speedrun at a step: the category's name, the run's in-game time (ticks) and each flag's.
    public struct Speedrun: Sendable {
        public var category: String
        public var inGameTicks: Int
        public var splits: [Int]

        var json: String {
            "{\"category\":\(JSONText.quoted(category)),\"igt\":\(inGameTicks),\"splits\":[\(splits.map(String.init).joined(separator: ","))]}"
        }
    }

    /// The networked game at a step: its tick and the last every machine agrees on, how far the
    /// last frame stepped again, who is reconnecting, and the tick the games were found to differ at.
    public struct Online: Sendable {
        public var tick: Int
        public var confirmed: Int
        public var rollback: Int
        public var reconnecting: [Int]
        public var desync: Int?

        var json: String {
            "{\"tick\":\(tick),\"confirmed\":\(confirmed),\"rollback\":\(rollback),"
                + "\"reconnecting\":[\(reconnecting.map(String.init).joined(separator: ","))],\"desync\":\(desync.map(String.init) ?? "null")}"
        }
    }

    /// One koala in the trace's `koalas`.
    public struct Koala: Sendable {
        public var player: Int
        public var x: Double
        public var y: Double
        public var alive: Bool
        /// The controller steering it (player 1: as `activeController`); nil when none (a pad away).
        public var controller: String?

        var json: String {
            "{\"player\":\(player),\"x\":\(TraceRecord.number(x)),\"y\":\(TraceRecord.number(y)),"
                + "\"state\":\"\(alive ? "alive" : "dead")\",\"controller\":\(controller.map(TraceRecord.quoted) ?? "null")}"
        }
    }

    /// - Parameter state: overrides the session's (a replay's playback paused by the viewer).
    public init(session: Session, hudVisible: Bool = false, controllers: Int = 0, activeController: String? = nil,
                renderer: String? = nil, state: SessionState? = nil) {
        let player = session.world.player
        tick = session.steps
        x = player.position.x
        y = player.position.y
        vx = player.velocity.x * Double(Tick.perSecond)
        vy = player.velocity.y * Double(Tick.perSecond)
        onGround = player.onGround
        dashing = player.dashing
        self.state = state ?? session.state
        self.hudVisible = hudVisible
        self.controllers = controllers
        self.activeController = activeController
        self.renderer = renderer
        players = session.world.koalas.count
        koalas = session.world.koalas.map { koala in
            Koala(player: koala.number, x: koala.body.position.x, y: koala.body.position.y, alive: koala.isAlive,
                  controller: koala.number == 1 ? activeController : nil)
        }
        checkpoint = session.world.checkpoint
        leaves = session.world.leafCount
        critters = session.world.livingCritters
        assist = session.world.assist.isOn ? session.world.assist : nil
    }

    public var jsonLine: String {
        let active = activeController.map(Self.quoted) ?? "null"
        return "{\"tick\":\(tick),\"x\":\(Self.number(x)),\"y\":\(Self.number(y)),\"vx\":\(Self.number(vx)),"
            + "\"vy\":\(Self.number(vy)),\"onGround\":\(onGround),\"dashing\":\(dashing),\"state\":\"\(state.rawValue)\","
            + "\"hudVisible\":\(hudVisible),\"controllers\":\(controllers),\"activeController\":\(active),"
            + "\"renderer\":\(renderer.map(Self.quoted) ?? "null"),\"screen\":\(screen.map(Self.quoted) ?? "null"),"
            + (selected.map { "\"selected\":\(Self.quoted($0))," } ?? "")
            + "\"level\":\(level.map(Self.quoted) ?? "null"),\"sounds\":[\(sounds.map(Self.quoted).joined(separator: ","))],"
            + "\"players\":\(players),\"koalas\":[\(koalas.map(\.json).joined(separator: ","))],"
            + "\"checkpoint\":\(checkpoint.map(String.init) ?? "null"),\"leaves\":\(leaves),\"critters\":\(critters),"
            + "\"assist\":\(assist.map(Self.json) ?? "null"),\"pointerShown\":\(pointerShown)"
            + (online.map { ",\"online\":" + $0.json } ?? "") + (speedrun.map { ",\"speedrun\":" + $0.json } ?? "") + "}"
    }

    static func json(_ assist: Assist) -> String {
        "{\"speed\":\(assist.speedPercent),\"invincible\":\(assist.invincible),\"infiniteDash\":\(assist.infiniteDash)}"
    }

    /// Three decimals: enough to follow the koala, short enough to read. JSON has no NaN.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (value * 1000).rounded()
        let sign = thousandths < 0 ? "-" : ""
        return sign + MillisecondText.seconds(Int(abs(thousandths)))
    }

    static func quoted(_ string: String) -> String { JSONText.quoted(string) }
}
