import KoalioCore

/// A critter: walks back and forth on the ground it stands on, turning at walls and edges.
///
/// Part of the world (``World/critters``): it moves on the fixed tick with no randomness, so
/// replays, the ghost, checksums and co-op all see the same critter. A koala landing on it
/// removes it for the rest of the run and bounces up; touching it any other way kills.
public struct Critter: Hashable, Sendable, Codable {
    /// Bottom-centre of its box (its feet), on the top of a ground or platform tile.
    public var position: Vec2
    public var facingLeft: Bool
    public var isAlive: Bool

    /// A critter as the level places it: walking left first.
    public init(feet: Vec2) {
        position = feet
        facingLeft = true
        isAlive = true
    }

    public var box: Rect { Self.box(feet: position) }

    public static func box(feet: Vec2) -> Rect {
        Rect(x: feet.x - Tuning.critterWidthPoints / 2, y: feet.y - Tuning.critterHeightPoints,
             width: Tuning.critterWidthPoints, height: Tuning.critterHeightPoints)
    }

    /// One tick: a step ahead, or a turn where a wall or the edge of its ground is.
    mutating func step(in collision: Collision) {
        guard isAlive else { return }
        let next = Vec2(position.x + (facingLeft ? -Tuning.critterSpeedPerTick : Tuning.critterSpeedPerTick), position.y)
        let box = Self.box(feet: next)
        let leadingFoot = Vec2(facingLeft ? box.minX : box.maxX, next.y + 1)
        if collision.hitsWall(box) || !collision.isGround(at: leadingFoot) {
            facingLeft.toggle()
        } else {
            position = next
        }
    }
}

extension TileMap {
    /// Where a critter placed with its feet at `feet` stands: dropped onto the first ground or
    /// one-way platform at or below them.
    public func critterPlacement(feet: Vec2) -> CritterPlacement {
        let collision = self.collision
        guard !collision.hitsWall(Critter.box(feet: feet)) else { return .insideWall }
        var row = Int((feet.y / Double(tileHeight)).rounded(.up))
        while row < height {
            let standing = Vec2(feet.x, Double(row * tileHeight))
            if collision.hitsWall(Critter.box(feet: standing)) { return .noGround }  // a wall across its fall
            if collision.isGround(at: Vec2(feet.x, standing.y + 1)) { return .stands(standing) }
            row += 1
        }
        return .noGround
    }

    /// Whether a koala can stand at these feet: no wall or spike in its box.
    public func koalaFits(feet: Vec2) -> Bool { collision.isClear(koalaBox: Player(feet: feet).box) }
}

/// Where a level's critter ends up (``TileMap/critterPlacement(feet:)``).
public enum CritterPlacement: Equatable, Sendable {
    case stands(Vec2)
    case insideWall
    case noGround
}
