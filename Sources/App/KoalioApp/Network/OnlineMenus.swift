import KoalioCore
import KoalioFlow
import KoalioInternet
import KoalioNet
import KoalioLocalServer
import KoalioSockets
import KoalioSystem

/// Play online's devices beside the game loop: the join form's try (its socket pumped each
/// frame until the host answers; for a room code, first its room entered and the path found),
/// the games found on this network while the form is open, and the answers to others' probes
/// while a game hosted here waits for players. What they come to reaches the flow as
/// ``OnlineNews``.
@MainActor
final class OnlineMenus {
    /// The join form's try, until the host let us in (then it is the game's network) or not;
    /// the host's level once looked for (the welcome is answered once).
    private var joining: (net: OnlineStart, address: String, level: LevelRef??)?
    /// The join form's room code before its path is found: the meeting opening (off the game's
    /// thread), then polled here until it connects (then it is ``joining``'s link).
    private var roomTry: RoomTry?
    private struct RoomTry {
        var opening: RoomOpening?
        var meeting: RoomMeeting?
        let code: RoomCode
        let place: NetSetup.RoomPlace
        let localPlayers: Int
    }
    private var finder: LANDiscovery.Finder?
    private var responder: LANDiscovery.Responder?
    /// A discovery socket could not be opened: it is not tried again every frame (the finder's
    /// while this game runs; the responder's while this game hosted waits).
    private var finderBroken = false, responderBroken = false
    private(set) var found: [FoundGame] = []

    /// The join form's address to start from: this machine's network with the last number to
    /// type (`192.168.1.`), found once.
    lazy var addressHint: String = {
        guard let lan = PhoneServer.defaultRouteAddresses().addresses.first(where: { !$0.host.contains(":") })?.host,
              let lastDot = lan.lastIndex(of: ".") else { return "" }
        return String(lan[...lastDot])
    }()

    /// A game discovery found, as the join form lists it.
    static func foundGame(_ found: LANDiscovery.Found) -> FoundGame {
        FoundGame(address: found.game.address.description, levelName: found.game.levelName, here: found.game.here, expected: found.game.expected,
                  onThisNetwork: found.onThisNetwork)
    }

    /// Join: the socket opened and the first hello on its way; nil, or why not at once.
    func join(address text: String, code: String, localPlayers: Int) -> OnlineNews? {
        cancelJoin()
        guard let address = NetSetup.joinAddress(text) else { return .failed(.badAddress) }
        do {
            joining = (try NetSetup.startJoin(address, code: code, localPlayers: localPlayers), text, nil)
            return nil
        } catch {
            return .failed(.cannotJoin(error.problem))
        }
    }

    /// Join by room code: the room's meeting begun (its opening off the game's thread); nil, or
    /// why not at once (no rendezvous, no whole code).
    func joinRoom(code text: String, place: NetSetup.RoomPlace?, localPlayers: Int) -> OnlineNews? {
        cancelJoin()
        guard let place else { return .failed(.noRendezvous) }
        guard let code = RoomCode(text) else { return .failed(.noRoomCode) }
        roomTry = RoomTry(opening: RoomOpening(.joiner, code: code, place), meeting: nil, code: code, place: place, localPlayers: localPlayers)
        return nil
    }

    /// The try to join given up (Back) or over: the host is told if it had let us in; a room's
    /// meeting ends.
    func cancelJoin() {
        joining?.net.leave()
        joining = nil
        roomTry?.opening?.cancel()
        roomTry?.meeting?.close()
        roomTry = nil
    }

    /// The room code's try, one frame: its opening looked at, its meeting polled; once connected
    /// the session says hello over its path (``joining``). A failure, as the flow hears it.
    private func pollRoomTry(at now: Double, verbose: Bool) -> OnlineNews? {
        guard var room = roomTry else { return nil }
        if let opening = room.opening {
            switch opening.take() {
            case nil: return nil
            case let .opened(meeting):
                room.opening = nil
                room.meeting = meeting
                roomTry = room
            case let .failed(failure):
                roomTry = nil
                return .failed(.roomFailed(failure))
            }
        }
        guard let meeting = room.meeting else { return nil }
        do {
            guard try NetSetup.pathFound(meeting, at: now, verbose: verbose) else { return nil }
        } catch {
            roomTry = nil
            return .failed(.roomFailed(error))
        }
        roomTry = nil
        let link = NetLink(meeting: meeting, rendezvous: room.place.rendezvous, verbose: verbose)
        joining = (NetSetup.roomJoiner(link, code: room.code, localPlayers: room.localPlayers), "room \(room.code)", nil)
        return nil
    }

    /// The try let in, with its level loaded: it is the game's network now.
    func takeJoined() -> OnlineStart? {
        defer { joining = nil }
        return joining?.net
    }

    /// One frame: the try's datagrams pumped (the host's answer: welcomed with its level found
    /// here, or why not), the games found while `finding`, probes answered for `hosted`.
    func poll(finding: Bool, hosted: (port: UInt16?, session: NetSession)?, verbose: Bool,
              levels: (_ sha256: [UInt8], _ name: String) -> LevelRef?) -> OnlineNews? {
        let now = MonotonicClock.seconds()
        if finding, finder == nil, !finderBroken {
            do { finder = try LANDiscovery.Finder() } catch {
                finderBroken = true
                StandardError.writeLine("koalio: warning: finding games on this network: \(error.description)")
            }
        }
        if !finding { finder = nil }
        found = (finder?.poll(at: now) ?? []).map(Self.foundGame)
        if let hosted {
            if responder == nil, !responderBroken {
                // Another game hosted here shares the port; a refusal only means no answers.
                do { responder = try LANDiscovery.Responder() } catch { responderBroken = true }
            }
            responder?.answer(gamePort: hosted.port, session: hosted.session, at: now)
        } else {
            responder = nil
            responderBroken = false
        }
        if let news = pollRoomTry(at: now, verbose: verbose) { return news }
        guard let (net, address, looked) = joining else { return nil }
        net.exchange()
        // A room's meeting that failed before the host's welcome came: said now, not after the
        // join's give-up.
        for case let .failed(problem) in net.link.takeNews() where looked == nil {
            cancelJoin()
            return .failed(problem)
        }
        switch net.phase {
        case let .welcomed(welcome):
            if let level = looked { return level.map(OnlineNews.welcomed) }  // told already; the flow loads it
            guard let level = levels(welcome.levelSHA256, welcome.levelName) else {
                net.levelMissing()
                joining = nil
                return .failed(.noLevel(welcome.levelName))
            }
            joining?.level = .some(level)
            StandardError.writeLine(NetSetup.joinedLine(address, welcome))
            return .welcomed(level)
        case let .finished(outcome):
            joining = nil
            return .failed(Self.problem(outcome, address: address))
        default:
            return nil
        }
    }

    /// The welcome's level, as loaded (its digest checked again: the file found may have changed).
    func joinedLevelMatches(_ sha256: [UInt8]) -> Bool {
        guard case let .welcomed(welcome)? = joining?.net.phase else { return false }
        return welcome.levelSHA256 == sha256
    }

    /// Why a try to join ended, as the join form says it.
    static func problem(_ outcome: NetOutcome, address: String) -> OnlineProblem {
        switch outcome {
        case let .refused(reason):
            switch reason {
            case .wrongCode: .wrongCode
            case .codeOff: .codeOff
            case let .lockedOut(seconds): .lockedOut(seconds: seconds)
            case .full, .started: .fullOrStarted
            case .version: .otherVersion
            }
        case .noAnswer: .noAnswer(address: address)
        case .desync, .otherDesynced, .hostLost, .done, .quit, .noLevel, .removed: .ended(OnlineGame.end(outcome) ?? .hostGone)
        }
    }
}
