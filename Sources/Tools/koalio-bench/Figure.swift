import Foundation

/// One figure `make bench` prints, and its target: each written once, in ``Figure``'s table
/// below (docs/PERFORMANCE.md's table follows it).
struct Figure {
    enum Target {
        case atLeast(Double, note: String = "")
        case atMost(Double, note: String = "")
        /// Printed to compare with the others; no target.
        case compare
    }

    let name: String
    let unit: String
    let target: Target

    init(_ name: String, _ unit: String, _ target: Target) {
        self.name = name
        self.unit = unit
        self.target = target
    }

    var targetText: String {
        switch target {
        case let .atLeast(bound, note): "≥ \(Self.number(bound))" + (note.isEmpty ? "" : " \(note)")
        case let .atMost(bound, note): "≤ \(Self.number(bound))" + (note.isEmpty ? "" : " \(note)")
        case .compare: "(compare)"
        }
    }

    func isMet(by value: Double) -> Bool {
        switch target {
        case let .atLeast(bound, _): value >= bound
        case let .atMost(bound, _): value <= bound
        case .compare: true
        }
    }

    static func number(_ value: Double) -> String {
        value >= 1000 || value == value.rounded() ? String(format: "%.0f", value) : String(format: value < 1 ? "%.2f" : "%.1f", value)
    }
}

/// Prints one line: the figure's name, its value, its unit, its target, and whether it is met.
func report(_ figure: Figure, _ value: Double) {
    let number = value >= 1000 ? String(format: "%.0f", value) : String(format: "%.2f", value)
    print("\(figure.name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(number.leftPadded(12)) "
          + "\(figure.unit.padding(toLength: 8, withPad: " ", startingAt: 0)) target \(figure.targetText)  \(figure.isMet(by: value) ? "ok" : "MISSED")")
}

/// Every figure, in the order they are printed; the targets are the issues'.
extension Figure {
    static let sleepP99 = Figure("this machine: a 16.7 ms sleep, p99 (for scale)", "ms", .compare)
    static let sleepLongest = Figure("this machine: a 16.7 ms sleep, longest", "ms", .compare)
    static let speedrunSplitWork = Figure("speedrun split: frame work (next level)", "ms", .atMost(1000 / 60, note: "(a frame)"))
    static let restartWork = Figure("pause-menu restart: frame work", "ms", .compare)
    static let splitMoreThanRestart = Figure("speedrun split over a restart", "ms", .atMost(1, note: "(as quick)"))
    static let frameIntervalP99 = Figure("frame interval p99 over 30 s (load, death, save)", "ms", .atMost(18.5))
    static let frameIntervalLongest = Figure("frame interval, longest", "ms", .atMost(25))
    static let frameWorkLongest = Figure("frame work (events → present), longest", "ms", .atMost(1000 / 60, note: "(a frame)"))
    static let oneKoalaCPU = Figure("one koala on a pad, software: CPU per frame", "ms", .compare)
    static let fourKoalasCPU = Figure("four koalas, software: CPU per frame", "ms", .compare)
    static let fourKoalasVsOne = Figure("four koalas vs one: CPU per frame", "% more", .atMost(10))
    static let level4CPU = Figure("level 4 (critters, leaves), software: CPU per frame", "ms", .compare)
    static let level4VsLevel1 = Figure("level 4 vs level 1: CPU per frame", "% more", .atMost(10))
    static let playSteadyCPU = Figure("play, software: steady CPU at 60 fps", "% core", .compare)
    static let pausedSteadyCPU = Figure("paused level: steady CPU", "% core", .compare)
    /// The loop's own cost at rest, music aside (no audio driver: SDL's mixing thread is idle).
    static let pausedSilentSteadyCPU = Figure("paused level, no sound: steady CPU", "% core", .atMost(0.5))
    /// Sound on (SDL's dummy driver), music and effects at 0: nothing audible, the device paused.
    static let pausedMutedSteadyCPU = Figure("paused level, volumes at 0: steady CPU", "% core", .atMost(0.5))
    static let titleSteadyCPU = Figure("title: steady CPU", "% core", .compare)
    static let pausedVsPlay = Figure("paused level vs play: CPU", "% play", .atMost(25))
    static let titleVsPlay = Figure("title vs play: CPU", "% play", .atMost(25))
    /// Issue 50: a first level nearly every try of its route wins; the rest climb from there.
    static let levelSlack = (1...6).map { level in
        Figure("level \(level) slack (human route, ±3 ticks)", "%", level == 1 ? .atLeast(90) : .compare)
    }
    /// The curve climbs: a level that forgives more than the one before it is out of order.
    static let slackOutOfOrder = Figure("levels forgiving more than the one before", "levels", .atMost(0))
    static let binarySize = Figure("release binary, stripped", "MiB", .atMost(20))
    static let packageSize = Figure("Debian package", "MB", .compare)
    static let archiveSize = Figure("portable archive (.tar.gz)", "MB", .compare)
    static let simulation = Figure("simulation ticks/s (headless, no rendering)", "ticks/s", .atLeast(2000000))
    static let simulationCritters = Figure("simulation with critters (level 4: 17 critters)", "ticks/s", .atLeast(5000000))
    static let simulationWithoutObjects = Figure("  level 4's run without its objects", "ticks/s", .compare)
    static let packListing = Figure("50 level packs of 10: listed at start", "ms", .compare)
    static let morePacksPageFrame = Figure("  More levels opened on them: longest frame", "ms", .atMost(1000 / 60, note: "(a frame)"))
    static let stickerKnightLoad = Figure("Tiled's Sticker Knight sandbox: load and stage", "ms", .compare)
    static let verification = Figure("replay verification (decode, step, checksums)", "ticks/s", .atLeast(500000))
    static let simulationFourKoalas = Figure("simulation, four koalas: koala steps/s", "steps/s", .atLeast(15000000))
    static let simulationFourKoalasTicks = Figure("  the same in world ticks/s", "ticks/s", .compare)
    static let verificationFourPlayers = Figure("replay verification, four-player run", "ticks/s", .atLeast(1000000))
    static let verificationFourPlayersSteps = Figure("  the same in koala steps/s", "steps/s", .compare)
    static let softwareCPU = Figure("software renderer, direct: CPU per frame", "ms", .atMost(3))
    static let softwareCPUPercent = Figure("software renderer, direct: CPU at 60 fps", "% core", .atMost(25))
    static let viaGLCPU = Figure("software renderer via OpenGL: CPU per frame", "ms", .compare)
    static let viaGLCPUPercent = Figure("software renderer via OpenGL: CPU at 60 fps", "% core", .compare)
    static let acceleratedCPU = Figure("OpenGL renderer (llvmpipe here): CPU per frame", "ms", .compare)
    static let acceleratedCPUPercent = Figure("OpenGL renderer (llvmpipe here): CPU at 60 fps", "% core", .compare)
    static let level6GhostCPU = Figure("level 6 + ghost, software: CPU per frame", "ms", .compare)
    static let level6GhostVsLevel1 = Figure("level 6 + ghost vs level 1: CPU per frame", "% more", .atMost(10))
    static let firstFrame = Figure("exec → first frame (title) presented, exit", "ms", .atMost(80))
    static let phoneNetworkP99 = Figure("phones: frame sent → in the mailbox, p99", "ms", .atMost(1))
    static let phoneUpdateP99 = Figure("phones: mailbox → 4 pads set (game), p99", "ms", .atMost(1))
    static let phoneReceivedToPadP99 = Figure("phones: frame → pad set, less frame wait", "ms", .atMost(1, note: "(the two above)"))
    static let phoneWaitingP99 = Figure("  with the wait for the next frame, p99", "ms", .compare)
    static let phoneFloodRate = Figure("phones: a fifth client flooding (refused)", "msgs/s", .compare)
    static let phoneFloodRaise = Figure("  four phones' p99 raised by the flood", "ms", .atMost(1))
    static let phoneTouchToTickP99 = Figure("phones: touch in Chromium's page → tick, p99", "ms", .atMost(1000 / 60 + 4, note: "(a tick + 4)"))
    static let phoneTouchToTickMedian = Figure("  the median", "ms", .compare)
    static let phoneTouchSentToTickP99 = Figure("  from the touch sent (CDP; Chromium's frame)", "ms", .compare)
    static let phoneReloadSeconds = Figure("phones: page reloaded → back in its seat", "s", .atMost(1))
    static let phonePageSize = Figure("phones: the page (one file, embedded)", "KB", .atMost(20))
    static let phoneServerSize = Figure("phones: NIO and the server in the binary", "MB", .atMost(5, note: "(their symbols)"))
    static let phoneIdleMemory = Figure("phones: the server's peak RSS (level 1)", "MiB more", .atMost(2))
    static let phoneCardMemory = Figure("  the title, its card showing, on vs off", "MiB more", .compare)
    static let phoneGuessesPerSecond = Figure("phones: a 16-thread code guesser", "guesses/s", .compare)
    static let phoneGuessChance = Figure("  its chance per showing of the card", "per 10⁶", .atMost(20, note: "(2×10⁻⁵)"))
    static let phoneGuessAdmitted = Figure("  seats it got", "phones", .atMost(0))
    static let phoneGuessMemory = Figure("  the game's RSS raised by it", "MiB", .atMost(2))
    static let phoneAttackMemory = Figure("phones: RSS raised by the worst attack", "MiB", .atMost(2, note: "(tools/phone-attack)"))
    static let phoneChurnIdleP99 = Figure("phones: frame work p99, a phone seated", "ms", .compare)
    static let phoneChurnP99 = Figure("  the phone churning (reconnecting)", "ms", .compare)
    static let phoneChurnRaise = Figure("  p99 raised by the churn", "ms", .atMost(1))
    /// One online run's first line: `machines` machines over `network` ("60 ms/2 %"); worst machine.
    static func onlineRollbackP99(machines: Int, network: String) -> Figure {
        Figure("online, \(machines) machines, \(network): rollback p99", "ticks", .compare)
    }
    static let onlineRollbackMax = Figure("  rollback depth, max (worst machine)", "ticks", .compare)
    /// The stall target is the issue's at 60 ms/2 %; the other networks are for comparison.
    static func onlineStalled(atTarget: Bool) -> Figure {
        Figure("  ticks stalled waiting for a peer, worst", "%", atTarget ? .atMost(0.5, note: "(at 60 ms/2 %)") : .compare)
    }
    /// The bandwidth target is the issue's with four players.
    static func onlineBytesPerPeer(machines: Int) -> Figure {
        Figure("  bytes a second each way per peer, most", "KB/s", machines == 4 ? .atMost(4, note: "(four players)") : .compare)
    }
    static let onlineAgreed = Figure("  all exited 0, the same recording", "1 = yes", .atLeast(1))
    static let onlineInputLatency = Figure("input latency online = offline + input delay", "ticks", .compare)
    static let onlineInputLatencyMilliseconds = Figure("  the same in ms", "ms", .compare)
    static let onlineResimulationP99 = Figure("online frame work, \(resimulatedTicks) ticks stepped again, p99", "ms", .compare)
    static let onlineResimulationLongest = Figure("  longest", "ms", .compare)
    static let offlineStepP99 = Figure("  offline (one step a frame), p99", "ms", .compare)
    static let onlineResimulationRaise = Figure("  p99 raised by the re-simulation", "ms", .atMost(1))
    static let floodNoneP99 = Figure("online host frame work p99, no stranger", "ms", .compare)
    static let floodValidP99 = Figure("  20,000 well-formed datagrams a second from strangers", "ms", .atMost(1000 / 60, note: "(a frame)"))
    static let floodJunkP99 = Figure("  junk at full speed from strangers", "ms", .atMost(1000 / 60, note: "(a frame)"))
    static let floodTurnedAway = Figure("  strangers' datagrams the host turned away a second", "/s", .compare)
    static let floodAgreed = Figure("  both machines exited 0, the same recording", "1 = yes", .atLeast(1))
    static let internetSealOverhead = Figure("internet: sealing adds to each datagram", "B", .compare)
    /// Issue 51: both machines connected within 10 s of Join, whatever the routers.
    static func internetConnect(_ pairing: String) -> Figure { Figure("  \(pairing): Join → shared tick", "s", .atMost(10)) }
    static func internetAgreed(path: String) -> Figure { Figure("    \(path), both exited 0, same recording", "1 = yes", .atLeast(1)) }
    static func internetBytesPerPlayer(relayed: Bool) -> Figure {
        Figure("internet, \(relayed ? "relayed" : "direct"): each way per player, most", "B/s", .compare)
    }
    static let internetPlayWorkP99 = Figure("  host frame work p99 in play, worst pairing", "ms", .compare)
    static let internetRollbackP99 = Figure("  rollback depth p99, worst machine", "ticks", .compare)
    static let internetStalled = Figure("  ticks stalled waiting for the other, worst machine", "%", .atMost(0.5))
    static let internetConnectingWorkP99 = Figure("internet: host frame work p99, connecting", "ms", .compare)
    static let internetLANWorkP99 = Figure("  LAN play's host frame work p99 (no stranger)", "ms", .compare)
    static let internetRoundTripDirect = Figure("internet, home-home: probe round trip, direct", "ms", .compare)
    static let internetRoundTripRelayed = Figure("  relayed (--relay-only)", "ms", .compare)
    static let internetRelayAdds = Figure("  the relay adds", "ms", .compare)
    static let peakMemory = Figure("peak resident memory (software, 60 fps run, level 1 with music)", "MB", .atMost(30))
}
