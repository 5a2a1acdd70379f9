/// An input script of plug/unplug cycles of mixed pads, two overlapping at a time, with
/// buttons, sticks, triggers and keys mashed throughout (`rounds` cycles of 4 ticks).
public enum HotPlugStorm {
    public static let kinds = ["xbox360", "xboxone", "ps4", "ps5", "switchpro", "generic"]

    /// Where the storm blows: in a level (A jumps, Space too), or on the title, whose presses
    /// choose nothing (Y, X and the trigger do nothing there, Right and the stick sideways
    /// move nothing in a list), so the game stays on the title for the whole storm.
    public enum Place: Sendable {
        case level, title

        var press: String { self == .level ? "a" : "y" }
        var key: String { self == .level ? "space" : "right" }
    }

    public static func script(rounds: Int, on place: Place = .level) -> String {
        var script = place == .level ? "0 right down\n" : ""
        for round in 0..<rounds {
            let tick = 2 + round * 4, pad = round + 1
            script += "\(tick) pad attach \(kinds[round % kinds.count])\n"
            script += "\(tick + 1) pad\(pad) \(place.press) down\n\(tick + 1) pad\(pad) leftx \(round % 2 == 0 ? 1 : -1)\n"
            script += "\(tick + 1) \(place.key) \(round % 2 == 0 ? "down" : "up")\n"
            script += "\(tick + 2) pad\(pad) x down\n\(tick + 2) pad\(pad) lefttrigger 0.7\n"
            if round > 0 { script += "\(tick + 3) pad\(pad - 1) detach\n" }  // the previous pad leaves while this one plays
        }
        return script + "\(2 + rounds * 4) pad\(rounds) detach\n"
    }

    /// Ticks that play the whole storm and a little after.
    public static func ticks(rounds: Int) -> Int { 4 + rounds * 4 }
}
