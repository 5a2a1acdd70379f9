// koalio-online-probe: two machines meet through a rendezvous by a room code, connect with ICE
// and exchange sealed pings, as the game does before its first shared tick (RoomMeeting, the
// game's own); for the internet lab's tests and `make bench`'s figures.
//
//   koalio-online-probe host|join CODE --rendezvous IP [--ca FILE] [--relay-only] [--pings N] [--poll-ms N]
//
// Prints (the host, once its room is made) `room K7M-3QX`, then `connected in N ms, path
// direct|relayed` (from the joiner's hello for the host, from the start for a joiner), then the
// host `rtt median N ms, p99 N ms, N/N pings` and the joiner `echoed N pings`; exits 0 when done,
// 1 when the meeting failed (its reason in one line on stderr), 2 for bad arguments.
import Glibc
import KoalioInternet
import KoalioNet

func fail(_ line: String, status: Int32 = 1) -> Never {
    let bytes = Array("koalio-online-probe: \(line)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

func say(_ line: String) {
    print(line)
    fflush(nil)
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The candidates a description offers, as `ADDRESS:PORT/TYPE` with ` via RELATED` when the
/// line names its related address: every address the other machine gave away.
func candidates(in description: String) -> [String] {
    description.split(separator: "\n").filter { $0.hasPrefix("a=candidate:") }.compactMap { line in
        let fields = line.split(separator: " ")
        guard fields.count > 5 else { return nil }
        let type = fields.firstIndex(of: "typ").flatMap { $0 + 1 < fields.count ? "/\(fields[$0 + 1])" : nil } ?? ""
        let related = fields.firstIndex(of: "raddr").flatMap { $0 + 1 < fields.count ? " via \(fields[$0 + 1])" : nil } ?? ""
        return "\(fields[4]):\(fields[5])\(type)\(related)"
    }
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
let pollMicroseconds = useconds_t((Int(option("--poll-ms") ?? "16") ?? 16) * 1000)
let relayOnly = flag("--relay-only")
guard arguments.count == 2, ["host", "join"].contains(arguments[0]), let code = RoomCode(arguments[1]) else {
    fail("usage: koalio-online-probe host|join CODE --rendezvous IP [--ca FILE] [--relay-only] [--pings N] [--poll-ms N]", status: 2)
}
let hosting = arguments[0] == "host"

let meeting: RoomMeeting
do { meeting = try RoomMeeting(role: hosting ? .host : .joiner, code: code, rendezvous: server, caFile: caFile, relayOnly: relayOnly) } catch {
    fail("cannot reach the rendezvous at \(server)")
}
let started = now()
var connected = false
var sentAt: [Int: Double] = [:]
var roundTrips: [Double] = []
var nextPing = 0, lastPing = 0.0, echoed = 0, doneAt: Double?
var peerReady = false

while true {
    let time = now()
    for event in meeting.poll(at: time) {
        switch event {
        case .roomOpen: say("room \(code)")
        case let .connected(relayed):
            connected = true
            say("peer candidates: \(candidates(in: meeting.peerDescription ?? "").joined(separator: " "))")
            say("connected in \(Int((time - started) * 1000)) ms, path \(relayed ? "relayed" : "direct")")
            if !hosting { for _ in 0..<3 { meeting.send(Array("ready".utf8)) } }
        case let .failed(failure): fail(failure.description)
        }
    }
    if connected {
        for datagram in meeting.receive().datagrams {
            let words = String(decoding: datagram, as: UTF8.self).split(separator: " ")
            if hosting, words.first == "ready" {
                peerReady = true
            } else if hosting, words.first == "pong", let index = Int(words.last ?? ""), let sent = sentAt.removeValue(forKey: index) {
                roundTrips.append((time - sent) * 1000)
            } else if !hosting, words.first == "ping", let index = words.last {
                meeting.send(Array("pong \(index)".utf8))
                echoed += 1
            } else if !hosting, words.first == "done" {
                say("echoed \(echoed) pings")
                exit(0)
            }
        }
        if hosting, peerReady, nextPing < pings, time - lastPing >= 0.02 {
            sentAt[nextPing] = time
            meeting.send(Array("ping \(nextPing)".utf8))
            nextPing += 1
            lastPing = time
        }
        if hosting, nextPing == pings, sentAt.isEmpty || time - lastPing > 2 {
            for _ in 0..<3 { meeting.send(Array("done".utf8)) }
            let sorted = roundTrips.sorted()
            func milliseconds(_ value: Double) -> String { "\((value * 100).rounded() / 100)" }
            let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
            let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
            say("rtt median \(milliseconds(median)) ms, p99 \(milliseconds(p99)) ms, \(roundTrips.count)/\(pings) pings")
            exit(0)
        }
    }
    usleep(pollMicroseconds)  // a frame
}
