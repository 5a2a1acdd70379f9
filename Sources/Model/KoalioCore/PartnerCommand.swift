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
