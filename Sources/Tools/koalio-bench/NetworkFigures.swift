import Foundation
import KoalioCore
import KoalioHarness
import KoalioInput
import KoalioLevelFile
import KoalioNet
import KoalioReplay
import KoalioScripting
import KoalioSim
import KoalioSystem

// Online co-op, measured:
//   over a bad network   the real binary, headless, as the end-to-end tests play it: a host on
//                        127.0.0.1 and one or three joiners, each through tools/net-relay (seeded
//                        delay, jitter, loss, duplication and reordering: this kernel has no netem)
//                        at 0 ms/0 %, 60 ms/2 % and 120 ms/5 % (round trip, loss each way); every
//                        machine's `--verbose` closing line read, every machine's --record compared.
//                        One run per condition, not the median of --runs: each is 30 s of real-time
//                        play (1800 ticks), the six of them three minutes.
//   input latency        what online play adds to the latency a player feels: the input delay the
//                        machines report, computed, not measured (a local input steers the tick
//                        that many ticks later; the rest of its way is offline play's)
//   re-simulation        in this process: level 2's winning run with two seats through the rollback
//                        core (`Rollback<NetGame>`), the second seat's inputs heard 8 ticks late and
//                        each contradicting the guess, so every frame loads the state 8 ticks back
//                        and steps 8 ticks again before its own; each frame's work against offline
//                        play's (one `Session.step` a frame, the same inputs), run in turn

/// A network the online runs play over: what tools/net-relay does to every datagram.
struct NetworkCondition: Equatable {
    var roundTripMilliseconds: Int
    var lossPercent: Int

    /// The three the issue names, as the end-to-end tests play them.
    static let all = [NetworkCondition(roundTripMilliseconds: 0, lossPercent: 0),
                      NetworkCondition(roundTripMilliseconds: 60, lossPercent: 2),
                      NetworkCondition(roundTripMilliseconds: 120, lossPercent: 5)]
    /// The one the stall target is set at.
    static let stallTargetCondition = NetworkCondition(roundTripMilliseconds: 60, lossPercent: 2)
    /// Up to this much more one-way delay, ms, on a network with any delay.
    static let jitterMilliseconds = 4
    /// Chances a datagram is sent twice, or held a frame and overtaken, on a lossy network.
    static let duplicateChance = 0.01
    static let reorderChance = 0.01
    /// The relay's seed: the same bad luck every bench run.
    static let seed = 5

    var label: String { "\(roundTripMilliseconds) ms/\(lossPercent) %" }

    /// tools/net-relay's arguments: the one-way delay is half the round trip; at 0 ms/0 % a clean
    /// network (no jitter, duplicates or reordering either).
    var relayArguments: [String] {
        let delayed = roundTripMilliseconds > 0, lossy = lossPercent > 0
        return ["--delay-ms", "\(Double(roundTripMilliseconds) / 2)", "--jitter-ms", delayed ? "\(Self.jitterMilliseconds)" : "0",
                "--loss", "\(Double(lossPercent) / 100)", "--duplicate", lossy ? "\(Self.duplicateChance)" : "0",
                "--reorder", lossy ? "\(Self.reorderChance)" : "0", "--seed", "\(Self.seed)"]
    }
}

/// One machine's `--verbose` closing line (NetPlay's figures), read by its labels:
/// `koalio: online: 3000 ticks; rollback depth p99 6, max 8; stalled 5 ticks (0.17 %); sent 2589 B/s, …`.
struct OnlineLine {
    var ticks: Int
    var rollbackP99: Int
    var rollbackMax: Int
    var stalledPercent: Double
    /// A host's are totals over all its joiners.
    var sentBytesPerSecond: Double
    var receivedBytesPerSecond: Double
    var inputDelayTicks: Int
    /// Datagrams the machine dropped unread: strangers' and broken ones (0 from a koalio that did not say).
    var turnedAway: Int

    init?(_ line: String) {
        func number(after label: String) -> Double? {
            guard let range = line.range(of: label) else { return nil }
            return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        guard let ticks = number(after: "online: "), let p99 = number(after: "rollback depth p99 "), let deepest = number(after: ", max "),
              let stalled = number(after: " ticks ("), let sent = number(after: "sent "), let received = number(after: "received "),
              let delay = number(after: "input delay ")
        else { return nil }
        self.ticks = Int(ticks)
        rollbackP99 = Int(p99)
        rollbackMax = Int(deepest)
        stalledPercent = stalled
        sentBytesPerSecond = sent
        receivedBytesPerSecond = received
        inputDelayTicks = Int(delay)
        turnedAway = Int(number(after: "datagrams turned away ") ?? 0)
    }
}

/// A process of an online run (a koalio, or the relay), its stderr written to a file and read
/// as it grows: nothing to drain, and what it said is still there after it exits.
final class NetMachine {
    let process = Process()
    let errorPath: String
    /// How often a wait looks at the stderr file again (seconds).
    static let pollSeconds = 0.01

    /// - Parameter outputToo: its stdout in the same file (a tool that says its results there).
    init(_ executable: String, _ arguments: [String], environment: [String: String], errorPath: String, outputToo: Bool = false) throws {
        self.errorPath = errorPath
        guard FileManager.default.createFile(atPath: errorPath, contents: nil), let errors = FileHandle(forWritingAtPath: errorPath) else {
            throw Xvfb.Failure(description: "\(errorPath): cannot write")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardError = errors
        process.standardOutput = outputToo ? errors : FileHandle.nullDevice
        try process.run()
        try errors.close()  // the child has its own
    }

    /// Everything it has said on stderr so far.
    var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// The first whole line of its stderr with `text` in it, waited for up to `seconds`; nil if
    /// it exited or the time ran out first.
    func line(containing text: String, seconds: Double) -> String? {
        let end = MonotonicClock.seconds() + seconds
        while true {
            let exited = !process.isRunning  // looked at first: an exit's last words are then in the file
            let said = stderr
            let whole = said.lastIndex(of: "\n").map { said[..<$0] } ?? ""
            if let line = whole.split(separator: "\n").first(where: { $0.contains(text) }) { return String(line) }
            if exited || MonotonicClock.seconds() > end { return nil }
            usleep(useconds_t(Self.pollSeconds * 1_000_000))
        }
    }

    /// Its exit status, waited for up to `seconds`; past them it is stopped, and counts as failed (-1).
    func exitStatus(within seconds: Double) -> Int32 {
        let end = MonotonicClock.seconds() + seconds
        while process.isRunning && MonotonicClock.seconds() < end { usleep(useconds_t(Self.pollSeconds * 1_000_000)) }
        guard !process.isRunning else {
            stop()
            return -1
        }
        return process.terminationStatus
    }

    /// SIGTERM if it still runs (the relay's way to stop), then its end.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// What one online run gave: each machine's closing line (host first; nil: none read), exit
/// status and recording.
struct OnlineRun {
    var lines: [OnlineLine?]
    var statuses: [Int32]
    var recordings: [Data?]

    var joiners: Int { lines.count - 1 }
    private var read: [OnlineLine] { lines.compactMap { $0 } }

    var worstRollbackP99: Double { Double(read.map(\.rollbackP99).max() ?? -1) }
    var worstRollbackMax: Double { Double(read.map(\.rollbackMax).max() ?? -1) }
    var worstStalledPercent: Double { read.map(\.stalledPercent).max() ?? .nan }

    /// The most bytes a second one way between two machines: the host's totals divided among
    /// its joiners, each joiner's own.
    var mostBytesPerPeer: Double {
        lines.enumerated().compactMap { index, line -> Double? in
            guard let line else { return nil }
            let peers = index == 0 ? Double(max(1, joiners)) : 1
            return max(line.sentBytesPerSecond, line.receivedBytesPerSecond) / peers
        }.max() ?? .nan
    }

    /// Every machine exited 0 having said its figures, and recorded the very same file.
    var agreed: Bool {
        guard statuses.allSatisfy({ $0 == 0 }), read.count == lines.count, let first = recordings.first ?? nil, !first.isEmpty else { return false }
        return recordings.allSatisfy { $0 == first }
    }

    /// The input delay the machines play with (the largest, should they differ).
    var inputDelayTicks: Double { Double(read.map(\.inputDelayTicks).max() ?? -1) }
}

/// Ticks each online run plays: 30 s of real time at 60 Hz.
let onlineTicks = 1800
let onlineSessionCode = "246810"
/// The winning scripts the machines play, host first (player N is the same machine, and script,
/// under every condition), as the end-to-end tests have them.
let onlineScripts = ["level2", "level3", "level4", "level5"].map { "/Tests/Fixtures/\($0)-win.keys" }
/// Seconds a machine may take to say where it listens or that it is seated.
let onlineSetupSeconds = 30.0
/// Seconds past the run's own length a machine may take to end.
let onlineEndGraceSeconds = 60.0

/// A host and `joiners` joiners playing level 2 for `ticks` ticks through tools/net-relay, in a
/// scratch directory; the joiners started one after another, each once the one before is seated.
func onlineRun(_ options: Options, joiners: Int, _ condition: NetworkCondition, ticks: Int) throws -> OnlineRun {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-online-\(getpid())").path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let records = (0...joiners).map { scratch + "/machine\($0).koalioreplay" }
    let common = ["--data-dir", options.dataDirectory, "--headless", "--session-code", onlineSessionCode, "--ticks", "\(ticks)", "--verbose"]
    func script(_ machine: Int) -> String { options.dataDirectory + onlineScripts[machine % onlineScripts.count] }
    let host = try NetMachine(options.koalio, common + ["--host", "127.0.0.1:0", "--joiners", "\(joiners)", "--level", "level2",
                                                       "--input-script", script(0), "--record", records[0]],
                              environment: gameEnvironment, errorPath: scratch + "/machine0.txt")
    var machines = [host]
    defer { for machine in machines { machine.stop() } }
    guard let hosting = host.line(containing: "koalio: hosting on ", seconds: onlineSetupSeconds),
          let address = hosting.split(separator: " ").dropFirst(3).first?.trimmingCharacters(in: CharacterSet(charactersIn: ";"))
    else { throw Xvfb.Failure(description: "the online host never said where it listens: \(host.stderr)") }
    let relay = try NetMachine("/usr/bin/env", ["python3", options.dataDirectory + "/tools/net-relay", "--host", address, "--fronts", "\(joiners)"]
                                   + condition.relayArguments + ["--seconds", "\(Double(ticks) / 60 + 2 * onlineEndGraceSeconds)"],
                               environment: ProcessInfo.processInfo.environment, errorPath: scratch + "/relay.txt")
    defer { relay.stop() }
    guard let fronts = relay.line(containing: "net-relay: fronts ", seconds: onlineSetupSeconds) else {
        throw Xvfb.Failure(description: "tools/net-relay never said its ports: \(relay.stderr)")
    }
    let ports = fronts.split(separator: " ").dropFirst(2)
    guard ports.count == joiners else { throw Xvfb.Failure(description: "tools/net-relay: \(fronts)") }
    for (index, port) in ports.enumerated() {
        let joiner = try NetMachine(options.koalio, common + ["--join", "127.0.0.1:\(port)", "--input-script", script(index + 1),
                                                              "--record", records[index + 1]],
                                    environment: gameEnvironment, errorPath: scratch + "/machine\(index + 1).txt")
        machines.append(joiner)
        guard joiner.line(containing: "as player \(index + 2), on level2", seconds: onlineSetupSeconds) != nil else {
            throw Xvfb.Failure(description: "online joiner \(index + 1) was never seated: \(joiner.stderr)")
        }
    }
    let statuses = machines.map { $0.exitStatus(within: Double(ticks) / 60 + onlineEndGraceSeconds) }
    return OnlineRun(lines: machines.map { $0.line(containing: "koalio: online: ", seconds: 0).flatMap(OnlineLine.init) },
                     statuses: statuses, recordings: records.map { FileManager.default.contents(atPath: $0) })
}

/// Ticks each re-simulating frame steps again: as far as play may roll back.
let resimulatedTicks = 8
/// How far behind seat 1 the second seat plays the same run, ticks (its koala beside the first).
let resimulationPartnerDelay = 7
/// Frames at the start left out of the re-simulation figures: before 8 ticks are there to roll back.
let resimulationWarmUpFrames = 16

/// Frame work (ms) of level 2's winning run with two seats, online (through the rollback core,
/// each frame rolling back ``resimulatedTicks``) and offline (one step a frame); `runs` of each
/// in turn. The online run, its last inputs heard, must end as the offline one does.
func resimulationFrameWork(_ options: Options) throws -> (online: [[Double]], offline: [[Double]]) {
    let stage = try LevelFile.load(options.dataDirectory + "/Levels/level2.tmx").stage
    let path = options.dataDirectory + onlineScripts[0]
    let script = try InputScript.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
    let scripted = ScriptedKeyboard.tickInputs(script, ticks: (script.events.last?.tick ?? 0) + 1)
        .map { SeatInput(snapshot: $0.snapshot, pressed: $0.pressed) }
    // Tick t (from 1) steps with seats[t - 1]. The second seat's stick is a step off on every
    // other tick, so each of its inputs differs from the guess (the last one, held).
    let seats: [[SeatInput]] = scripted.indices.map { index in
        var partner = index >= resimulationPartnerDelay ? scripted[index - resimulationPartnerDelay] : .idle
        if index % 2 == 1 { partner.moveX = partner.moveX > 0 ? partner.moveX - 1 : partner.moveX + 1 }
        return [scripted[index], partner]
    }
    var online: [[Double]] = [], offline: [[Double]] = []
    for _ in 0..<options.runs {
        var rollback = Rollback(game: NetGame(session: Session(stage: stage)), start: [.idle, .idle], inputDelay: 0,
                                maxRollback: resimulatedTicks)
        var times: [Double] = []
        for (index, inputs) in seats.enumerated() {
            let tick = index + 1
            let start = DispatchTime.now().uptimeNanoseconds
            rollback.addLocal(inputs[0], seat: 0)
            if tick > resimulatedTicks { rollback.hear(seats[tick - resimulatedTicks - 1][1], seat: 1, tick: tick - resimulatedTicks) }
            let frame = rollback.advanceFrame()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            if index >= resimulationWarmUpFrames, frame.rollbackDepth != resimulatedTicks || frame.stalled {
                throw Xvfb.Failure(description: "re-simulation: frame \(tick) rolled back \(frame.rollbackDepth) ticks, stalled \(frame.stalled)")
            }
        }
        online.append(Array(times.dropFirst(resimulationWarmUpFrames)))

        var session = Session(stage: stage)
        times = []
        for inputs in seats {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = session.step(SeatTick.tickInput(inputs))
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        offline.append(Array(times.dropFirst(resimulationWarmUpFrames)))

        // The last ticks' inputs heard: the rolled-back run is the offline one (and both runs' results are used).
        for tick in max(1, seats.count - resimulatedTicks + 1)...seats.count { rollback.hear(seats[tick - 1][1], seat: 1, tick: tick) }
        _ = rollback.advanceFrame(forward: false)
        guard rollback.game == NetGame(session: session) else { throw Xvfb.Failure(description: "re-simulation: the online run ended apart from the offline one") }
    }
    return (online, offline)
}

/// Online co-op: two and four machines under each network, the input delay, and re-simulation's frame work.
func reportNetwork(_ options: Options) throws {
    var inputDelay = -1.0
    for machines in [2, 4] {
        for condition in NetworkCondition.all {
            let run = try onlineRun(options, joiners: machines - 1, condition, ticks: onlineTicks)
            report(.onlineRollbackP99(machines: machines, network: condition.label), run.worstRollbackP99)
            report(.onlineRollbackMax, run.worstRollbackMax)
            report(.onlineStalled(atTarget: condition == .stallTargetCondition), run.worstStalledPercent)
            report(.onlineBytesPerPeer(machines: machines), run.mostBytesPerPeer / 1000)
            report(.onlineAgreed, run.agreed ? 1 : 0)
            inputDelay = max(inputDelay, run.inputDelayTicks)
        }
    }
    // Computed, not measured: online play steers the tick `input delay` after the one offline play would.
    report(.onlineInputLatency, inputDelay)
    report(.onlineInputLatencyMilliseconds, inputDelay * 1000 / Double(Tick.perSecond))
    let work = try resimulationFrameWork(options)
    let onlineP99 = median(work.online.map { percentile($0, 0.99) }), offlineP99 = median(work.offline.map { percentile($0, 0.99) })
    report(.onlineResimulationP99, onlineP99)
    report(.onlineResimulationLongest, median(work.online.map { $0.max() ?? .nan }))
    report(.offlineStepP99, offlineP99)
    report(.onlineResimulationRaise, onlineP99 - offlineP99)
    try reportStrangerFloods(options)
}
