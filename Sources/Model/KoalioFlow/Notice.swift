import KoalioText

/// A passing line over the level, as a value: what happened, with the names it needs. The
/// state keeps the value and the view puts its ``text`` in the player's words when it draws it,
/// so tests compare what happened, not English.
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
    package var text: Text {
        switch self {
        case let .padConnected(pad): .message(.padConnected, [.padName(pad)])
        case let .padDisconnected(pad): .message(.padDisconnected, [.padName(pad)])
        case let .playerPadLost(player): .message(.playerPadLost, [.number(player)])
        case let .playerPadReturned(player, pad): .message(.playerPadReturned, [.number(player), .padName(pad)])
        case let .playerJoined(player, pad): .message(.playerJoined, [.number(player), .padName(pad)])
        case let .playerLeft(player): .message(.playerLeft, [.number(player)])
        case let .levelReloaded(file, keptPlace): .message(keptPlace ? .levelReloaded : .levelReloadedAtSpawn, [.verbatim(file)])
        }
    }
}
