import KoalioCore
import KoalioSim

/// The koala's cheer on a won level, drawn only: the world stops the tick the koala touches
/// the flag (often mid-jump), so the picture lets it drop to the ground under it, then hop with
/// its arms up. It reads the stage and the steps since the win, so a replay cheers the same.
public enum Cheer {
    /// The drop's pull, in pixels a tick per tick: the game's own gravity.
    static let fallPixelsPerTickSquared = Tuning.gravityPerTick2
    /// One hop's height in pixels and its length in ticks (two a second).
    static let hopPixels = 8.0
    static let hopTicks = 30

    /// Where the cheering koala is drawn `steps` ticks after the win, and its frame: falling
    /// (the jump frame) to the ground under its feet, then hopping in the cheer frame. Over a
    /// pit (no ground below) it cheers where it is.
    public static func pose(_ koala: Player, on stage: Stage, steps: Int) -> (position: Vec2, frame: Int) {
        let t = Double(max(0, steps))
        guard let ground = groundBelow(koala, on: stage) else { return (koala.position, Art.cheerFrame) }
        let drop = ground - koala.position.y
        let fallen = fallPixelsPerTickSquared / 2 * t * t
        if fallen < drop { return (Vec2(koala.position.x, koala.position.y + fallen), Art.jumpFrame) }
        let landed = drop > 0 ? (2 * drop / fallPixelsPerTickSquared).squareRoot() : 0
        let phase = (t - landed).truncatingRemainder(dividingBy: Double(hopTicks)) / Double(hopTicks)
        let lift = hopPixels * 4 * phase * (1 - phase)  // a hop's parabola, at its top halfway
        return (Vec2(koala.position.x, ground - lift), Art.cheerFrame)
    }

    /// The top of the highest wall or platform tile at or under the koala's feet in any column
    /// its box spans (a koala on a ledge's edge stands on it), in pixels.
    static func groundBelow(_ koala: Player, on stage: Stage) -> Double? {
        let feet = koala.position.y, box = koala.box
        let columns = Int((box.minX / Double(stage.tileWidth)).rounded(.down))...Int(((box.maxX - 0.001) / Double(stage.tileWidth)).rounded(.down))
        // The feet stand on a tile's top: start with the row they are in or touch.
        var first = max(0, Int((feet / Double(stage.tileHeight)).rounded(.up)) - 1)
        if Double(first * stage.tileHeight) < feet - 0.5 { first += 1 }
        for row in first..<max(first, stage.height) {
            if columns.contains(where: { stage.walls.gid(column: $0, row: row) != 0 || stage.platforms.gid(column: $0, row: row) != 0 }) {
                return Double(row * stage.tileHeight)
            }
        }
        return nil
    }
}
