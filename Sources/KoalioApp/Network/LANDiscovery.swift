import Glibc
import KoalioFlow
import KoalioNet

/// Discovery's two ends on this machine's sockets (``Discovery`` is the datagrams): a joiner's
/// finder, which probes the network's broadcast addresses and this machine once a second and
/// lists the answers, and a host's responder, which answers probes while its game waits for
/// players. Where broadcasts do not pass (another subnet, a guest Wi-Fi), nothing is found and
/// the address is typed.
@MainActor
enum LANDiscovery {
    /// How often a finder probes, and how long a game unheard stays listed (seconds).
    static let probeSeconds = 1.0
    static let forgetSeconds = 3.5
    /// The most games listed: a flood of answers fills the list, never the screen or the frame.
    static let mostGames = 8
    /// The most answers a responder sends in a second: a flood of forged probes makes it answer
    /// a few, never a flood back.
    static let answersPerSecond = 20

    /// The joiner's end, open while the join form is.
    @MainActor
    final class Finder {
        private let socket: UDPSocket
        private var lastProbe = -Double.infinity
        /// By the address that answered (a stranger answering with another's game number is
        /// another row, at its own address).
        private var games: [NetAddress: (game: Discovery.Game, heard: Double)] = [:]
        /// This machine's addresses: a game here answers on loopback and on these, and is
        /// listed once, at the network's address.
        private let ownAddresses: [[UInt8]]
        /// Where probes go: every interface's broadcast address, the limited broadcast, and
        /// this machine (a game hosted in another window here).
        private let targets: [NetAddress]

        /// - Parameter port: where hosts listen for probes.
        init(port: UInt16 = LANDiscovery.port) throws(UDPSocket.Failure) {
            socket = try UDPSocket(binding: NetAddress(host: [0, 0, 0, 0], port: 0), broadcast: true)
            let interfaces = LANDiscovery.interfaces()
            targets = (interfaces.broadcast + [[255, 255, 255, 255], [127, 0, 0, 1]]).map { NetAddress(host: $0, port: port) }
            ownAddresses = interfaces.own
        }

        /// Probes when one is due, reads the answers, forgets games gone quiet; the games, by address.
        func poll(at now: Double) -> [FoundGame] {
            if now - lastProbe >= LANDiscovery.probeSeconds {
                lastProbe = now
                for target in targets { socket.send(Discovery.probe, to: target) }
            }
            var read = 0
            while read < NetPlay.datagramsPerPump, let (bytes, from) = socket.receive() {
                read += 1
                guard let game = Discovery.game(answer: bytes, from: from),
                      games[game.address] != nil || games.count < LANDiscovery.mostGames else { continue }
                games[game.address] = (game, now)
            }
            games = games.filter { now - $0.value.heard < LANDiscovery.forgetSeconds }
            let here = Set(games.values.filter { ownAddresses.contains($0.game.address.host) }.map(\.game.id))
            return games.values.map(\.game).filter { $0.address.host.first != 127 || !here.contains($0.id) }
                .sorted { $0.address.description < $1.address.description }.map {
                FoundGame(address: $0.address.description, levelName: $0.levelName, here: $0.here, expected: $0.expected)
            }
        }
    }

    /// The host's end, open while its game waits for players.
    @MainActor
    final class Responder {
        private let socket: UDPSocket
        private var second = 0.0
        private var answered = 0
        /// This game's number in the answers.
        private let gameID = UInt32.random(in: 1...UInt32.max)

        init(port: UInt16 = LANDiscovery.port) throws(UDPSocket.Failure) {
            socket = try UDPSocket(binding: NetAddress(host: [0, 0, 0, 0], port: port), shared: true)
        }

        /// Answers the probes waiting, about `net`'s game.
        func answer(for net: NetPlay, at now: Double) {
            if now - second >= 1 {
                second = now
                answered = 0
            }
            let session = net.session
            var read = 0
            while read < NetPlay.datagramsPerPump, let (bytes, from) = socket.receive() {
                read += 1
                guard Discovery.isProbe(bytes), answered < LANDiscovery.answersPerSecond, let port = net.localPort else { continue }
                answered += 1
                socket.send(Discovery.answer(gamePort: port, levelName: session.levelName, here: session.machinesHere,
                                             expected: session.machinesExpected, id: gameID), to: from)
            }
        }
    }

    /// The port probes go to (`KOALIO_DISCOVERY_PORT` moves it, for tests that must not meet a
    /// game hosted on the machine they run on).
    static let port: UInt16 = {
        if let text = getenv("KOALIO_DISCOVERY_PORT").map({ String(cString: $0) }), let port = UInt16(text), port > 0 { return port }
        return Discovery.port
    }()

    /// Every IPv4 interface that is up: its address, and its broadcast address if it broadcasts.
    static func interfaces() -> (own: [[UInt8]], broadcast: [[UInt8]]) {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return ([], []) }
        defer { freeifaddrs(list) }
        func bytes(_ address: UnsafeMutablePointer<sockaddr>) -> [UInt8] {
            let raw = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            return withUnsafeBytes(of: raw) { Array($0) }
        }
        var own: [[UInt8]] = [], broadcast: [[UInt8]] = []
        var next = list
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            let flags = entry.pointee.ifa_flags
            guard flags & UInt32(IFF_UP) != 0, let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET else { continue }
            own.append(bytes(address))
            if flags & UInt32(IFF_BROADCAST) != 0, let to = entry.pointee.ifa_ifu.ifu_broadaddr, !broadcast.contains(bytes(to)) {
                broadcast.append(bytes(to))
            }
        }
        return (own, broadcast)
    }
}
