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

/// The whole simulation state: a value that can be compared, hashed and copied.
/// The level it runs in is separate and immutable (``TileMap``).
public struct World: Hashable, Sendable, Codable {
    public var player: Player
    public var state: RunState
    /// Simulation ticks run in this level (stops counting once the run ends).
    public var tick: Int

    /// A fresh run at the map's spawn point.
    public init(map: TileMap) {
        player = Player(feet: map.spawn)
        state = .playing
        tick = 0
    }
}
