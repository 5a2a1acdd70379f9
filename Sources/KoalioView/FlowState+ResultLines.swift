import KoalioCore
import KoalioFlow
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
        let best = result.previousBest.map { "   best " + ClockText.of(ticks: $0) } ?? ""
        lines.append(Scene.Line("Time " + ClockText.of(ticks: result.ticks) + best))
        if result.assisted {
            lines.append(Scene.Line("Assist on: no best time or medal", color: Scene.warningColor))
        } else {
            if result.isBest { lines.append(Scene.Line(result.previousBest == nil ? "First win!" : "New best!", color: goodNews)) }
            if let medal = result.medal {
                lines.append(Scene.Line("\(medal.title) medal", color: color(of: medal)))
            } else if let times = result.medalTimes {
                lines.append(Scene.Line("Bronze medal at " + ClockText.of(ticks: times.bronze), color: color(of: .bronze)))
            }
            if let medal = result.medal, medal != .gold, let times = result.medalTimes {
                let better = Medal.allCases[Medal.allCases.firstIndex(of: medal).map { $0 - 1 } ?? 0]
                lines[lines.count - 1].text += "   \(better.title) at " + ClockText.of(ticks: times.ticks(for: better))
            }
        }
        if result.leafTotal > 0 {
            let all = result.leaves == result.leafTotal ? "  every one!" : ""
            lines.append(Scene.Line("Leaves \(result.leaves)/\(result.leafTotal)" + all, color: all.isEmpty ? .white : goodNews))
        }
        return lines
    }
}
