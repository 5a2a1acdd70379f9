/// A passing line over the level, as a value: what happened, with the names it needs. The
/// state keeps the value and the view turns it into ``words`` when it draws it (where a
/// translation will be looked up), so tests compare what happened, not English.
package enum Notice: Equatable, Sendable {
    /// A pad was plugged in or unplugged (its name, as SDL gives it).
    case padConnected(pad: String)
    case padDisconnected(pad: String)
    /// A co-op player's pad went away (their seat waits), or came back.
    case playerPadLost(player: Int)
    case playerPadReturned(player: Int, pad: String)
    /// A free pad joined as this player; a player left.
    case playerJoined(player: Int, pad: String)
    case playerLeft(player: Int)
    /// `--watch`: the level file (by its name) was loaded again; the koala kept its place or
    /// went back to the spawn.
    case levelReloaded(file: String, keptPlace: Bool)

    /// The line as the player reads it.
    package var words: String {
        switch self {
        case let .padConnected(pad): "\(pad) connected"
        case let .padDisconnected(pad): "\(pad) disconnected"
        case let .playerPadLost(player): "Player \(player)'s pad disconnected"
        case let .playerPadReturned(player, pad): "Player \(player): \(pad) connected"
        case let .playerJoined(player, pad): "Player \(player): \(pad) joined"
        case let .playerLeft(player): "Player \(player) left"
        case let .levelReloaded(file, keptPlace): "\(file) reloaded" + (keptPlace ? "" : ": the koala's spot is not free, back at the spawn")
        }
    }
}
