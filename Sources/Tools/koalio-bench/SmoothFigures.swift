import Foundation
import KoalioHarness

// Smooth motion (issue 32), measured in a window under Xvfb as if on a faster display
// (`--refresh-rate`):
//   pictures a second   level 1's winning run played back in real time for 20 s, software
//                       renderer (what `auto` picks here): frames from --frame-times.
//   pacing at 144 Hz    the same run's frame-to-frame intervals: p99 and longest.
//   camera step         a flat 400-tile runway, the koala dashing right at full speed (a run
//                       recorded headless, played back in real time for 15 s): the camera's x
//                       as the window shows it, over the stretch where the world's camera moves
//                       at constant speed; its step from one picture to the next (the figure),
//                       and from one refresh of a 144 Hz display to the next (each showing the
//                       newest picture presented by then: a frame the machine could not finish
//                       in time shows as a refresh with no step, then a double one). Without
//                       smooth motion the 60 pictures a second are sampled the same way. The
//                       GPU draws the 2× window's pixels, software whole view pixels; walking
//                       (2 view pixels a step, 0.83 a picture) a 2× window can only show as
//                       steps of 1 and ½, a coefficient of variation of 0.28 at best.
//   CPU 144 vs 60       software, level 1's winning script, 600 ticks: the process's CPU time.

extension Figure {
    static let smoothFPS144 = Figure("smooth motion, --refresh-rate 144 (software)", "fps", .compare)
    static let smoothFPS90 = Figure("smooth motion, --refresh-rate 90 (software)", "fps", .compare)
    static let smoothIntervalP99 = Figure("  frame interval at 144 Hz, p99", "ms", .atMost(8.5))
    static let smoothIntervalLongest = Figure("  frame interval at 144 Hz, longest", "ms", .atMost(12))
    static let smoothStepVariationGPU = Figure("camera step at 144 Hz, dashing (GPU, 2×): CoV", "", .atMost(0.25))
    static let smoothStepVariationGPURefresh = Figure("  per 144 Hz refresh (frames missed here)", "", .compare)
    static let smoothMissedRefreshes = Figure("  refreshes with no new picture (llvmpipe)", "%", .compare)
    static let smoothStepVariationSoftware = Figure("  software (whole view pixels), per refresh", "", .compare)
    static let smoothStepVariationWalking = Figure("  walking (GPU, 2×), per picture", "", .compare)
    static let unsmoothStepVariation = Figure("  without smooth motion, per refresh", "", .compare)
    static let smoothCPURatio = Figure("CPU at 144 Hz vs 60 Hz (software)", "×", .atMost(2.5))
}

func reportSmoothMotion(_ options: Options, display: String) throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-smooth-\(getpid())").path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let environment = gameEnvironment.merging(["DISPLAY": display]) { $1 }

    for (rate, figure) in [(144, Figure.smoothFPS144), (90, Figure.smoothFPS90)] {
        let frames = try smoothFrames(options, scratch: scratch, arguments: ["--replay", options.dataDirectory + "/Tests/Replays/level1.koalioreplay",
                                                                             "--refresh-rate", "\(rate)", "--renderer", "software", "--ticks", "1200"],
                                      environment: environment)
        report(figure, Double(frames.count - 1) / ((frames.last?.start ?? 0) - (frames.first?.start ?? 0)) * 1000)
        if rate == 144 {
            let intervals = zip(frames.dropFirst(), frames).map { $0.start - $1.start }.sorted()
            report(.smoothIntervalP99, intervals[min(intervals.count - 1, Int(Double(intervals.count) * 0.99))])
            report(.smoothIntervalLongest, intervals.last ?? 0)
        }
    }

    let dash = try runwayReplay(options, scratch: scratch, dashing: true)
    let walk = try runwayReplay(options, scratch: scratch, dashing: false)
    func steps(_ runway: Runway, _ renderer: String, smooth: Bool) throws -> CameraSteps {
        var arguments = ["--level", runway.level, "--replay", runway.replay, "--refresh-rate", "144", "--renderer", renderer,
                         "--ticks", "\(runway.ticks)"]
        if !smooth {
            let config = scratch + "/no-smooth.toml"
            try "[video]\nsmooth_motion = \"off\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            arguments += ["--config", config]
        }
        let frames = try smoothFrames(options, scratch: scratch, arguments: arguments, environment: environment)
        return CameraSteps(frames, refreshRate: 144, steady: runway.steadyCamera)
    }
    let gpu = try steps(dash, "accelerated", smooth: true)
    report(.smoothStepVariationGPU, gpu.perPicture)
    report(.smoothStepVariationGPURefresh, gpu.perRefresh)
    report(.smoothMissedRefreshes, gpu.missedRefreshes * 100)
    report(.smoothStepVariationSoftware, try steps(dash, "software", smooth: true).perRefresh)
    report(.smoothStepVariationWalking, try steps(walk, "accelerated", smooth: true).perPicture)
    report(.unsmoothStepVariation, try steps(dash, "software", smooth: false).perRefresh)

    try "[video]\nsmooth_motion = \"on\"\n".write(toFile: scratch + "/smooth-on.toml", atomically: true, encoding: .utf8)
    var cpu: [Int: [Double]] = [:]
    for _ in 0..<3 {
        for rate in [60, 144] {
            let run = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--level", "level1", "--ticks", "600",
                                                               "--input-script", options.dataDirectory + "/Tests/Fixtures/level1-win.keys",
                                                               "--renderer", "software", "--refresh-rate", "\(rate)",
                                                               "--config", scratch + "/smooth-on.toml"],
                                              environment: environment)
            guard run.status == 0 else { throw Xvfb.Failure(description: "koalio exited with \(run.status)") }
            cpu[rate, default: []].append(run.cpuSeconds)
        }
    }
    report(.smoothCPURatio, median(cpu[144] ?? []) / max(1e-9, median(cpu[60] ?? [])))
}

func smoothFrames(_ options: Options, scratch: String, arguments: [String], environment: [String: String]) throws -> [FrameTime] {
    let times = scratch + "/frames.txt"
    let run = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--frame-times", times] + arguments,
                                      environment: environment)
    guard run.status == 0 else { throw Xvfb.Failure(description: "koalio \(arguments.joined(separator: " ")) exited with \(run.status)") }
    return try FrameTime.read(times)
}

/// The camera's step while it moves at constant speed in the world (its x within `steady`), as
/// coefficients of variation (standard deviation over mean): from one picture to the next, and
/// from one refresh of a `refreshRate` display to the next (each refresh showing the newest
/// picture presented before it); and the share of refreshes that showed no new picture.
struct CameraSteps {
    var perPicture: Double
    var perRefresh: Double
    var missedRefreshes: Double

    init(_ frames: [FrameTime], refreshRate: Int, steady: ClosedRange<Double>) {
        let pictures = frames.compactMap(\.cameraX)
        let shown = Self.refreshes(frames, refreshRate: refreshRate)
        perPicture = Self.variation(Self.steps(pictures, steady))
        let refreshSteps = Self.steps(shown, steady)
        perRefresh = Self.variation(refreshSteps)
        missedRefreshes = Double(refreshSteps.filter { $0 == 0 }.count) / Double(max(1, refreshSteps.count))
    }

    static func steps(_ xs: [Double], _ steady: ClosedRange<Double>) -> [Double] {
        zip(xs.dropFirst(), xs).filter { steady.contains($1) && steady.contains($0) }.map { $0 - $1 }
    }

    static func variation(_ steps: [Double]) -> Double {
        guard steps.count > 1 else { return 0 }
        let mean = steps.reduce(0, +) / Double(steps.count)
        let deviation = (steps.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(steps.count)).squareRoot()
        return deviation / max(1e-9, abs(mean))
    }

    /// The camera's x at each refresh of a `refreshRate` display.
    static func refreshes(_ frames: [FrameTime], refreshRate: Int) -> [Double] {
        guard let first = frames.first, let last = frames.last else { return [] }
        let period = 1000 / Double(refreshRate)
        // The display's refreshes fall halfway between the pictures' usual presenting times (their
        // phase in the period, a circular mean): as a display synchronised with the game shows them.
        let angles = frames.map { $0.presented.truncatingRemainder(dividingBy: period) / period * 2 * Double.pi }
        let phase = atan2(angles.map(sin).reduce(0, +), angles.map(cos).reduce(0, +)) / (2 * Double.pi) * period
        var shown: [Double] = []
        var index = 0
        var refresh = (first.presented / period).rounded(.down) * period + phase + period / 2
        while refresh < last.presented {
            while index + 1 < frames.count && frames[index + 1].presented <= refresh { index += 1 }
            if let x = frames[index].cameraX { shown.append(x) }
            refresh += period
        }
        return shown
    }
}

/// A runway level and a recorded run along it.
struct Runway {
    var level: String
    var replay: String
    var ticks: Int
    /// Where the world's camera moves at the koala's full speed.
    var steadyCamera: ClosedRange<Double>
}

/// A flat runway of 400 tiles (level 1's tiles), and a replay of the koala holding right (and
/// dash) along it, recorded headless: the camera follows it at its full speed from the point it
/// leaves the left edge.
func runwayReplay(_ options: Options, scratch: String, dashing: Bool) throws -> Runway {
    let width = 400, height = 20, floor = 17
    try FileManager.default.createDirectory(atPath: scratch + "/Levels", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: scratch + "/Resources", withIntermediateDirectories: true)
    for file in ["Levels/koalio.tsx", "Resources/tiles.png"] where !FileManager.default.fileExists(atPath: scratch + "/" + file) {
        try FileManager.default.copyItem(atPath: options.dataDirectory + "/" + file, toPath: scratch + "/" + file)
    }
    func layer(_ id: Int, _ name: String, _ gid: (Int) -> Int) -> String {
        let rows = (0..<height).map { row in (0..<width).map { _ in "\(gid(row))" }.joined(separator: ",") }
        return " <layer id=\"\(id)\" name=\"\(name)\" width=\"\(width)\" height=\"\(height)\">\n  <data encoding=\"csv\">\n"
            + rows.joined(separator: ",\n") + "\n</data>\n </layer>\n"
    }
    let tmx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <map version="1.10" orientation="orthogonal" renderorder="right-down" width="\(width)" height="\(height)" tilewidth="16" tileheight="16" infinite="0">
         <tileset firstgid="1" source="koalio.tsx"/>

        """ + layer(1, "background") { _ in 0 } + layer(2, "walls") { $0 == floor ? 1 : $0 > floor ? 2 : 0 } + layer(3, "hazards") { _ in 0 } + """
         <objectgroup id="4" name="objects">
          <object id="1" name="spawn" type="spawn" x="40" y="240" width="16" height="32"/>
          <object id="2" name="goal" type="goal" x="\(width * 16 - 80)" y="208" width="32" height="64"/>
         </objectgroup>
        </map>

        """
    let level = scratch + "/Levels/runway.tmx"
    try tmx.write(toFile: level, atomically: true, encoding: .utf8)
    let keys = scratch + "/runway-\(dashing).keys"
    try (dashing ? "0 right down\n0 x down\n" : "0 right down\n").write(toFile: keys, atomically: true, encoding: .utf8)
    let replay = scratch + "/runway-\(dashing).koalioreplay"
    let ticks = 900  // 15 s: 1800 px walking, 3150 dashing, inside the runway's 5832 px of camera travel
    let recorded = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--headless", "--level", level,
                                                            "--input-script", keys, "--ticks", "\(ticks)", "--record", replay],
                                           environment: gameEnvironment)
    guard recorded.status == 0 else { throw Xvfb.Failure(description: "the runway run exited with \(recorded.status)") }
    // Full speed long before the camera moves (the koala goes from x 48 to 284 first); the
    // camera's travel stops short of the map's end in 15 s.
    return Runway(level: level, replay: replay, ticks: ticks, steadyCamera: 16...Double(width * 16 - 568 - 64))
}
