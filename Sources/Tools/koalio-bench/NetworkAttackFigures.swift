import Foundation
import KoalioCore
import KoalioHarness

// Strangers' datagrams at an online host, measured against a real game: a host and a joiner on
// 127.0.0.1 playing level 2's winning script headless (paced on wall time, as online play is),
// the host's --frame-times, while tools/net-attack floods the host's port from rotating
// loopback addresses (at the lowest priority: on a network it is another machine):
//   none      no flood
//   valid     20,000 well-formed 633-byte input datagrams a second with made-up tokens
//   junk      random junk as fast as one process sends it
// Each: the host's frame work p99, and whether both machines ended cleanly with the same run.

/// The host's frame work p99 (ms) of a 600-tick game with the flood `shape` (nil: none), the
/// datagrams it turned away a second, and whether both machines exited 0 with the same recording.
func floodedHostFrameWork(_ options: Options, flood: [String]?) throws -> (p99: Double, turnedAwayPerSecond: Double, agreed: Bool) {
    let ticks = 600
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-flood-\(getpid())").path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let common = ["--data-dir", options.dataDirectory, "--headless", "--session-code", onlineSessionCode, "--ticks", "\(ticks)", "--verbose"]
    let host = try NetMachine(options.koalio, common + ["--host", "127.0.0.1:0", "--joiners", "1", "--level", "level2",
                                                       "--input-script", options.dataDirectory + onlineScripts[0], "--record", scratch + "/host.koalioreplay",
                                                       "--frame-times", scratch + "/host.times"],
                              environment: gameEnvironment, errorPath: scratch + "/host.txt")
    defer { host.stop() }
    guard let hosting = host.line(containing: "koalio: hosting on ", seconds: onlineSetupSeconds),
          let address = hosting.split(separator: " ").dropFirst(3).first?.trimmingCharacters(in: CharacterSet(charactersIn: ";"))
    else { throw Xvfb.Failure(description: "the online host never said where it listens: \(host.stderr)") }
    var attack: NetMachine?
    if let flood {
        attack = try NetMachine("/usr/bin/nice", ["-n", "19", "python3", options.dataDirectory + "/tools/net-attack", "flood", address,
                                                  "--seconds", "\(Double(ticks) / 60 + 5)"] + flood,
                                environment: ProcessInfo.processInfo.environment, errorPath: scratch + "/attack.txt")
    }
    defer { attack?.stop() }
    let joiner = try NetMachine(options.koalio, common + ["--join", address, "--input-script", options.dataDirectory + onlineScripts[1],
                                                          "--record", scratch + "/joiner.koalioreplay"],
                                environment: gameEnvironment, errorPath: scratch + "/joiner.txt")
    defer { joiner.stop() }
    let statuses = [host, joiner].map { $0.exitStatus(within: Double(ticks) / 60 + onlineEndGraceSeconds) }
    let recordings = ["host", "joiner"].map { FileManager.default.contents(atPath: scratch + "/\($0).koalioreplay") }
    let agreed = statuses == [0, 0] && recordings[0] != nil && recordings[0] == recordings[1]
    let times = try FrameTime.read(scratch + "/host.times").dropFirst(30).map(\.work)
    let turnedAway = host.line(containing: "koalio: online: ", seconds: 0).flatMap(OnlineLine.init)?.turnedAway ?? 0
    return (percentile(times, 0.99), Double(turnedAway) * Double(Tick.perSecond) / Double(ticks), agreed)
}

/// The host's frame work p99 with no flood, 20,000 well-formed datagrams a second, and junk at full speed.
func reportStrangerFloods(_ options: Options) throws {
    for (figure, flood) in [(Figure.floodNoneP99, nil), (.floodValidP99, ["--rate", "20000", "--shape", "input"]),
                            (.floodJunkP99, ["--rate", "0", "--shape", "junk"])] as [(Figure, [String]?)] {
        let runs = try (0..<3).map { _ in try floodedHostFrameWork(options, flood: flood) }
        report(figure, median(runs.map(\.p99)))
        report(.floodTurnedAway, median(runs.map(\.turnedAwayPerSecond)))
        report(.floodAgreed, runs.allSatisfy(\.agreed) ? 1 : 0)
    }
}
