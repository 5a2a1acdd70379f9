/// The simulation's whole view of the player's intent for one 60 Hz tick.
///
/// Every control scheme (keyboard, pad, HUD, replay) is reduced to one of these per tick, so
/// the simulation never learns where input came from, and a list of them replays a run exactly.
public struct Command: Hashable, Sendable, Codable {
    /// Walking strength and direction, −1 (full left) … 1 (full right).
    public var moveX: Double
    /// Jump button held this tick (the simulation finds the press edge itself).
    public var jump: Bool
    /// Dash button held this tick.
    public var dash: Bool

    public init(moveX: Double = 0, jump: Bool = false, dash: Bool = false) {
        self.moveX = max(-1, min(1, moveX.isFinite ? moveX : 0))
        self.jump = jump
        self.dash = dash
    }

    public static let idle = Command()

}
