// koalio-bench: the figures `make bench` prints, each the median of several runs; what each
// measures is said where it is measured, and every target is written once, in Figure.swift.
//
//   simulation                 the pure simulation, no rendering; with four koalas (players 2–4
//                              play the same run a few ticks behind); with level 4's critters
//   CPU per frame, CPU %       the real game at 60 fps, 1136×640, level 1, under Xvfb; level 6
//                              racing the ghost, level 4, and four koalas, each against level 1
//   exec → first frame         spawn to exit of `koalio --ticks 0`, which exits as soon as its
//                              first frame (the title) is presented (an upper bound)
//   peak resident memory       of the 60 fps run, level 1 with music
//   sizes                      the release binary stripped (as make test's guard measures it), and
//                              with --package/--archive the Debian package and the portable archive
//   replay verification        checking the shipped winning replay, and a four-player run recorded here
//   frame pacing               30 s real time from the title into level 1, a death written to
//                              --record, a restart, play: frame-to-frame intervals from
//                              --frame-times (printed beside how late a plain 16.7 ms sleep wakes
//                              here, and the longest frame's own work: what the game adds to the wait)
//   phones                     see PhoneFigures.swift
//   online co-op               see NetworkFigures.swift
//   speedrun                   see SpeedrunFigures.swift
//   Sticker Knight, packs      see LevelFigures.swift
//   All game runs play music and effects on SDL's dummy audio driver. The sections are
//   BenchCommand.swift's `Section`; `--only SECTION…` measures some of them.
import Foundation
import KoalioCore
import KoalioScripting
import KoalioHarness
import KoalioInput
import KoalioReplay
import KoalioSim
import KoalioLevel
import KoalioLevelFile
import KoalioReplayFile

/// What one bench run measures with: the command line's values, passed down whole.
struct Options {
    var koalio = ".build/release/koalio"
    var dataDirectory = "."
    var runs = 5
    var framesPerRun = 300
    /// Ticks per simulation run (fewer to profile under callgrind).
    var simulationTicks = 3_000_000
    /// Their sizes are reported (`make bench` names both).
    var package: String?
    var archive: String?
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

/// A level's winning run as per-tick commands, the way the game reads the keyboard.
func winningCommands(_ options: Options, level: String = "level1") throws -> [Command] {
    let path = options.dataDirectory + "/Tests/Fixtures/\(level)-win.keys"
    let script = try InputScript.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
    return ScriptedKeyboard.tickInputs(script, ticks: (script.events.last?.tick ?? 0) + 1).map(\.command)
}

/// How far behind player 1 the co-op players replay player 1's commands, in ticks.
let partnerDelays = [7, 19, 31]

/// The commands of players 2–4 at each tick of `commands`: player 1's, a few ticks late.
func partnerCommands(_ commands: [Command], players: Int) -> [[PartnerCommand]] {
    commands.indices.map { tick in
        partnerDelays.prefix(players - 1).enumerated().map { index, delay in
            PartnerCommand(player: index + 2, command: tick >= delay ? commands[tick - delay] : .idle)
        }
    }
}

/// The pure simulation with `players` koalas (1 alone; 4 with three co-op players), playing
/// `level`'s winning run again and again.
func simulationTicksPerSecond(_ options: Options, players: Int = 1, level: String = "level1", withoutObjects: Bool = false) throws -> Double {
    var map = try LevelFile.load(options.dataDirectory + "/Levels/\(level).tmx").stage
    if withoutObjects { map.objects = LevelObjects() }
    let commands = try winningCommands(options, level: level)
    let partners = partnerCommands(commands, players: players)
    let ticks = options.simulationTicks
    var rates: [Double] = []
    var checksum = 0.0
    for _ in 0..<options.runs {
        var world = World(stage: map)
        var index = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<ticks {
            world.step(commands[index], partners: partners[index], in: map)
            index += 1
            if index == commands.count || world.state != .playing {  // a run that ends starts over
                world = World(stage: map)
                index = 0
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        checksum += world.player.position.x
        rates.append(Double(ticks) / seconds)
    }
    if checksum.isNaN { print("unreachable") }  // keeps the loop's result alive
    return median(rates)
}

/// A four-player run of level 1 recorded through the game's own step (players 2–4 replaying
/// player 1's keys a little late), encoded as a replay file.
func fourPlayerReplay(_ options: Options) throws -> [UInt8] {
    let path = options.dataDirectory + "/Tests/Fixtures/level1-win.keys"
    let script = try InputScript.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
    let inputs = ScriptedKeyboard.tickInputs(script, ticks: (script.events.last?.tick ?? 0) + 1)
    let levelPath = options.dataDirectory + "/Levels/level1.tmx"
    let level = try LevelFile.load(levelPath)
    let map = level.stage
    var recorder = Recorder(gameVersion: "bench", levelName: "level1", levelSHA256: level.sha256,
                            tickRate: Tick.perSecond)
    var session = Session(stage: map)
    for tick in inputs.indices {
        var input = inputs[tick]
        input.partners = partnerDelays.enumerated().map { index, delay in
            let late = tick >= delay ? inputs[tick - delay] : TickInput(source: 0, snapshot: .neutral)
            return PartnerInput(player: index + 2, source: index + 1, snapshot: late.snapshot, pressed: late.pressed.intersection(.a))
        }
        let result = session.step(input)
        recorder.record(input, after: session, restarted: result.restarted, sources: ["Keyboard", "Pad 2", "Pad 3", "Pad 4"])
        if result.ended != nil { break }
    }
    recorder.finish(session)
    return ReplayFile.encode(recorder.recording)
}

/// Verifies a replay of level 1 (decode included) again and again: the shipped winning one, or
/// the bytes given.
func replayVerificationTicksPerSecond(_ options: Options, bytes: [UInt8]? = nil) throws -> Double {
    let path = options.dataDirectory + "/Tests/Replays/level1.koalioreplay"
    guard let data = bytes ?? FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) else {
        throw Xvfb.Failure(description: "\(path): cannot read")
    }
    let map = try LevelFile.load(options.dataDirectory + "/Levels/level1.tmx").stage
    var rates: [Double] = []
    for _ in 0..<options.runs {
        var ticks = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<100 {
            let recording = try ReplayFile.decode(data, file: path)
            guard case let .ok(count) = ReplayVerifier.verify(recording, on: map) else { throw Xvfb.Failure(description: "\(path): desync") }
            ticks += count
        }
        rates.append(Double(ticks) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
    }
    return median(rates)
}

struct FrameFigures {
    var cpuMillisecondsPerFrame: Double
    var cpuPercent: Double
    var peakMegabytes: Double
}

/// What every measured game run gets: SDL's dummy audio driver (the mixer runs, music plays,
/// with no sound card) and XDG homes of its own (no progress, so no ghost, and nothing saved
/// in the real home).
let gameEnvironment: [String: String] = {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-\(getpid())").path
    return ["SDL_AUDIODRIVER": "dummy", "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config"]
}()

/// One game run playing `level`'s winning script for `options.framesPerRun` frames, after the
/// script lines of `prelude` (pads attached, joining).
struct RenderingRun {
    var level = "level1"
    var arguments: [String]
    var environment: [String: String] = [:]
    var prelude = ""
    /// Only the prelude, not the winning script (a still screen).
    var still = false
    /// Started at the title (no `--level`).
    var atTitle = false
    /// Frames to run (default `--frames`).
    var frames: Int?

    func measure(_ options: Options, display: String) throws -> MeasuredProcess {
        var script = options.dataDirectory + "/Tests/Fixtures/\(level)-win.keys"
        if !prelude.isEmpty || still {
            let combined = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-\(getpid())-\(prelude.hashValue).keys").path
            try (prelude + (still ? "" : try String(contentsOfFile: script, encoding: .utf8))).write(toFile: combined, atomically: true, encoding: .utf8)
            script = combined
        }
        defer { if !prelude.isEmpty || still { try? FileManager.default.removeItem(atPath: script) } }
        let start = atTitle ? [] : ["--level", level]
        let run = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory] + start + ["--ticks", "\(frames ?? options.framesPerRun)",
                                                           "--input-script", script] + arguments,
                                          environment: gameEnvironment.merging(environment) { $1 }.merging(["DISPLAY": display]) { $1 })
        guard run.status == 0 else { throw Xvfb.Failure(description: "koalio exited with \(run.status)") }
        return run
    }
}

/// The medians of `options.runs` runs of each of `kinds`, run in turn (a, b, a, b, …), so a
/// comparison between them is not a comparison between two phases of a noisy machine.
func rendering(_ options: Options, display: String, _ kinds: [RenderingRun]) throws -> [FrameFigures] {
    var runs: [[MeasuredProcess]] = Array(repeating: [], count: kinds.count)
    for _ in 0..<options.runs {
        for (index, kind) in kinds.enumerated() { runs[index].append(try kind.measure(options, display: display)) }
    }
    return runs.map { runs in
        FrameFigures(cpuMillisecondsPerFrame: median(runs.map { $0.cpuSeconds * 1000 / Double(options.framesPerRun) }),
                     cpuPercent: median(runs.map { $0.cpuSeconds / $0.wallSeconds * 100 }),
                     peakMegabytes: median(runs.map { Double($0.peakResidentBytes) / 1_000_000 }))  // MB, as the target is stated
    }
}

func rendering(_ options: Options, display: String, arguments: [String], environment: [String: String] = [:]) throws -> FrameFigures {
    try rendering(options, display: display, [RenderingRun(arguments: arguments, environment: environment)])[0]
}

/// An XDG data home where `level` has been won: its best run is the shipped winning replay,
/// so the game races its ghost.
func ghostDataHome(_ options: Options, level: String) throws -> String {
    let home = gameEnvironment["XDG_DATA_HOME", default: "/tmp"] + "-ghost"
    try FileManager.default.createDirectory(atPath: home + "/koalio/best", withIntermediateDirectories: true)
    let best = home + "/koalio/best/\(level).koalioreplay"
    try? FileManager.default.removeItem(atPath: best)
    try FileManager.default.copyItem(atPath: options.dataDirectory + "/Tests/Replays/\(level).koalioreplay", toPath: best)
    return home
}

/// 30 s of real-time play (one tick per frame, paced to 60 fps): from the title into level 1
/// (a level load), into the first pit (the run is written to --record as it ends), Enter to try
/// again, then the winning input. Frame-to-frame intervals from --frame-times; the median run.
func framePacing(_ options: Options, display: String) throws -> (p99: Double, longest: Double, longestWork: Double) {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-pacing-\(getpid())").path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let win = try String(contentsOfFile: options.dataDirectory + "/Tests/Fixtures/level1-win.keys", encoding: .utf8)
    var script = "10 enter down\n11 enter up\n20 enter down\n21 enter up\n30 right down\n200 right up\n210 enter down\n211 enter up\n"
    for line in win.split(separator: "\n") {
        let fields = line.split(separator: " ", maxSplits: 1)
        if fields.count == 2, let tick = Int(fields[0]) { script += "\(tick + 215) \(fields[1])\n" }
    }
    try script.write(toFile: scratch + "/pacing.keys", atomically: true, encoding: .utf8)
    var results: [(p99: Double, longest: Double, longestWork: Double)] = []
    for run in 0..<3 {
        let times = scratch + "/frames-\(run).txt"
        let record = scratch + "/run-\(run).koalioreplay"
        let process = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--renderer", "software", "--ticks", "1800",
                                                               "--input-script", scratch + "/pacing.keys", "--record", record,
                                                               "--frame-times", times],
                                              environment: gameEnvironment.merging(["DISPLAY": display]) { $1 })
        guard process.status == 0, FileManager.default.fileExists(atPath: record) else {
            throw Xvfb.Failure(description: "the pacing run exited with \(process.status) or wrote no replay")
        }
        let rows = try FrameTime.read(times)
        let work = rows.map(\.work)
        // A still screen rests instead of pacing frames (nothing on it moves): the interval
        // that ends a rest is no frame's pacing.
        let intervals = zip(rows.dropFirst(), rows).filter { $0.0.rested == 0 }.map { $0.0.start - $0.1.start }.sorted()
        guard !intervals.isEmpty else { throw Xvfb.Failure(description: "no frame times") }
        results.append((intervals[min(intervals.count - 1, Int(Double(intervals.count) * 0.99))], intervals[intervals.count - 1],
                        work.max() ?? 0))
    }
    return results.sorted { $0.p99 < $1.p99 }[results.count / 2]
}

/// How late this machine wakes a thread that sleeps one frame (p99 and longest of 1800, as many
/// as the frame pacing run has): frame
/// pacing cannot be better than this, and on a noisy virtual machine it is not.
func sleepJitter() -> (p99: Double, longest: Double) {
    var samples: [Double] = []
    for _ in 0..<1800 {
        let start = DispatchTime.now().uptimeNanoseconds
        usleep(16_667)
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
    samples.sort()
    return (samples[Int(Double(samples.count) * 0.99)], samples[samples.count - 1])
}

func firstFrameMilliseconds(_ options: Options, display: String) throws -> Double {
    // One run to warm caches (and let Xvfb settle after the rendering runs), then 11 samples:
    // this figure is the noisiest, X11 round trips to a server on the same two cores.
    _ = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--ticks", "0"],
                                environment: gameEnvironment.merging(["DISPLAY": display]) { $1 })
    var times: [Double] = []
    for _ in 0..<max(options.runs, 11) {
        // --ticks 0 exits right after presenting the first frame.
        let run = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--ticks", "0"],
                                          environment: gameEnvironment.merging(["DISPLAY": display]) { $1 })
        guard run.status == 0 else { throw Xvfb.Failure(description: "koalio exited with \(run.status)") }
        times.append(run.wallSeconds * 1000)
    }
    return median(times)
}

/// The machine's own sleep, then the game's frame pacing, side by side.
func reportPacing(_ options: Options, display: String) throws {
    let jitter = sleepJitter()
    report(.sleepP99, jitter.p99)
    report(.sleepLongest, jitter.longest)
    let pacing = try framePacing(options, display: display)
    report(.frameIntervalP99, pacing.p99)
    report(.frameIntervalLongest, pacing.longest)
    // The game's own part of the longest interval: a frame's work, events to present.
    report(.frameWorkLongest, pacing.longestWork)
}

/// Four koalas on screen against one: player 1 on a pad (no on-screen controls, no free pad
/// asking to join) against the same run with three more pads joined, so the difference is the
/// three koalas, their numbers and the camera framing four.
func reportKoalas(_ options: Options, display: String) throws {
    let firstPad = "0 pad attach xboxone\n"
    let joined = firstPad + "0 pad attach ps5\n0 pad attach switchpro\n0 pad attach ps4\n"
        + (2...4).map { "2 pad\($0) a down\n3 pad\($0) a up\n" }.joined()
    let koalas = try rendering(options, display: display, [RenderingRun(arguments: ["--renderer", "software"], prelude: firstPad),
                                                           RenderingRun(arguments: ["--renderer", "software"], prelude: joined)])
    let ratio = koalas[1].cpuMillisecondsPerFrame / koalas[0].cpuMillisecondsPerFrame
    report(.oneKoalaCPU, koalas[0].cpuMillisecondsPerFrame)
    report(.fourKoalasCPU, koalas[1].cpuMillisecondsPerFrame)
    report(.fourKoalasVsOne, (ratio - 1) * 100)
}

/// The busiest level (level 4: the most critters, leaves and checkpoints) against level 1,
/// run in turn within one phase of the machine.
func reportBusiestLevel(_ options: Options, display: String) throws {
    let pair = try rendering(options, display: display, [RenderingRun(arguments: ["--renderer", "software"]),
                                                         RenderingRun(level: "level4", arguments: ["--renderer", "software"])])
    let ratio = pair[1].cpuMillisecondsPerFrame / pair[0].cpuMillisecondsPerFrame
    report(.level4CPU, pair[1].cpuMillisecondsPerFrame)
    report(.level4VsLevel1, (ratio - 1) * 100)
}

/// A still screen costs next to nothing: the paused level and the title, each against play,
/// at 60 fps with the software renderer, in turn. Steady-state CPU, start-up left out: each
/// kind runs `--frames` and three times as many frames, and the difference in CPU time is
/// divided by the difference in wall time (start-up alone is ~1 % of a 5 s run).
func reportIdle(_ options: Options, display: String) throws {
    let software = ["--renderer", "software"]
    let pause = "2 escape down\n3 escape up\n"
    // Music aside: SDL's audio thread mixes the (ducked) music loop whatever the screen; with no
    // audio driver the game plays on silently and the loop's own cost is left; with the device
    // open and both volumes at 0 nothing is audible, so the device is paused (issue 50's idle).
    let kinds = [RenderingRun(arguments: software),
                 RenderingRun(arguments: software, prelude: pause, still: true),
                 RenderingRun(arguments: software, still: true, atTitle: true),
                 RenderingRun(arguments: software, environment: ["SDL_AUDIODRIVER": "none"], prelude: pause, still: true),
                 RenderingRun(arguments: software + ["--music-volume", "0", "--effects-volume", "0"], prelude: pause, still: true)]
    var steady: [[Double]] = Array(repeating: [], count: kinds.count)
    for _ in 0..<options.runs {
        for (index, kind) in kinds.enumerated() {
            var long = kind
            long.frames = options.framesPerRun * 3
            let (short, longer) = (try kind.measure(options, display: display), try long.measure(options, display: display))
            steady[index].append((longer.cpuSeconds - short.cpuSeconds) / (longer.wallSeconds - short.wallSeconds) * 100)
        }
    }
    let (play, paused, title) = (median(steady[0]), median(steady[1]), median(steady[2]))
    report(.playSteadyCPU, play)
    report(.pausedSteadyCPU, paused)
    report(.pausedSilentSteadyCPU, median(steady[3]))
    report(.pausedMutedSteadyCPU, median(steady[4]))
    report(.titleSteadyCPU, title)
    report(.pausedVsPlay, paused / play * 100)
    report(.titleVsPlay, title / play * 100)
}

/// The stripped binary (a stripped copy is measured), the package and the archive, in MB.
func reportSizes(_ options: Options) throws {
    let stripped = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-stripped-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: stripped) }
    let strip = try MeasuredProcess.run("/usr/bin/strip", ["-o", stripped, options.koalio])
    guard strip.status == 0 else { throw Xvfb.Failure(description: "strip failed on \(options.koalio)") }
    func megabytes(_ path: String) throws -> Double {
        Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_000_000
    }
    // In MiB, as make test's size guard (tools/check-binary) holds it.
    let binary = try megabytes(stripped) * 1_000_000 / 1_048_576
    report(.binarySize, binary)
    if let package = options.package { report(.packageSize, try megabytes(package)) }
    if let archive = options.archive { report(.archiveSize, try megabytes(archive)) }
}

/// The real game at 60 fps with each renderer; level 6 racing the ghost against level 1 within
/// one phase of the machine; the first frame; the 60 fps run's peak memory.
func reportRendering(_ options: Options, display: String) throws {
    let software = try rendering(options, display: display, arguments: ["--renderer", "software"])
    report(.softwareCPU, software.cpuMillisecondsPerFrame)
    report(.softwareCPUPercent, software.cpuPercent)
    let viaGL = try rendering(options, display: display, arguments: ["--renderer", "software"],
                              environment: ["SDL_FRAMEBUFFER_ACCELERATION": "1"])
    report(.viaGLCPU, viaGL.cpuMillisecondsPerFrame)
    report(.viaGLCPUPercent, viaGL.cpuPercent)
    let accelerated = try rendering(options, display: display, arguments: ["--renderer", "accelerated"])
    report(.acceleratedCPU, accelerated.cpuMillisecondsPerFrame)
    report(.acceleratedCPUPercent, accelerated.cpuPercent)

    let ghostHome = try ghostDataHome(options, level: "level6")
    // Level 1 again, in turn with level 6: the two are compared within one phase of the machine.
    let pair = try rendering(options, display: display, [RenderingRun(arguments: ["--renderer", "software"]),
                                                         RenderingRun(level: "level6", arguments: ["--renderer", "software"],
                                                                      environment: ["XDG_DATA_HOME": ghostHome])])
    let level6 = pair[1]
    let ratio = level6.cpuMillisecondsPerFrame / pair[0].cpuMillisecondsPerFrame
    report(.level6GhostCPU, level6.cpuMillisecondsPerFrame)
    report(.level6GhostVsLevel1, (ratio - 1) * 100)
    report(.firstFrame, try firstFrameMilliseconds(options, display: display))
    report(.peakMemory, software.peakMegabytes)
}

BenchCommand.main()
