import KoalioCore

/// Every number that shapes how the koala moves, in one place, in ticks and pixels.
///
/// The per-second figures are the original game's (../shared/MECHANICS.md), converted to the
/// fixed 60 Hz tick; y grows downward here, so "up" velocities are negative.
public enum Tuning {
    private static let dt = Tick.seconds

    /// Gravity: 450 pt/s² in the original.
    public static let gravityPerTick2 = 450.0 * dt * dt
    /// Walking force at full stick: 800 pt/s².
    public static let walkForcePerTick2 = 800.0 * dt * dt
    /// Velocity kept each tick along x (the original's `velocity.x *= 0.90` per 60 Hz frame).
    public static let frictionPerTick = 0.90
    /// Top walking speed: 120 pt/s (also the steady state of force and friction).
    public static let walkMaxSpeedPerTick = 120.0 * dt
    /// Dashing raises the top speed to 210 pt/s, and the force in proportion so it is reached.
    public static let dashMaxSpeedPerTick = 210.0 * dt
    public static let dashForcePerTick2 = walkForcePerTick2 * (210.0 / 120.0)
    /// Take-off speed: the original's 310 impulse, cut to 250 pt/s by its clamp.
    public static let jumpSpeedPerTick = 250.0 * dt
    /// Releasing jump while rising faster than 150 pt/s cuts the rise (variable jump height).
    public static let jumpCutSpeedPerTick = 150.0 * dt
    /// Terminal fall speed: 450 pt/s.
    public static let maxFallSpeedPerTick = 450.0 * dt
    /// Ticks after walking off a ledge during which a jump still takes off.
    public static let coyoteTicks = 6
    /// Ticks a jump press is remembered, counting the press tick; the jump takes off on the
    /// first tick that starts on ground (the one after landing).
    public static let jumpBufferTicks = 6

    /// The koala's collision box: the 18×26 sprite inset 2 pt on each side along x.
    public static let koalaWidthPoints = 14.0
    public static let koalaHeightPoints = 26.0
    /// Spikes forgive this much overlap on every side, so grazing a tip does not kill.
    public static let hazardForgivenessPoints = 3.0
    /// Falling this far below the map's bottom edge is death.
    public static let fallDeathMarginPoints = 32.0

    // Co-op (players 2–4).
    /// A koala that dies while a teammate lives comes back beside one after this long: 2 s.
    public static let respawnTicks = 2 * Tick.perSecond
    /// A koala out of the camera's view this long in a row is moved beside the leader: 1 s.
    public static let catchUpTicks = Tick.perSecond
    /// How far beside a teammate a koala is placed (joining, respawning, catching up): the
    /// koala's width and a little air, measured feet to feet.
    public static let besideOffsetPoints = koalaWidthPoints + 4

    // Level objects (checkpoints, leaves, critters).
    /// A critter's box: a small animal one tile wide.
    public static let critterWidthPoints = 14.0
    public static let critterHeightPoints = 12.0
    /// A critter walks at 30 pt/s (half a pixel a tick: exact in binary).
    public static let critterSpeedPerTick = 30.0 * dt
    /// A koala lands on a critter when its feet were at most this far below the critter's top
    /// on the tick before they met (otherwise it ran into its side).
    public static let stompToleranceRisePoints = 4.0
    /// Landing on a critter throws the koala up at take-off speed; let go of jump and the
    /// usual cut (``jumpCutSpeedPerTick``) makes it a small hop, hold it for a full jump.
    public static let stompBounceSpeedPerTick = jumpSpeedPerTick
}
