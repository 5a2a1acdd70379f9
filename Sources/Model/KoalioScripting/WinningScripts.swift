/// The solver's winning scripts (`Tests/Fixtures/levelN-win.keys`, whose first line says
/// `# level1: won in 561 ticks …`) played one after another, as a speedrun of their levels
/// plays them: each from the tick its predecessor's flag is reached, what was held at a flag let
/// go then. Shared by the speedrun's tests and `make bench`.
public enum WinningScripts {
    public struct Unreadable: Error, Sendable, Equatable, CustomStringConvertible {
        public var script: Int
        public var description: String { "winning script \(script + 1): no winning tick in its first line" }
    }

    /// The tick a winning script's level is won (its first line's `in N`).
    public static func winningTick(_ text: String) -> Int? {
        let words = text.split(separator: "\n").first?.split(separator: " ") ?? []
        guard let index = words.firstIndex(of: "in"), words.indices.contains(index + 1) else { return nil }
        return Int(words[index + 1])
    }

    /// The scripts' texts in a row: one script's text, and each level's own winning tick.
    public static func chained(_ texts: [String]) throws(Unreadable) -> (script: String, wins: [Int]) {
        var lines: [String] = [], wins: [Int] = [], offset = 0
        for (index, text) in texts.enumerated() {
            guard let won = winningTick(text) else { throw Unreadable(script: index) }
            var held: Set<String> = []
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: " ", maxSplits: 1)
                guard fields.count == 2, let tick = Int(fields[0]), tick < won else { continue }
                lines.append("\(offset + tick) \(fields[1])")
                let parts = fields[1].split(separator: " ")
                if parts.count == 2 { if parts[1] == "down" { held.insert(String(parts[0])) } else { held.remove(String(parts[0])) } }
            }
            offset += won
            lines += held.sorted().map { "\(offset) \($0) up" }
            wins.append(won)
        }
        return (lines.joined(separator: "\n") + "\n", wins)
    }
}
