import Glibc
import KoalioNet

/// Discovery's two ends on this machine's sockets (``Discovery`` is the datagrams): a joiner's
/// finder, which probes the network's broadcast addresses and this machine once a second and
/// lists the answers, and a host's responder, which answers probes while its game waits for
/// players. Where broadcasts do not pass (another subnet, a guest Wi-Fi), nothing is found and
/// the address is typed.
@MainActor
public enum LANDiscovery {
    /// How often a finder probes, and how long a game unheard stays listed (seconds).
    public static let probeSeconds = 1.0
    public static let forgetSeconds = 3.5
    /// The most games listed: a flood of answers fills the list, never the screen or the frame
    /// (and a game on this machine's own network takes the place of one that is not).
    public static let mostGames = 8
    /// The most answers a responder sends each prober in a second (a finder probes each of its
    /// targets once a second): forged probes get their own few answers, none of a real finder's.
    /// No answer is longer than its probe, so a forged sender gains nothing by it.
    public static let answersPerSourcePerSecond = 4
    /// Probers remembered in a second: past this many, a new one waits for the next second.
    public static let mostSourcesPerSecond = 4096
    /// Datagrams read in one look at a discovery socket at most (a flood waits in the kernel).
    static let readsPerPoll = 4096

    /// A game found: where to join it, its level, its players, and whether its address is this
    /// machine's or on one of its networks (marked on the join form).
    public struct Found: Equatable, Sendable {
        public var game: Discovery.Game
        public var onThisNetwork: Bool
    }

    /// The joiner's end, open while the join form is.
    @MainActor
    public final class Finder {
        private let socket: UDPSocket
        private var lastProbe = -Double.infinity
        /// By the address that answered (a stranger answering with another's game number is
        /// another row, at its own address), with when it was heard first and last.
        private var games: [NetAddress: (game: Discovery.Game, first: Double, heard: Double)] = [:]
        /// This machine's addresses: a game here answers on loopback and on these, and is
        /// listed once, at the network's address.
        private let ownAddresses: [[UInt8]]
        /// This machine's networks (address and mask, loopback's left out): a game on one of
        /// them, or at one of this machine's own addresses, is marked.
        private let networks: [(address: [UInt8], mask: [UInt8])]
        /// Where probes go: every interface's broadcast address, the limited broadcast, and
        /// this machine (a game hosted in another window here).
        private let targets: [NetAddress]

        /// - Parameter port: where hosts listen for probes.
        public init(port: UInt16 = LANDiscovery.port) throws(UDPSocket.Failure) {
            socket = try UDPSocket(binding: NetAddress(host: [0, 0, 0, 0], port: 0), broadcast: true)
            let interfaces = LANDiscovery.interfaces()
            targets = (interfaces.broadcast + [[255, 255, 255, 255], [127, 0, 0, 1]]).map { NetAddress(host: $0, port: port) }
            ownAddresses = interfaces.own
            networks = interfaces.networks.filter { $0.address.first != 127 }
        }

        /// Whether `host` is one of this machine's addresses or on one of its networks (another
        /// 127.x.y.z is any program here, not this machine's game: unmarked).
        private func onThisNetwork(_ host: [UInt8]) -> Bool {
            ownAddresses.contains(host)
                || networks.contains { network in host.count == 4 && (0..<4).allSatisfy { host[$0] & network.mask[$0] == network.address[$0] & network.mask[$0] } }
        }

        /// The port its probes come from (where answers go).
        public var localPort: UInt16? { socket.localAddress?.port }

        /// Probes when one is due, reads the answers, forgets games gone quiet; the games, by address.
        public func poll(at now: Double) -> [Found] {
            if now - lastProbe >= LANDiscovery.probeSeconds {
                lastProbe = now
                for target in targets { socket.send(Discovery.probe, to: target) }
            }
            var reading = UDPSocket.Reading(budget: LANDiscovery.readsPerPoll)
            while let (bytes, from) = socket.receive(wanted: { _ in true }, &reading) {
                guard let game = Discovery.game(answer: bytes, from: from) else { continue }
                if let known = games[game.address] {
                    games[game.address] = (game, known.first, now)
                } else if games.count < LANDiscovery.mostGames {
                    games[game.address] = (game, now, now)
                } else if onThisNetwork(game.address.host),
                          let stranger = games.filter({ !onThisNetwork($0.key.host) }).max(by: { $0.value.first < $1.value.first }) {
                    games[stranger.key] = nil  // the newest of those from elsewhere makes room
                    games[game.address] = (game, now, now)
                }
            }
            games = games.filter { now - $0.value.heard < LANDiscovery.forgetSeconds }
            let here = Set(games.values.filter { ownAddresses.contains($0.game.address.host) }.map(\.game.id))
            // In the order first heard: a row does not move under the player's selection.
            return games.values.filter { $0.game.address.host.first != 127 || !here.contains($0.game.id) }
                .sorted { ($0.first, $0.game.address.description) < ($1.first, $1.game.address.description) }
                .map { Found(game: $0.game, onThisNetwork: onThisNetwork($0.game.address.host)) }
        }
    }

    /// The host's end, open while its game waits for players.
    @MainActor
    public final class Responder {
        private let socket: UDPSocket
        private var second = 0.0
        /// Answers sent this second, by prober.
        private var answered: [NetAddress: Int] = [:]
        /// This game's number in the answers.
        private let gameID = UInt32.random(in: 1...UInt32.max)

        public init(port: UInt16 = LANDiscovery.port) throws(UDPSocket.Failure) {
            socket = try UDPSocket(binding: NetAddress(host: [0, 0, 0, 0], port: port), sharing: .shared)
        }

        /// Answers the probes waiting, about a game on `gamePort` (nil: the game's socket has
        /// none to say: no answer) with `session`'s level and players.
        public func answer(gamePort: UInt16?, session: NetSession, at now: Double) {
            if now - second >= 1 {
                second = now
                answered = [:]
            }
            var reading = UDPSocket.Reading(budget: LANDiscovery.readsPerPoll)
            while let (bytes, from) = socket.receive(wanted: { _ in true }, &reading) {
                let sent = answered[from] ?? 0
                guard Discovery.isProbe(bytes), sent < LANDiscovery.answersPerSourcePerSecond,
                      sent > 0 || answered.count < LANDiscovery.mostSourcesPerSecond, let port = gamePort else { continue }
                answered[from] = sent + 1
                socket.send(Discovery.answer(gamePort: port, levelName: session.levelName, here: session.machinesHere,
                                             expected: session.machinesExpected, id: gameID), to: from)
            }
        }
    }

    /// The port probes go to (`KOALIO_DISCOVERY_PORT` moves it, for tests that must not meet a
    /// game hosted on the machine they run on).
    public static let port: UInt16 = {
        if let text = getenv("KOALIO_DISCOVERY_PORT").map({ String(cString: $0) }), let port = UInt16(text), port > 0 { return port }
        return Discovery.port
    }()

    /// Every IPv4 interface that is up: its address, its broadcast address if it broadcasts, and
    /// its network (address and mask).
    public static func interfaces() -> (own: [[UInt8]], broadcast: [[UInt8]], networks: [(address: [UInt8], mask: [UInt8])]) {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return ([], [], []) }
        defer { freeifaddrs(list) }
        func bytes(_ address: UnsafeMutablePointer<sockaddr>) -> [UInt8] {
            let raw = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            return withUnsafeBytes(of: raw) { Array($0) }
        }
        var own: [[UInt8]] = [], broadcast: [[UInt8]] = [], networks: [(address: [UInt8], mask: [UInt8])] = []
        var next = list
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            let flags = entry.pointee.ifa_flags
            guard flags & UInt32(IFF_UP) != 0, let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET else { continue }
            own.append(bytes(address))
            if let mask = entry.pointee.ifa_netmask { networks.append((bytes(address), bytes(mask))) }
            if flags & UInt32(IFF_BROADCAST) != 0, let to = entry.pointee.ifa_ifu.ifu_broadaddr, !broadcast.contains(bytes(to)) {
                broadcast.append(bytes(to))
            }
        }
        return (own, broadcast, networks)
    }
}
