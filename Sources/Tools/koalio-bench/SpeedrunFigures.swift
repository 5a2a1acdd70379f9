import Foundation
import KoalioHarness
import KoalioScripting

// speedrun   A split's frame against a restart's: world 1 as a speedrun (the solver's three
//            winning scripts one after another), headless, each flag's frame work (the split,
//            the next level taken: it was read ahead while the level before was played); and
//            level 1's pause-menu Restart, a new run of the same level with nothing to read,
//            its frame's work. The longest of each run's split frames; the medians of three runs.

/// The frame work (ms) of the frames whose tick count is one of `ticks` (the frame that ran it).
private func workAt(_ ticks: Set<Int>, _ path: String) throws -> [Double] {
    try FrameTime.read(path).filter { $0.ticks.map(ticks.contains) ?? false }.map(\.work)
}

/// The world's levels' scripts in a row, each from the tick its predecessor's flag is reached;
/// the ticks of the flags.
private func worldScript(_ options: Options, levels: [Int]) throws -> (script: String, flags: [Int]) {
    let texts = try levels.map { try String(contentsOfFile: options.dataDirectory + "/Tests/Fixtures/level\($0)-win.keys", encoding: .utf8) }
    let (script, wins) = try WinningScripts.chained(texts)
    var flag = 0
    return (script, wins.map { flag += $0; return flag })
}

func reportSpeedrun(_ options: Options) throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-speedrun-\(getpid())").path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let (script, flags) = try worldScript(options, levels: [1, 2, 3])
    try script.write(toFile: scratch + "/world1.keys", atomically: true, encoding: .utf8)
    // Pause, down to Restart, choose it.
    try "10 escape down\n11 escape up\n20 down down\n21 down up\n30 enter down\n31 enter up\n".write(toFile: scratch + "/restart.keys", atomically: true, encoding: .utf8)
    var splits: [Double] = [], restarts: [Double] = []
    for run in 0..<3 {
        let environment = gameEnvironment.merging(["XDG_DATA_HOME": scratch + "/data-\(run)"]) { $1 }
        let splitTimes = scratch + "/split-\(run).txt", restartTimes = scratch + "/restart-\(run).txt"
        let speedrun = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--headless", "--speedrun", "world1",
                                                                "--input-script", scratch + "/world1.keys", "--ticks", "\((flags.last ?? 0) + 10)",
                                                                "--frame-times", splitTimes], environment: environment)
        let restart = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--headless", "--level", "level1",
                                                               "--input-script", scratch + "/restart.keys", "--ticks", "60",
                                                               "--frame-times", restartTimes], environment: environment)
        guard speedrun.status == 0, restart.status == 0 else { throw Xvfb.Failure(description: "a speedrun bench run exited with \(speedrun.status), \(restart.status)") }
        // The flags between levels (the last ends the run: no next level).
        splits.append(try workAt(Set(flags.dropLast()), splitTimes).max() ?? .nan)
        restarts.append(try workAt([31, 32], restartTimes).max() ?? .nan)
    }
    report(.speedrunSplitWork, median(splits))
    report(.restartWork, median(restarts))
    report(.splitMoreThanRestart, median(splits) - median(restarts))
}
