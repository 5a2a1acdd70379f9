import KoalioCore

/// Where a level run stands. Once it is not `playing`, stepping changes nothing.
public enum RunState: String, Hashable, Sendable, Codable {
    case playing
    case won
    case died
}

/// The koala: position, velocity, and the few counters game feel needs.
public struct Player: Hashable, Sendable, Codable {
    /// Bottom-centre of the collision box (the feet), in world pixels.
    public var position: Vec2
    /// Pixels per tick.
    public var velocity: Vec2
    public var onGround: Bool
    public var dashing: Bool
    public var facingLeft: Bool
    /// Ticks since the koala last stood on ground (0 while standing); drives coyote time.
    public var ticksSinceGround: Int
    /// Ticks left during which a jump press waits for ground (jump buffering).
    public var jumpBufferLeft: Int
    /// The previous tick's jump button, so a press is found from previous and current values.
    public var jumpWasHeld: Bool

    public init(feet: Vec2) {
        position = feet
        velocity = .zero
        onGround = false
        dashing = false
        facingLeft = false
        ticksSinceGround = Tuning.coyoteTicks + 1
        jumpBufferLeft = 0
        jumpWasHeld = false
    }

    /// The collision box, derived from the feet position.
    public var box: Rect {
        Rect(x: position.x - Tuning.koalaWidthPoints / 2, y: position.y - Tuning.koalaHeightPoints,
             width: Tuning.koalaWidthPoints, height: Tuning.koalaHeightPoints)
    }
}

/// One player's koala in a run: its body, and what co-op counts for it.
public struct Koala: Hashable, Sendable, Codable {
    /// The player it belongs to: 1…4.
    public var number: Int
    public var body: Player
    /// Ticks until a dead koala comes back beside a teammate; 0 while it is alive.
    public var respawnTicksLeft = 0
    /// Ticks in a row this koala has been out of the camera's view (see ``Tuning/catchUpTicks``).
    public var offscreenTicks = 0
    /// The world tick on which the player joined (0 for player 1 and those there from the start).
    public var joinedAtTick: Int

    public init(number: Int, body: Player, joinedAtTick: Int = 0) {
        self.number = number
        self.body = body
        self.joinedAtTick = joinedAtTick
    }

    public var isAlive: Bool { respawnTicksLeft == 0 }
    /// Died on the world's last step (its wait has not begun to count down).
    public var diedThisStep: Bool { respawnTicksLeft == Tuning.respawnTicks }
}

/// The whole simulation state: a value that can be compared, hashed and copied.
/// The level it runs in is separate and immutable (``Stage``).
public struct World: Hashable, Sendable, Codable {
    /// The koalas in play in player order. The first is player 1's and is always there; players
    /// 2–4 join and leave (``PartnerCommand``).
    public var koalas: [Koala]
    public var state: RunState
    /// Simulation ticks run in this level (stops counting once the run ends).
    public var tick: Int
    /// The player whose koala reached the goal (nil until the run is won).
    public var winner: Int?
    /// The last checkpoint a koala touched (an index into the level's), where dead koalas
    /// come back; nil until one is touched.
    public var checkpoint: Int?
    /// Which of the level's leaves have been taken, in the level's order.
    public var leavesTaken: [Bool]
    /// The level's critters as they are now (a stomped one stays, not alive).
    public var critters: [Critter]
    /// The run's assist settings (``Assist``): fixed for the run, and part of what a replay
    /// reproduces.
    public let assist: Assist

    /// A fresh run at the map's spawn point, player 1 alone.
    public init(stage: Stage, assist: Assist = .off) {
        koalas = [Koala(number: 1, body: Player(feet: stage.spawn))]
        state = .playing
        tick = 0
        leavesTaken = [Bool](repeating: false, count: stage.objects.leaves.count)
        critters = stage.objects.critters.map(Critter.init(feet:))
        self.assist = assist
    }

    /// Leaves taken this run.
    public var leafCount: Int { leavesTaken.reduce(0) { $0 + ($1 ? 1 : 0) } }

    /// Critters still in the level.
    public var livingCritters: Int { critters.reduce(0) { $0 + ($1.isAlive ? 1 : 0) } }

    /// Player 1's koala: the one a one-player game has, and the one the trace describes.
    public var player: Player {
        get { koalas[0].body }
        set { koalas[0].body = newValue }
    }

    /// The koala of a player, if in play.
    public func koala(of number: Int) -> Koala? { koalas.first { $0.number == number } }
}
