import Foundation
import KoalioHarness

// Smooth motion (issue 32), measured in a window under Xvfb as if on a faster display
// (`--refresh-rate`):
//   pictures a second   level 1's winning run played back in real time for 20 s, software
//                       renderer (what `auto` picks here): frames from --frame-times.
//   pacing at 144 Hz    the same run's frame-to-frame intervals: p99 and longest.
//   camera step         a flat 400-tile runway, the koala holding right at full speed (a run
//                       recorded headless, played back in real time): the camera's x as the
//                       window shows it, sampled once per refresh of a 144 Hz display (the
//                       newest picture presented by then); its step from one refresh to the
//                       next, over the stretch where the world's camera moves at constant speed.
//                       Without smooth motion the 60 pictures a second are sampled the same way.
//                       Software draws whole view pixels, the GPU the 2× window's pixels.
//   CPU 144 vs 60       software, level 1's winning script, 600 ticks: the process's CPU time.

extension Figure {
    static let smoothFPS144 = Figure("smooth motion, --refresh-rate 144 (software)", "fps", .compare)
    static let smoothFPS90 = Figure("smooth motion, --refresh-rate 90 (software)", "fps", .compare)
    static let smoothIntervalP99 = Figure("  frame interval at 144 Hz, p99", "ms", .atMost(8.5))
    static let smoothIntervalLongest = Figure("  frame interval at 144 Hz, longest", "ms", .atMost(12))
    static let smoothStepVariationGPU = Figure("camera step at 144 Hz, running (GPU, 2×): CoV", "", .atMost(0.25))
    static let smoothStepVariationSoftware = Figure("  the same, software (whole view pixels)", "", .compare)
    static let unsmoothStepVariation = Figure("  without smooth motion (60 pictures a second)", "", .compare)
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

    let runway = try runwayReplay(options, scratch: scratch)
    func variation(_ renderer: String, smooth: Bool) throws -> Double {
        var arguments = ["--level", runway.level, "--replay", runway.replay, "--refresh-rate", "144", "--renderer", renderer,
                         "--ticks", "\(runway.ticks)"]
        if !smooth {
            let config = scratch + "/no-smooth.toml"
            try "[video]\nsmooth_motion = \"off\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            arguments += ["--config", config]
        }
        let frames = try smoothFrames(options, scratch: scratch, arguments: arguments, environment: environment)
        return stepVariation(frames, refreshRate: 144, from: runway.steadyCamera.lowerBound, to: runway.steadyCamera.upperBound)
    }
    report(.smoothStepVariationGPU, try variation("accelerated", smooth: true))
    report(.smoothStepVariationSoftware, try variation("software", smooth: true))
    report(.unsmoothStepVariation, try variation("software", smooth: false))

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

/// One frame of `--frame-times`: its start, when its picture was presented (start + work), and
/// the camera's x as shown (nil: no level on screen).
struct SmoothFrame {
    var start: Double
    var presented: Double
    var cameraX: Double?
}

func smoothFrames(_ options: Options, scratch: String, arguments: [String], environment: [String: String]) throws -> [SmoothFrame] {
    let times = scratch + "/frames.txt"
    let run = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--frame-times", times] + arguments,
                                      environment: environment)
    guard run.status == 0 else { throw Xvfb.Failure(description: "koalio \(arguments.joined(separator: " ")) exited with \(run.status)") }
    return try String(contentsOfFile: times, encoding: .utf8).split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ")
        guard fields.count == 3, let start = Double(fields[0]), let busy = Double(fields[1]) else { return nil }
        return SmoothFrame(start: start, presented: start + busy, cameraX: Double(fields[2]))
    }
}

/// The camera's step from one refresh of a `refreshRate` display to the next (each refresh
/// shows the newest picture presented before it), while the camera is between `from` and `to`:
/// its standard deviation over its mean.
func stepVariation(_ frames: [SmoothFrame], refreshRate: Int, from: Double, to: Double) -> Double {
    guard let first = frames.first, let last = frames.last else { return 0 }
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
    let steps = zip(shown.dropFirst(), shown).filter { $1 >= from && $0 <= to }.map { $0 - $1 }
    guard steps.count > 1 else { return 0 }
    let mean = steps.reduce(0, +) / Double(steps.count)
    let deviation = (steps.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(steps.count)).squareRoot()
    return deviation / max(1e-9, abs(mean))
}

/// A flat runway of 400 tiles (level 1's tiles), and a replay of the koala holding right along
/// it, recorded headless: the camera follows it at its full walking speed from the point it
/// leaves the left edge until the runway's end comes into view.
func runwayReplay(_ options: Options, scratch: String) throws -> (level: String, replay: String, ticks: Int, steadyCamera: ClosedRange<Double>) {
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
    try "0 right down\n".write(toFile: scratch + "/right.keys", atomically: true, encoding: .utf8)
    try "[video]\nsmooth_motion = \"on\"\n".write(toFile: scratch + "/smooth-on.toml", atomically: true, encoding: .utf8)
    let replay = scratch + "/runway.koalioreplay"
    let ticks = 1500  // 25 s at 2 px a tick: 3000 px, the runway's camera range less its start
    let recorded = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--headless", "--level", level,
                                                            "--input-script", scratch + "/right.keys", "--ticks", "\(ticks)", "--record", replay],
                                           environment: gameEnvironment)
    guard recorded.status == 0 else { throw Xvfb.Failure(description: "the runway run exited with \(recorded.status)") }
    // Full speed long before the camera moves (the koala walks from x 48 to 284 first); a
    // margin at the far end, where the camera stops at the map's edge.
    return (level, replay, ticks, 16...Double(width * 16 - 568 - 64))
}
