import Foundation
import KoalioCore
import KoalioLevelFile
import KoalioSim
import KoalioSolver

/// The difficulty curve as numbers: each shipped level's slack, the share of 100 runs of a
/// human's route (every input at least 10 ticks after the last) that still win with every input
/// moved up to ±3 ticks. The route is `HumanRoute.find`'s (deterministic: the one
/// `koalio check-level` measures and `koalio-solve --human` writes to Tests/Fixtures/levelN-human.keys); a level with no such
/// route has a slack of 0.
func reportSlack(_ options: Options) throws {
    var slacks: [Double] = []
    for (index, figure) in Figure.levelSlack.enumerated() {
        let level = "level\(index + 1)"
        let stage = try LevelFile.load(options.dataDirectory + "/Levels/\(level).tmx").stage
        let commands: [Command]?
        if case let .won(found, _) = HumanRoute.find(stage) { commands = found } else { commands = nil }
        slacks.append(commands.map { Slack.of($0, on: stage) * 100 } ?? 0)
        report(figure, slacks[index])
    }
    report(.slackOutOfOrder, Double(zip(slacks, slacks.dropFirst()).filter { $0 < $1 }.count))
}
