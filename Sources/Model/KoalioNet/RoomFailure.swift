/// Why a game by room code could not meet, or could not go on before its path was found: said on
/// stderr in English (``description``: `koalio: room K7M-3QX: …`) and on the online pages in the
/// player's language (KoalioFlow's `OnlineProblem`).
public enum RoomFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No room has the code (the rendezvous refused a joiner's entry).
    case noSuchRoom(RoomCode)
    /// Another machine is joining the room already.
    case roomTaken(RoomCode)
    /// The room refused us for another reason: XMPP's condition.
    case refused(RoomCode, condition: String)
    /// The rendezvous's name has no IPv4 address.
    case noAddress(rendezvous: String)
    /// No connection to the rendezvous could begin.
    case unreachable(rendezvous: String)
    /// The rendezvous ended the session, or (with the system's words) the connection failed.
    case disconnected(detail: String?)
    /// The rendezvous made no room (a host) or let nobody in (a joiner) within the time.
    case rendezvousSilent(hosting: Bool, seconds: Int)
    /// The two machines found no path within the time.
    case timedOut(seconds: Int)
    /// The two machines have no path, not even through the relay.
    case noPath
    /// The other machine's key or connection details did not read.
    case peerRefused
    /// A library rooms need is not installed: the Debian package that has it.
    case missing(package: String)

    public var description: String {
        switch self {
        case let .noSuchRoom(code): "no game has the room code \(code)"
        case let .roomTaken(code): "someone else is already joining the room \(code)"
        case let .refused(code, condition): "the room \(code) refused us (\(condition))"
        case let .noAddress(rendezvous): "the rendezvous '\(rendezvous)' has no IPv4 address"
        case let .unreachable(rendezvous): "cannot reach the rendezvous at \(rendezvous)"
        case let .disconnected(detail?): "the rendezvous: the connection failed (\(detail))"
        case .disconnected(nil): "the rendezvous: the rendezvous ended the session"
        case let .rendezvousSilent(hosting, seconds): "the rendezvous \(hosting ? "made no room" : "let nobody in") within \(seconds) seconds"
        case let .timedOut(seconds): "no connection within \(seconds) seconds"
        case .noPath: "no path between the two machines, not even through the relay"
        case .peerRefused: "the other machine's connection details were refused"
        case let .missing(package): "rooms are not available: \(package) is not installed (Debian: apt install \(package))"
        }
    }
}
