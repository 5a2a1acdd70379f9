import KoalioAdmission
import FoundationEssentials
import Glibc
import KoalioCore
import KoalioLevel
import KoalioFlow
import KoalioLevelFile
import KoalioInternet
import KoalioNet
import KoalioSockets
import KoalioLocalServer
import KoalioSim
import KoalioSystem
import KoalioUserData
import KoalioUserFiles

/// `--host` and `--join` set up: the socket opened, the session made, a joiner let in and the
/// host's level found here, before the game's window opens.
@MainActor
enum NetSetup {
    /// How often a joiner looks for the host's answer while it waits (seconds).
    static let joinPollSeconds = 0.01

    /// `--host`: the socket listening, the game waiting for `--joiners`; the address and code
    /// said on stderr (and shown on screen).
    static func host(_ options: GameOptions, level: LevelFile, session: Session) throws(KoalioError) -> OnlineStart {
        guard let text = options.host, let address = NetAddress(parsing: text, anyPort: true) else { throw .network(doing: "--host", reason: "no address") }
        let socket: UDPSocket
        do { socket = try UDPSocket(binding: address, sharing: .peers) } catch { throw .network(doing: "--host: \(error.doing)", reason: error.reason) }
        return host(on: socket, options, levelName: level.map.name, sha256: level.sha256, session: session, joiners: options.joiners ?? 1,
                    endTick: options.ticks)
    }

    /// Play online → Host: the game on every address, IPv6 and IPv4 (IPv4 alone on a machine
    /// without IPv6), at ``NetSession/defaultPort`` (any free port when another game has it),
    /// waiting for four koalas (`--joiners N` machines when given) or its host's start; no end
    /// tick (the players leave when they like).
    static func hostFromMenus(_ options: GameOptions, levelName: String, sha256: [UInt8], session: Session) throws(UDPSocket.Failure) -> OnlineStart {
        var socket: UDPSocket?
        var failure: UDPSocket.Failure?
        for any in [[UInt8](repeating: 0, count: 16), [0, 0, 0, 0]] {
            for port in [NetSession.defaultPort, 0] where socket == nil {
                do { socket = try UDPSocket(binding: NetAddress(host: any, port: port), sharing: .peers) } catch { failure = error }
            }
        }
        guard let socket else { throw failure ?? UDPSocket.Failure(doing: "opening a UDP socket", code: EADDRNOTAVAIL) }
        let local = min(max(1, options.localPlayers ?? 1), NetMessage.maxSeats - 1)
        return host(on: socket, options, levelName: levelName, sha256: sha256, session: session,
                    joiners: options.joiners ?? NetMessage.maxSeats - local, endTick: nil)
    }

    private static func host(on socket: UDPSocket, _ options: GameOptions, levelName: String, sha256: [UInt8], session: Session, joiners: Int,
                             endTick: Int?) -> OnlineStart {
        var random = SystemRandomNumberGenerator()
        let code = options.sessionCode ?? PairingSecrets(using: &random).code
        let net = NetSession.host(code: code, localPlayers: options.localPlayers ?? 1, joiners: joiners,
                                  inputDelay: options.inputDelay ?? 2, levelName: levelName, levelSHA256: sha256,
                                  game: NetGame(session: session), endTick: endTick)
        let bound = socket.localAddress ?? NetAddress(host: [0, 0, 0, 0], port: 0)
        StandardError.writeLine("koalio: hosting on \(bound); session code \(code)")
        // Bound to every address: the one others on the network reach (the phones' choice; IPv4
        // first), of a family the socket hears (an IPv4 socket is not reached at an IPv6 address).
        // An IPv4 address first, as discovery lists the game (an address a player reads the same
        // on both screens): the default route's private one, else any of this machine's.
        var shown = bound.description
        let route = PhoneServer.defaultRouteAddresses().addresses.map(\.host)
        let ipv4 = route.first { !$0.contains(":") }
            ?? LANDiscovery.interfaces().own.first { $0.first != 127 }.map { $0.map(String.init).joined(separator: ".") }
        if bound.host.allSatisfy({ $0 == 0 }), let lan = ipv4 ?? (bound.host.count == 16 ? route.first : nil) {
            shown = (lan.contains(":") ? "[\(lan)]" : lan) + ":\(bound.port)"
        }
        return OnlineStart(link: NetLink(socket: socket), game: OnlineGame(session: net, invitation: OnlineGame.Invitation(address: shown, code: code),
                                                                          now: MonotonicClock.seconds()))
    }

    /// `--join`: says hello until the host answers (``NetSession/joinGiveUpSeconds``), and finds
    /// the host's level here by its file's SHA-256: the level's reference for `--level` (a
    /// catalog name, `PACK/NAME`) and the session waiting for its game.
    static func join(_ options: GameOptions, dataDirectory: String) throws(KoalioError) -> (net: OnlineStart, level: String) {
        guard let text = options.join, let code = options.sessionCode, let hostAddress = NetAddress(parsing: text) else {
            throw .network(doing: "--join", reason: "no address")
        }
        let net: OnlineStart
        do { net = try startJoin(hostAddress, code: code, localPlayers: options.localPlayers ?? 1) } catch {
            throw .network(doing: "--join: \(error.doing)", reason: error.reason)
        }
        return (net, try awaitWelcome(net, address: text, joining: "--join \(text)", dataDirectory: dataDirectory))
    }

    /// Says hello until the host answers (``NetSession/joinGiveUpSeconds``), then finds the host's
    /// level here by its file's SHA-256 (the host is told when it is missing); `address` as the
    /// lines say it (`192.168.1.20:7000`, `room K7M-3QX`), `joining` as its errors name the option.
    private static func awaitWelcome(_ net: OnlineStart, address: String, joining: String, dataDirectory: String) throws(KoalioError) -> String {
        while true {
            net.exchange()
            switch net.phase {
            case let .welcomed(welcome):
                guard let level = level(sha256: welcome.levelSHA256, named: welcome.levelName, dataDirectory: dataDirectory) else {
                    net.levelMissing()
                    throw .hostLevelMissing(joining: joining, level: welcome.levelName, sha256: HexDigits.text(welcome.levelSHA256))
                }
                StandardError.writeLine(joinedLine(address, welcome))
                return level
            case let .finished(outcome):
                throw .joinFailed(joining: joining, reason: OnlineGame.describe(outcome))
            default:
                usleep(useconds_t(joinPollSeconds * 1_000_000))
            }
        }
    }

    /// stderr's line for a joiner let in: `koalio: joined ADDRESS as player 2, on level1`.
    static func joinedLine(_ address: String, _ welcome: NetMessage.Welcome) -> String {
        let players = (welcome.firstSeat + 1...welcome.firstSeat + welcome.seatCount).map(String.init).joined(separator: ", ")
        return "koalio: joined \(address) as player\(welcome.seatCount > 1 ? "s" : "") \(players), on \(welcome.levelName)"
    }

    /// A joiner's socket opened and its first hello due: the host's answer comes as the socket is
    /// pumped (``OnlineStart/exchange()``).
    static func startJoin(_ host: NetAddress, code: String, localPlayers: Int) throws(UDPSocket.Failure) -> OnlineStart {
        let socket = try UDPSocket(binding: NetAddress(host: Array(repeating: 0, count: host.host.count), port: 0))
        // The host's datagrams alone reach it: a flood from elsewhere is turned away by the kernel.
        try socket.connect(to: host)
        var random = SystemRandomNumberGenerator()
        let session = NetSession.join(host: host, code: code, localPlayers: localPlayers, nonce: random.next(), at: MonotonicClock.seconds())
        return OnlineStart(link: NetLink(socket: socket), game: OnlineGame(session: session, now: MonotonicClock.seconds()))
    }

    // MARK: - A room code's game (across the internet, through a rendezvous)

    /// `--host-room`: a room on the rendezvous with a fresh code, made before the window opens
    /// (`koalio: room K7M-3QX`), the game waiting for the one machine that joins with it.
    static func hostRoom(_ options: GameOptions, level: LevelFile, session: Session) throws(KoalioError) -> OnlineStart {
        var random = SystemRandomNumberGenerator()
        let code = RoomCode(bits: random.next())
        let meeting: RoomMeeting
        let place = try RoomPlace.of(options, flag: "--host-room")
        do { meeting = try meet(.host, code: code, place) } catch { throw .network(doing: "--host-room", reason: error.description) }
        let pause = { usleep(useconds_t(joinPollSeconds * 1_000_000)); return true }
        if let failure = meeting.open(clock: MonotonicClock.seconds, pause: pause) {
            throw .network(doing: "--host-room", reason: failure.description)
        }
        StandardError.writeLine("koalio: room \(code)")
        return roomHost(NetLink(meeting: meeting, rendezvous: place.rendezvous, verbose: options.verbose), code: code, options, levelName: level.map.name, sha256: level.sha256,
                        session: session, endTick: options.ticks, room: .open)
    }

    /// Play online → Host a game → Anywhere: the room made on a thread of its own (``RoomOpening``)
    /// while the waiting screen shows its code; `koalio: room K7M-3QX` said once it is open.
    static func hostRoomFromMenus(_ options: GameOptions, place: RoomPlace, levelName: String, sha256: [UInt8], session: Session) -> OnlineStart {
        var random = SystemRandomNumberGenerator()
        let code = RoomCode(bits: random.next())
        return roomHost(NetLink(opening: RoomOpening(.host, code: code, place), verbose: options.verbose), code: code, options, levelName: levelName,
                        sha256: sha256, session: session, endTick: nil, room: .opening)
    }

    /// A room's host: the session waiting for the one machine that joins with the code.
    private static func roomHost(_ link: NetLink, code: RoomCode, _ options: GameOptions, levelName: String, sha256: [UInt8], session: Session,
                                 endTick: Int?, room: RoomState) -> OnlineStart {
        let net = NetSession.host(code: code.symbols, localPlayers: options.localPlayers ?? 1, joiners: 1, inputDelay: options.inputDelay ?? 2,
                                  levelName: levelName, levelSHA256: sha256, game: NetGame(session: session), endTick: endTick)
        return OnlineStart(link: link, game: OnlineGame(session: net, invitation: OnlineGame.Invitation(address: link.rendezvous ?? "", code: code.description,
                                                                                                           room: room),
                                                        now: MonotonicClock.seconds()))
    }

    /// `--join-room CODE`: the room entered, the path found (within ``RoomMeeting/connectSeconds``),
    /// then joined as `--join` joins, over that path; a code no room has is one line.
    static func joinRoom(_ options: GameOptions, dataDirectory: String) throws(KoalioError) -> (net: OnlineStart, level: String) {
        guard let typed = options.joinRoom, let code = RoomCode(typed) else { throw .network(doing: "--join-room", reason: "no room code") }
        let meeting: RoomMeeting
        let place = try RoomPlace.of(options, flag: "--join-room")
        do { meeting = try meet(.joiner, code: code, place) } catch { throw .network(doing: "--join-room", reason: error.description) }
        do {
            while try !pathFound(meeting, at: MonotonicClock.seconds(), verbose: options.verbose) { usleep(useconds_t(joinPollSeconds * 1_000_000)) }
        } catch {
            throw .joinFailed(joining: "--join-room \(code)", reason: error.description)
        }
        let net = roomJoiner(NetLink(meeting: meeting, rendezvous: place.rendezvous, verbose: options.verbose), code: code, localPlayers: options.localPlayers ?? 1)
        return (net, try awaitWelcome(net, address: "room \(code)", joining: "--join-room \(code)", dataDirectory: dataDirectory))
    }

    /// One look at a joiner's meeting on its way to a path (`--join-room`'s wait, the join form's
    /// frames): whether the path is there (said on stderr with `--verbose` when it comes), or why
    /// the meeting failed.
    static func pathFound(_ meeting: RoomMeeting, at now: Double, verbose: Bool) throws(RoomFailure) -> Bool {
        for event in meeting.poll(at: now) {
            switch event {
            case .roomOpen: break
            case let .connected(relayed): if verbose { StandardError.writeLine(NetLink.pathLine(relayed: relayed)) }
            case let .failed(failure): throw failure
            }
        }
        return meeting.relayed != nil
    }

    /// A room's joiner, its path found: the session says hello over it.
    static func roomJoiner(_ link: NetLink, code: RoomCode, localPlayers: Int) -> OnlineStart {
        var random = SystemRandomNumberGenerator()
        let session = NetSession.join(host: NetLink.roomPeer, code: code.symbols, localPlayers: localPlayers, nonce: random.next(),
                                      at: MonotonicClock.seconds())
        return OnlineStart(link: link, game: OnlineGame(session: session, now: MonotonicClock.seconds()))
    }

    /// Where a room code's game meets: the rendezvous as the player named it, the certificate to
    /// trust for it, and whether this machine hides its address.
    struct RoomPlace: Sendable {
        var rendezvous: String
        var caFile: String?
        var relayOnly: Bool

        init(rendezvous: String, caFile: String?, relayOnly: Bool) {
            self.rendezvous = rendezvous
            self.caFile = caFile
            self.relayOnly = relayOnly
        }

        /// `--host-room` and `--join-room`'s: `--rendezvous`, or the settings' (``GameOptions/fillRoomSettings(from:)``).
        static func of(_ options: GameOptions, flag: String) throws(KoalioError) -> RoomPlace {
            guard let rendezvous = options.rendezvous, !rendezvous.isEmpty else {
                throw .network(doing: flag, reason: "no rendezvous: name one with --rendezvous HOST or [online] rendezvous in settings.toml "
                               + "(koalio operates none; docs/RENDEZVOUS.md)")
            }
            return RoomPlace(rendezvous: rendezvous, caFile: options.rendezvousCa, relayOnly: options.relayOnly)
        }

        /// Play online's: the settings' (and the command line's, which stand in for them); nil
        /// when they name no rendezvous.
        init?(_ settings: Settings) {
            guard !settings.rendezvous.isEmpty else { return nil }
            self.init(rendezvous: settings.rendezvous, caFile: settings.rendezvousCa.isEmpty ? nil : settings.rendezvousCa,
                      relayOnly: settings.hideMyAddress)
        }
    }

    /// The meeting begun: the rendezvous's address found (a name looked up once: before the
    /// game's window, or off its thread), its room service reached.
    nonisolated static func meet(_ role: RoomMeeting.Role, code: RoomCode, _ place: RoomPlace) throws(RoomFailure) -> RoomMeeting {
        guard let address = numericAddress(place.rendezvous) else { throw .noAddress(rendezvous: place.rendezvous) }
        return try RoomMeeting(role: role, code: code, rendezvous: address, domain: place.rendezvous, caFile: place.caFile, relayOnly: place.relayOnly)
    }

    /// `host`'s IPv4 address as text: itself when it is one, else looked up (the rendezvous's
    /// STUN and TURN take numbers).
    nonisolated static func numericAddress(_ host: String) -> String? {
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(found) }
        guard let socketAddress = first.pointee.ai_addr else { return nil }
        return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
            withUnsafeBytes(of: ipv4.pointee.sin_addr.s_addr) { $0.map(String.init).joined(separator: ".") }
        }
    }

    /// The join form's address: `a.b.c.d[:port]` or `[v6][:port]` (a bare IPv6 address too),
    /// at ``NetSession/defaultPort`` when no port is given.
    nonisolated static func joinAddress(_ text: String) -> NetAddress? {
        if let address = NetAddress(parsing: text) { return address }
        let colons = text.count { $0 == ":" }
        if text.hasPrefix("[") && text.hasSuffix("]") { return NetAddress(parsing: text + ":\(NetSession.defaultPort)") }
        if colons == 0 || colons > 1 && !text.hasPrefix("[") {
            return NetAddress(parsing: (colons > 1 ? "[\(text)]" : text) + ":\(NetSession.defaultPort)")
        }
        return nil
    }

    /// The level whose file has this SHA-256: the catalog's of that name first, then every
    /// catalog level, then every pack's (as `PACK/NAME`).
    static func level(sha256: [UInt8], named name: String, dataDirectory: String) -> String? {
        // Hashed, not parsed: only the one that matches is loaded (by the game, after).
        func matches(_ path: String) -> Bool { (try? TMXLoader.readLevelFile(path)).map(SHA256.hash) == sha256 }
        let names = Game.catalogNames(dataDirectory: dataDirectory)
        for candidate in ([name] + names) where PackManifest.isPlainName(candidate) && names.contains(candidate) {
            if matches(Game.levelPath(candidate, dataDirectory: dataDirectory)) { return candidate }
        }
        let shelf = LevelPackShelf.scan(LevelPackShelf.directories(environment: ProcessInfo.processInfo.environment, dataDirectory: dataDirectory))
        for pack in shelf.packs {
            for level in pack.manifest.levels where matches(pack.path(of: level)) { return "\(pack.id)/\(level)" }
        }
        return nil
    }
}

extension GameOptions {
    /// `--host-room` and `--join-room`: without `--rendezvous`, the settings' `[online]` rendezvous
    /// and its certificate; and Hide my address (read here, before the window; the file's
    /// problems are said when the settings are read for the game).
    /// Hide my address holds whichever rendezvous is used: a player who set it is never shown.
    mutating func fillRoomSettings(from path: String?) {
        guard let path else { return }
        let settings = SettingsFile.load(path: path, naming: SettingsStore.naming).settings
        if settings.hideMyAddress { relayOnly = true }
        guard rendezvous == nil, !settings.rendezvous.isEmpty else { return }
        rendezvous = settings.rendezvous
        if rendezvousCa == nil, !settings.rendezvousCa.isEmpty { rendezvousCa = settings.rendezvousCa }
    }
}

extension OnlineGame {
    /// How a networked game ended, in words for stderr.
    static func describe(_ outcome: NetOutcome) -> String {
        switch outcome {
        case .done: "done"
        case let .desync(tick): "desync at tick \(tick): the games on the two machines differ; the session ended"
        case .otherDesynced: "desync: the other machine found the games differ; the session ended"
        case .hostLost: "the host is gone (nothing heard for \(Int(NetSession.dropSeconds)) s, or it left)"
        case let .refused(reason):
            switch reason {
            case .wrongCode: "the host refused the session code"
            case .codeOff: "the host takes no more codes (too many wrong ones were tried) until it makes a new one"
            case let .lockedOut(seconds): "too many wrong codes from this address: wait \(seconds) s"
            case .full: "the game is full"
            case .started: "the game has started without us"
            case .version: "the host runs another koalio version"
            }
        case .noAnswer: "no answer (is a koalio hosting there, and the port open?)"
        case .noLevel: "the host's level is not here"
        case .removed: "the host removed this machine (it was not heard from for a while)"
        case .quit: "left"
        }
    }
}
