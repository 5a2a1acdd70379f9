import KoalioCore

/// Co-op seats: players 2–4, each with their pad (or none while it is away) and how long they
/// have held Back to leave. A value the game's state holds (who plays is the game's to decide);
/// the registry is handed it to route each pad's input to its player and light the pads.
public struct Seating: Equatable, Sendable {
    public init() {}

    /// Players 2–4 who joined, by player number.
    public private(set) var seats: [Int: Seat] = [:]
    /// Ticks each seated player has held Back / View / Create.
    private var backHeldTicks: [Int: Int] = [:]

    /// Phones that may be connected at once: four players in all, less the players steering
    /// with controllers that are not phones (player 1's controller in use, `playerOne`, and the
    /// seated players' pads, away ones included: their seat is kept). With no controller in use
    /// (the keyboard, the on-screen controls), player 1 takes no seat from phones: the first
    /// phone takes player 1's koala over.
    public func phoneSeats(phones: Set<ControllerID>, playerOne: ControllerID?) -> Int {
        let playerOneSeat = playerOne.map { phones.contains($0) ? 0 : 1 } ?? 0
        let others = seats.values.filter { seat in seat.pad.map { !phones.contains($0) } ?? true }.count
        return max(0, PartyLimits.players - playerOneSeat - others)
    }

    /// The seated player a pad belongs to, if any.
    public func player(of id: ControllerID) -> Int? { seats.values.first { $0.pad == id }?.player }

    /// Seated players whose pad is away, by number: their koalas wait for a pad.
    public var playersWithPadAway: [Int] { seats.values.filter { $0.pad == nil }.map(\.player).sorted() }

    /// Players 2–4 who joined, by number.
    public var players: [Int] { seats.keys.sorted() }

    /// Whether another player can join: a seat free, or one whose pad is away.
    public var hasRoom: Bool { seats.count < PartyLimits.players - 1 || !playersWithPadAway.isEmpty }

    /// A free pad takes the seat of a player whose pad is away (the lowest number), else the
    /// lowest free number; nil when every seat is taken.
    mutating func seat(_ controller: Controller) -> Int? {
        let player = playersWithPadAway.first ?? (2...PartyLimits.players).first { seats[$0] == nil }
        guard let player else { return nil }
        seats[player] = Seat(player: player, pad: controller.id, identity: controller.identity)
        backHeldTicks[player] = 0
        return player
    }

    /// Returns whether the player was seated.
    mutating func unseat(_ player: Int) -> Bool {
        backHeldTicks[player] = nil
        return seats.removeValue(forKey: player) != nil
    }

    /// A pad plugged back that is a waiting player's (by identity, the lowest number) sits
    /// there again; returns that player.
    mutating func returning(_ controller: Controller) -> Int? {
        guard controller.identity != .none,
              let player = seats.values.filter({ $0.pad == nil && $0.identity == controller.identity }).map(\.player).min() else { return nil }
        seats[player]?.pad = controller.id
        return player
    }

    /// A pad left: its player (if seated) keeps the seat, waiting for a pad; returns them.
    mutating func padLeft(_ id: ControllerID) -> Int? {
        guard let player = player(of: id) else { return nil }
        seats[player]?.pad = nil
        return player
    }

    /// One tick of a seated player holding Back (or not); returns whether they have held it
    /// long enough to leave.
    mutating func holdsBack(_ player: Int, _ holding: Bool) -> Bool {
        backHeldTicks[player] = holding ? (backHeldTicks[player] ?? 0) + 1 : 0
        return backHeldTicks[player] == ControllerRegistry.leaveHoldTicks
    }
}
