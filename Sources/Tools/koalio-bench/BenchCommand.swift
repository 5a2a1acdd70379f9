import ArgumentParser
import Foundation
import KoalioHarness

/// The bench's sections, in the order a whole run measures them; `--only` picks some (to
/// measure one again in a calm phase of a noisy machine, or to profile it).
enum Section: String, CaseIterable, ExpressibleByArgument {
    /// The pure simulation (one koala, level 4's critters, without objects) and replay verification.
    case simulation
    /// Four koalas: the simulation and a four-player replay's verification.
    case coOp = "co-op"
    /// The real game at 60 fps with each renderer, level 6 racing the ghost, the first frame, peak memory.
    case rendering
    /// The busiest world-2 level against level 1.
    case levels
    /// Four koalas on screen against one.
    case koalas
    /// Still screens' CPU against play's.
    case idle
    /// Frame pacing and the machine's own sleep.
    case pacing
    /// Smooth motion at 144 Hz.
    case smooth
    /// The release binary, the package and the archive.
    case sizes
    /// Sticker Knight and the level packs.
    case packs
    /// Phones as pads, and a stranger's attacks on their server.
    case phones
    /// Online co-op over a bad network, its input delay, re-simulation's frame work.
    case network
    /// Online play across the internet lab's routers: connecting, the relay's cost (root; else skipped).
    case internet
    /// A speedrun's split (the next level at once) against a restart.
    case speedrun
    /// How forgiving each shipped level is: its human's route's slack (the difficulty curve).
    case slack

    /// Measures this section and prints its figures (``report(_:_:)``, targets in Figure.swift).
    @MainActor
    func measure(_ options: Options, display: () throws -> String) throws {
        switch self {
        case .slack: try reportSlack(options)
        case .simulation:
            report(.simulation, try simulationTicksPerSecond(options))
            report(.simulationCritters, try simulationTicksPerSecond(options, level: "level4"))
            report(.simulationWithoutObjects, try simulationTicksPerSecond(options, level: "level4", withoutObjects: true))
            report(.verification, try replayVerificationTicksPerSecond(options))
        case .coOp:
            let fourRate = try simulationTicksPerSecond(options, players: 4)
            // Counted in koala steps (four a world tick): the unit the target is set in.
            report(.simulationFourKoalas, fourRate * 4)
            report(.simulationFourKoalasTicks, fourRate)
            let fourVerification = try replayVerificationTicksPerSecond(options, bytes: try fourPlayerReplay(options))
            report(.verificationFourPlayers, fourVerification)
            report(.verificationFourPlayersSteps, fourVerification * 4)
        case .rendering: try reportRendering(options, display: try display())
        case .levels: try reportBusiestLevel(options, display: try display())
        case .koalas: try reportKoalas(options, display: try display())
        case .idle: try reportIdle(options, display: try display())
        case .pacing: try reportPacing(options, display: try display())
        case .smooth: try reportSmoothMotion(options, display: try display())
        case .sizes: try reportSizes(options)
        case .packs:
            report(.stickerKnightLoad, try stickerKnightLoadMilliseconds(options))
            try reportPacks(options, display: try display())
        case .phones: try reportPhones(options, display: try display())
        case .network: try reportNetwork(options)
        case .internet: try reportInternet(options)
        case .speedrun: try reportSpeedrun(options)
        }
    }
}

/// koalio-bench's command line. `make bench` runs every section.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koalio-bench",
        abstract: "Measure koalio: each figure the median of several runs, against its target (see docs/PERFORMANCE.md).")

    @Option(help: ArgumentHelp("The koalio binary to measure.", valueName: "path"))
    var koalio = ".build/release/koalio"

    @Option(help: ArgumentHelp("The source tree: Resources/, Levels/, Tests/ and tools/.", valueName: "dir"))
    var dataDir = "."

    @Option(help: ArgumentHelp("Runs a figure is the median of.", valueName: "n"))
    var runs = 5

    @Option(help: ArgumentHelp("Frames per rendering run.", valueName: "n"))
    var frames = 300

    @Option(help: ArgumentHelp("Ticks per simulation run (fewer to profile under callgrind).", valueName: "n"))
    var simulationTicks = 3_000_000

    @Option(help: ArgumentHelp("The Debian package, to report its size.", valueName: "file"))
    var package: String?

    @Option(help: ArgumentHelp("The portable archive, to report its size.", valueName: "file"))
    var archive: String?

    @Option(name: .customLong("only"), parsing: .upToNextOption,
            help: ArgumentHelp("Measure these sections alone (several may follow).", valueName: "section"))
    var only: [Section] = []

    // The sections' old flags (`--phones-only`, …), kept for old notes and scripts.
    @Flag(help: .hidden) var pacingOnly = false
    @Flag(help: .hidden) var simulationOnly = false
    @Flag(help: .hidden) var koalasOnly = false
    @Flag(help: .hidden) var idleOnly = false
    @Flag(help: .hidden) var levelsOnly = false
    @Flag(help: .hidden) var phonesOnly = false
    @Flag(help: .hidden) var packsOnly = false
    @Flag(help: .hidden) var smoothOnly = false
    @Flag(name: .customLong("co-op-only"), help: .hidden) var coopOnly = false

    func validate() throws {
        if runs < 1 || frames < 1 || simulationTicks < 1 { throw ValidationError("--runs, --frames and --simulation-ticks must be at least 1.") }
    }

    /// The sections asked for, in the whole run's order.
    var sections: [Section] {
        let flagged: [(Bool, [Section])] = [
            (pacingOnly, [.pacing]), (simulationOnly, [.simulation, .coOp]), (koalasOnly, [.koalas]), (idleOnly, [.idle]),
            (levelsOnly, [.levels]), (phonesOnly, [.phones]), (packsOnly, [.packs]), (smoothOnly, [.smooth]), (coopOnly, [.coOp]),
        ]
        let asked = Set(only + flagged.filter(\.0).flatMap(\.1))
        return Section.allCases.filter { asked.isEmpty || asked.contains($0) }
    }

    func run() throws {
        let options = Options(koalio: koalio, dataDirectory: dataDir, runs: runs, framesPerRun: frames,
                              simulationTicks: simulationTicks, package: package, archive: archive)
        print("koalio-bench: median of \(options.runs) runs; \(options.framesPerRun) frames per rendering run at 1136×640 (--scale 2)")
        // One private X server for the sections with a window, made when the first needs it and
        // kept until the run is done (it stops when let go).
        var xvfb: Xvfb?
        do {
            try MainActor.assumeIsolated {
                for section in sections {
                    try section.measure(options) {
                        if xvfb == nil { xvfb = try Xvfb() }
                        return xvfb?.display ?? ""
                    }
                }
            }
        } catch {
            FileHandle.standardError.write(Data("koalio-bench: \(error)\n".utf8))
            throw ExitCode(1)
        }
        _ = xvfb
    }
}
