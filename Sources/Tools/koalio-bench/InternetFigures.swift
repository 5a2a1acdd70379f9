import Foundation
import KoalioHarness
import KoalioInternet
import KoalioSystem

// Online play across the internet (issue 51), measured in tools/internet-lab (network namespaces
// behind NAT routers: root; without it, or without the lab's tools, the section says it is
// skipped and why) with server/run-rendezvous on its public side; a lab for each pairing of
// routers: home-home, fullcone-symmetric, home-symmetric, symmetric-symmetric, and home-home with
// --relay-only (hidden addresses). In each, the real binary headless, as InternetGameTests plays
// it (`--host-room` on player 1's side, `--join-room CODE` on player 2's), level 2 for 600 ticks
// with the network section's scripts:
//   connect       from the joiner's start (Join) to the first tick whose inputs every machine
//                 has, on the later of the two machines: each one's `--trace` to a named pipe,
//                 followed live (the first line whose `confirmed` tick is 1 or more)
//   bytes         bytes a second each way per player (each machine's `--verbose` closing line),
//                 direct and relayed, and what sealing adds to every datagram (DatagramSeal's)
//   frame work    the host's `--frame-times`: its frames before its first tick (its loop while the
//                 joiner meets it) and its play's frames, p99, the worst pairing of each path,
//                 against LAN play (the network section's host on 127.0.0.1, no stranger)
//   relay's cost  in the home-home lab, koalio-online-probe's sealed pings (--poll-ms 1: its
//                 default poll would round them to 16 ms), direct and --relay-only in turn, --runs
//                 times each: the median of each run's median round trip of 200 pings
// One game a pairing, not the median of --runs: each lab takes seconds to make and a game 10 s.

/// A pairing of routers, player 1's (the host's) first.
struct InternetPairing {
    var host: String
    var joiner: String
    var relayOnly = false

    var label: String { "\(host)-\(joiner)\(relayOnly ? " relay-only" : "")" }

    /// The issue's pairings, as InternetGameTests plays them.
    static let all = [InternetPairing(host: "home", joiner: "home"), InternetPairing(host: "fullcone", joiner: "symmetric"),
                      InternetPairing(host: "home", joiner: "symmetric"), InternetPairing(host: "symmetric", joiner: "symmetric"),
                      InternetPairing(host: "home", joiner: "home", relayOnly: true)]
}

/// What one room's game gave.
struct InternetGame {
    /// The path the joiner said (`koalio: online path: direct|relayed`), nil if it said none.
    var path: String?
    /// Join → the first shared tick on both machines, seconds (nan: one never got there).
    var connectSeconds: Double
    /// Each machine's closing line, host first.
    var lines: [OnlineLine?]
    /// Both exited 0 and recorded the same run.
    var agreed: Bool
    /// The host's frame work (ms) before its first tick, and after.
    var connectingWork: [Double]
    var playingWork: [Double]

    var relayed: Bool { path == "relayed" }

    /// The most bytes a second one way of either machine (nan: no line read).
    var mostBytesPerSecond: Double {
        lines.compactMap { $0.map { max($0.sentBytesPerSecond, $0.receivedBytesPerSecond) } }.max() ?? .nan
    }
}

/// Ticks each room's game plays (its machines may take ``onlineEndGraceSeconds`` more to end).
let internetTicks = 600
/// Pings each probe sends, and its poll (ms) for round trips measured finely.
let internetPings = 200
let internetProbePollMilliseconds = 1

/// One room's game in `lab`: the host made its room, the joiner started, both to their end.
func internetGame(_ options: Options, lab: BenchLab, relayOnly: Bool) throws -> InternetGame {
    let scratch = lab.scratch
    let common = ["--data-dir", options.dataDirectory, "--headless", "--verbose", "--rendezvous", BenchLab.rendezvousAddress,
                  "--rendezvous-ca", lab.certificate] + (relayOnly ? ["--relay-only"] : [])
    let traces = try ["host", "joiner"].map { try FirstSharedTick(path: scratch + "/\($0).trace") }
    defer { for trace in traces { trace.finish() } }
    let host = try lab.machine(in: "p1", options.koalio, common + ["--host-room", "--level", "level2", "--ticks", "\(internetTicks)",
                                                                   "--input-script", options.dataDirectory + onlineScripts[0],
                                                                   "--record", scratch + "/host.koalioreplay", "--frame-times", scratch + "/host.times",
                                                                   "--trace", traces[0].path],
                               environment: gameEnvironment, name: "host")
    defer { host.stop() }
    guard let room = host.line(containing: "koalio: room ", seconds: onlineSetupSeconds), let code = room.split(separator: " ").last.map(String.init) else {
        throw Xvfb.Failure(description: "the room's host never said its room: \(host.stderr)")
    }
    let joinStarted = MonotonicClock.seconds()
    let joiner = try lab.machine(in: "p2", options.koalio, common + ["--join-room", code, "--input-script", options.dataDirectory + onlineScripts[1],
                                                                     "--record", scratch + "/joiner.koalioreplay", "--trace", traces[1].path],
                                 environment: gameEnvironment, name: "joiner")
    defer { joiner.stop() }
    let statuses = [host, joiner].map { $0.exitStatus(within: Double(internetTicks) / 60 + onlineEndGraceSeconds) }
    let recordings = ["host", "joiner"].map { FileManager.default.contents(atPath: scratch + "/\($0).koalioreplay") }
    let shared = traces.compactMap(\.at)
    let frames = (try? FrameTime.read(scratch + "/host.times")) ?? []
    return InternetGame(path: joiner.line(containing: "koalio: online path: ", seconds: 0)?.split(separator: " ").last.map(String.init),
                        connectSeconds: shared.count == 2 ? (shared.max() ?? .nan) - joinStarted : .nan,
                        lines: [host, joiner].map { $0.line(containing: "koalio: online: ", seconds: 0).flatMap(OnlineLine.init) },
                        agreed: statuses == [0, 0] && recordings[0] != nil && recordings[0] == recordings[1],
                        connectingWork: frames.filter { ($0.ticks ?? 0) == 0 }.map(\.work),
                        playingWork: frames.filter { ($0.ticks ?? 0) > 0 }.map(\.work))
}

/// koalio-online-probe's median round trip (ms) in `lab`, host to joiner and back over the direct
/// path (`relayOnly`: through the relay); the host must say it connected over that path.
func probeRoundTrip(_ options: Options, lab: BenchLab, probe: String, relayOnly: Bool) throws -> Double {
    let common = ["--rendezvous", BenchLab.rendezvousAddress, "--ca", lab.certificate, "--pings", "\(internetPings)",
                  "--poll-ms", "\(internetProbePollMilliseconds)"] + (relayOnly ? ["--relay-only"] : [])
    let code = "K7M-3QX"
    let host = try lab.machine(in: "p1", probe, ["host", code] + common, environment: ProcessInfo.processInfo.environment,
                               name: "probe-host", outputToo: true)
    defer { host.stop() }
    guard host.line(containing: "room \(code)", seconds: onlineSetupSeconds) != nil else {
        throw Xvfb.Failure(description: "the probe's host never made its room: \(host.stderr)")
    }
    let joiner = try lab.machine(in: "p2", probe, ["join", code] + common, environment: ProcessInfo.processInfo.environment,
                                 name: "probe-joiner", outputToo: true)
    defer { joiner.stop() }
    let path = relayOnly ? "relayed" : "direct"
    guard host.line(containing: "connected in ", seconds: onlineSetupSeconds)?.hasSuffix("path \(path)") == true else {
        throw Xvfb.Failure(description: "the probe's host did not connect \(path): \(host.stderr)")
    }
    let said = "rtt median "
    guard let line = host.line(containing: said, seconds: onlineSetupSeconds + Double(internetPings)),
          let range = line.range(of: said), let median = Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." }) else {
        throw Xvfb.Failure(description: "the probe's host never said its round trips: \(host.stderr)")
    }
    return median
}

/// The section: every pairing's game, the relay's round trip on home-home, and the frame work
/// against LAN play's.
func reportInternet(_ options: Options) throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-internet-\(getpid())").path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let probe = (options.koalio as NSString).deletingLastPathComponent + "/koalio-online-probe"
    report(.internetSealOverhead, Double(DatagramSeal.overhead))
    var games: [InternetGame] = []
    var roundTrips: (direct: Double, relayed: Double)?
    for pairing in InternetPairing.all {
        // A folder a pairing: nothing a game before wrote (a recording) is read as this one's.
        let folder = scratch + "/" + pairing.label.replacingOccurrences(of: " ", with: "-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lab: BenchLab
        do {
            lab = try BenchLab(options, pairing.host, pairing.joiner, scratch: folder)
        } catch let unavailable as BenchLab.Unavailable {
            print("internet: skipped: \(unavailable)")
            return
        }
        defer { lab.down() }
        let game = try internetGame(options, lab: lab, relayOnly: pairing.relayOnly)
        games.append(game)
        report(.internetConnect(pairing.label), game.connectSeconds)
        report(.internetAgreed(path: game.path ?? "no path"), game.agreed ? 1 : 0)
        if pairing.host == "home" && pairing.joiner == "home" && !pairing.relayOnly {
            if FileManager.default.isExecutableFile(atPath: probe) {
                // Direct and relayed in turn in the same lab: a comparison of paths, not of two
                // phases of a noisy machine.
                var direct: [Double] = [], relayed: [Double] = []
                for _ in 0..<options.runs {
                    direct.append(try probeRoundTrip(options, lab: lab, probe: probe, relayOnly: false))
                    relayed.append(try probeRoundTrip(options, lab: lab, probe: probe, relayOnly: true))
                }
                roundTrips = (median(direct), median(relayed))
            } else {
                print("internet: the probe's round trips skipped: no \(probe) (make bench builds it)")
            }
        }
    }
    for relayed in [false, true] {
        let pathGames = games.filter { $0.relayed == relayed }
        report(.internetBytesPerPlayer(relayed: relayed), worst(pathGames.map(\.mostBytesPerSecond)))
        report(.internetPlayWorkP99, worst(pathGames.map { percentile($0.playingWork, 0.99) }))
        // The rollback's own figures, as the LAN section reports them: they hold through the relay.
        let lines = pathGames.flatMap { $0.lines.compactMap { $0 } }
        report(.internetRollbackP99, worst(lines.map { Double($0.rollbackP99) }))
        report(.internetStalled, worst(lines.map(\.stalledPercent)))
    }
    report(.internetConnectingWorkP99, worst(games.map { percentile($0.connectingWork, 0.99) }))
    report(.internetLANWorkP99, median(try (0..<3).map { _ in try floodedHostFrameWork(options, flood: nil).p99 }))
    if let roundTrips {
        report(.internetRoundTripDirect, roundTrips.direct)
        report(.internetRoundTripRelayed, roundTrips.relayed)
        report(.internetRelayAdds, roundTrips.relayed - roundTrips.direct)
    }
}

/// The largest of `values` that were measured (nan: none was).
private func worst(_ values: [Double]) -> Double { values.filter { !$0.isNaN }.max() ?? .nan }
