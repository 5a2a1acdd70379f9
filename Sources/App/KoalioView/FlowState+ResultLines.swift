import KoalioCore
import KoalioFlow
import KoalioText
import KoalioUI

/// "You Won!"'s lines in words and colours.
extension FlowState {
    /// The colours of the medals, and of good news.
    package static func color(of medal: Medal) -> Color {
        switch medal {
        case .gold: return Color(255, 210, 70)
        case .silver: return Color(215, 220, 235)
        case .bronze: return Color(225, 150, 90)
        }
    }
    package static let goodNews = Color(140, 235, 140)

    /// "You Won!"'s lines: the time (and the best before it), "New best!", the medal (or the
    /// time the next one asks for), the leaves, and why an assisted run set no best.
    package static func resultLines(_ result: RunResult) -> [Scene.Line] {
        var lines: [Scene.Line] = []
        let time = Text.message(.timeLine, [.verbatim(ClockText.of(ticks: result.ticks))])
        let best = result.previousBest.map { Text.message(.bestAfterTime, [.verbatim(ClockText.of(ticks: $0))]) }
        lines.append(Scene.Line(best.map { .joined([time, $0], separator: "   ") } ?? time))
        if result.assisted {
            lines.append(Scene.Line(.message(.assistNoBest), color: Scene.warningColor))
        } else {
            if result.isBest { lines.append(Scene.Line(.message(result.previousBest == nil ? .firstWin : .newBest), color: goodNews)) }
            if let medal = result.medal {
                var line = Text.message(medal.wonMessage)
                if medal != .gold, let times = result.medalTimes {
                    let better = medal == .bronze ? Medal.silver : .gold
                    line = .joined([line, .message(better == .gold ? .goldAt : .silverAt, [.verbatim(ClockText.of(ticks: times.ticks(for: better)))])],
                                   separator: "   ")
                }
                lines.append(Scene.Line(line, color: color(of: medal), medal: medal))
            } else if let times = result.medalTimes {
                lines.append(Scene.Line(.message(.bronzeAt, [.verbatim(ClockText.of(ticks: times.bronze))]), color: color(of: .bronze)))
            }
        }
        if result.leafTotal > 0 {
            let leaves = Text.message(.leavesLine, [.number(result.leaves), .number(result.leafTotal)])
            let all = result.leaves == result.leafTotal
            lines.append(Scene.Line(all ? .joined([leaves, .message(.everyLeaf)], separator: "  ") : leaves, color: all ? goodNews : .white))
        }
        return lines
    }
}
