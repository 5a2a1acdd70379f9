// koalio-online-probe: two machines meet through a rendezvous by a room code, connect with ICE
// and exchange sealed pings, as the game does before its first shared tick; for the internet
// lab's tests and `make bench`'s figures (time to connect, the path, the round trip).
//
//   koalio-online-probe host|join CODE --rendezvous IP [--ca FILE] [--relay-only] [--pings N]
//
// Prints (the host, once its room is made) `room K7M-3QX`, then `connected in N ms, path
// direct|relayed`, then (the host)
// `rtt median N ms, p99 N ms, N/N pings`; exits 0 when done, 1 when it could not connect
// within 20 s (the reason in one line), 2 for bad arguments.
import Glibc
import KoalioInternet
import KoalioNet

func fail(_ line: String, status: Int32 = 1) -> Never {
    let bytes = Array("koalio-online-probe: \(line)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
@MainActor func flag(_ name: String) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
}
guard let server = option("--rendezvous") else { fail("--rendezvous IP is needed", status: 2) }
let caFile = option("--ca")
let pings = Int(option("--pings") ?? "100") ?? 100
let relayOnly = flag("--relay-only")
let verbose = flag("--verbose")
guard arguments.count == 2, ["host", "join"].contains(arguments[0]), let code = RoomCode(arguments[1]) else {
    fail("usage: koalio-online-probe host|join CODE --rendezvous IP [--ca FILE] [--relay-only] [--pings N]", status: 2)
}
let hosting = arguments[0] == "host"

let started = now()
let client: RoomClient
do { client = try RoomClient(server: server, domain: server, role: hosting ? .host : .guest, caFile: caFile) } catch {
    fail("cannot reach the rendezvous at \(server)")
}
var stun: (address: String, port: UInt16)?
var relay: IceLink.Relay?
var link: IceLink?
var seal: DatagramSeal?
var hostKey: [UInt8]?
var offered = false, answered = false
var theirDescription: String?
var peerRelayOnly = false
var connectedAt: Double?
var sentAt: [Int: Double] = [:]
var roundTrips: [Double] = []
var nextPing = 0
var lastPing = 0.0
var echoed = 0
var lastState = ""
var peerReady = false, saidReady = false

/// The addresses a peer's description offers (`a=candidate:… udp PRIORITY ADDRESS PORT typ …`).
func candidateAddresses(_ description: String) -> [String] {
    description.split(separator: "\n").filter { $0.hasPrefix("a=candidate:") }.compactMap { line in
        let fields = line.split(separator: " ")
        guard fields.count > 5 else { return nil }
        // Every address in the line: the candidate's own, and any related address (raddr).
        let related = fields.firstIndex(of: "raddr").flatMap { $0 + 1 < fields.count ? " via \(fields[$0 + 1])" : nil } ?? ""
        let type = fields.firstIndex(of: "typ").flatMap { $0 + 1 < fields.count ? "/\(fields[$0 + 1])" : nil } ?? ""
        return "\(fields[4]):\(fields[5])\(type)\(related)"
    }
}

@MainActor func makeLink(forceRelay: Bool) {
    do { link = try IceLink(controlling: hosting, stun: stun, relay: relay, relayOnly: forceRelay) } catch { fail("ICE could not start") }
}

while true {
    let time = now()
    if connectedAt == nil, time - started > 20 { fail("not connected within 20 s (ICE: \(link.map { "\($0.state)" } ?? "not started"))") }
    for event in client.poll() {
        if verbose { print("\(Int((time - started) * 1000)) ms: \(event)".prefix(160)) }
        switch event {
        case .online:
            client.askForServices()
        case let .services(services):
            if let found = services.first(where: { $0.type == "stun" }) { stun = (found.host, found.port) }
            if let found = services.first(where: { $0.type == "turn" }), let user = found.username, let password = found.password {
                relay = IceLink.Relay(address: found.host, port: found.port, username: user, password: password)
            }
            client.join(room: code.symbols.lowercased(), nick: hosting ? "host" : "joiner")
            makeLink(forceRelay: relayOnly)  // gathering starts now, while the room is set up
        case .joined:
            if hosting {
                print("room \(code)")  // made: a joiner may come
                fflush(nil)
            } else {
                client.say(RoomTalk.hello(relayOnly: relayOnly).line)
            }
        case let .refused(condition):
            fail(condition == "not-allowed" ? "no game has the room code \(code)" : "the room refused us (\(condition))")
        case let .message(_, body):
            switch RoomTalk(line: body) {
            case let .hello(theirs)? where hosting && hostKey == nil:
                peerRelayOnly = theirs
                if theirs && !relayOnly { makeLink(forceRelay: true) }  // they hide their address: so do we
                do {
                    let fresh = try DatagramSeal.newKey()
                    hostKey = fresh
                    seal = try DatagramSeal(key: fresh)
                } catch { fail("no sealing") }
            case let .offer(theirs, key, ice)? where !hosting && seal == nil:
                peerRelayOnly = theirs
                do { seal = try DatagramSeal(key: key) } catch { fail("a bad key") }
                theirDescription = ice
                print("peer candidates: \(candidateAddresses(ice).joined(separator: " "))")
                if theirs && !relayOnly { makeLink(forceRelay: true) }
            case let .answer(ice)? where hosting:
                theirDescription = ice
                print("peer candidates: \(candidateAddresses(ice).joined(separator: " "))")
            default: break
            }
        case .closed(let reason):
            if connectedAt == nil { fail("the rendezvous: \(reason)") }
        case .arrived, .left: break
        }
    }
    if let link {
        link.poll()
        if verbose, "\(link.state)" != lastState { lastState = "\(link.state)"; print("\(Int((time - started) * 1000)) ms: ICE \(link.state)") }
        if let description = link.localDescription {
            if hosting, !offered, let key = hostKey, link.relayOnly == (relayOnly || peerRelayOnly) {
                offered = true
                client.say(RoomTalk.offer(relayOnly: relayOnly || peerRelayOnly, key: key, ice: description).line)
            } else if !hosting, !answered, seal != nil, link.relayOnly == (relayOnly || peerRelayOnly) {
                answered = true
                client.say(RoomTalk.answer(ice: description).line)
            }
        }
        if let description = theirDescription {
            theirDescription = nil
            if !link.setRemoteDescription(description) { fail("the peer's ICE description was refused") }
        }
        if link.state == .failed { fail("no path between the two (ICE failed)") }
        if link.state == .ready, connectedAt == nil, let relayed = link.relayed {
            connectedAt = time
            print("connected in \(Int((time - started) * 1000)) ms, path \(relayed ? "relayed" : "direct")")
            fflush(nil)
        }
        if connectedAt != nil, var sealer = seal {
            while let datagram = link.receive() {
                guard let opened = sealer.open(datagram), let text = String(validating: opened, as: UTF8.self) else { continue }
                let words = text.split(separator: " ")
                if hosting, words.first == "ready" {
                    peerReady = true
                } else if hosting, words.first == "pong", let index = Int(words.last ?? ""), let sent = sentAt.removeValue(forKey: index) {
                    roundTrips.append((time - sent) * 1000)
                } else if !hosting, words.first == "ping", let index = words.last {
                    link.send(sealer.seal(Array("pong \(index)".utf8)))
                    echoed += 1
                } else if !hosting, words.first == "done" {
                    print("echoed \(echoed) pings")
                    exit(0)
                }
            }
            if !hosting, !saidReady {
                saidReady = true
                for _ in 0..<3 { link.send(sealer.seal(Array("ready".utf8))) }
            }
            if hosting, peerReady, nextPing < pings, time - lastPing >= 0.02 {
                sentAt[nextPing] = time
                link.send(sealer.seal(Array("ping \(nextPing)".utf8)))
                nextPing += 1
                lastPing = time
            }
            if hosting, nextPing == pings, sentAt.isEmpty || time - lastPing > 2 {
                for _ in 0..<3 { link.send(sealer.seal(Array("done".utf8))) }
                let sorted = roundTrips.sorted()
                let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
                let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
                func milliseconds(_ value: Double) -> String { "\((value * 100).rounded() / 100)" }
                print("rtt median \(milliseconds(median)) ms, p99 \(milliseconds(p99)) ms, \(roundTrips.count)/\(pings) pings")
                exit(0)
            }
            seal = sealer
        }
    }
    usleep(16_000)  // a frame
}
