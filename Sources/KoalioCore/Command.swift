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

/// A co-op player's command for one tick: players 2–4, each steering their own koala.
///
/// A player is in play exactly on the ticks their command is given: the world adds their
/// koala on the first such tick (a join) and removes it on the first tick without (a leave),
/// so a list of these per tick replays joins and leaves too.
public struct PartnerCommand: Hashable, Sendable, Codable {
    /// 2…4.
    public var player: Int
    public var command: Command

    public init(player: Int, command: Command) {
        self.player = player
        self.command = command
    }
}

/// How many play at once.
public enum PartyLimits {
    /// Player 1 and up to three partners (the pads' player LEDs count to four).
    public static let players = 4
}
