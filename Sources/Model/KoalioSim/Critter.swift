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

    /// One tick: a step ahead, or a turn where a wall or the edge of its ground is (its
    /// `patrol`, worked out once from the tiles: ``Stage/patrol(from:)``).
    @inline(__always)
    mutating func step(patrol: ClosedRange<Double>) {
        guard isAlive else { return }
        let next = position.x + (facingLeft ? -Tuning.critterSpeedPerTick : Tuning.critterSpeedPerTick)
        if patrol.contains(next) { position.x = next } else { facingLeft.toggle() }
    }

    /// The rule the patrol is made from: whether a step to `feet` meets a wall or leaves the
    /// ground under the leading edge.
    static func isStopped(at feet: Vec2, facingLeft: Bool, in collision: Collision) -> Bool {
        collision.stopsCritter(box(feet: feet), facingLeft: facingLeft, feetY: feet.y)
    }
}

extension Stage {
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

    /// The x positions a critter starting at `feet` walks between: every position its steps
    /// reach from the start, left and right, before a wall or the end of its ground turns it.
    /// Worked out once when the level is loaded (a critter's ground never changes), so a tick
    /// moves a critter with one comparison. The first column it may not enter is found tile by
    /// tile; the last tiles before it are then stepped as the critter steps, so each end is
    /// exactly where stepping would turn, at a cost bounded by a few tiles of steps.
    public func patrol(from feet: Vec2) -> ClosedRange<Double> {
        let collision = self.collision
        let step = Tuning.critterSpeedPerTick, tile = Double(tileWidth)
        let start = Critter.box(feet: feet)
        func end(facingLeft: Bool) -> Double {
            let direction = facingLeft ? -1 : 1
            var blocked = collision.column(of: facingLeft ? start.minX : start.maxX)
            while blocked >= 0 && blocked < width && collision.critterColumnIsOpen(blocked, box: start, feetY: feet.y) { blocked += direction }
            // Every position whose leading edge stays two tiles short of that column is open.
            let room = facingLeft ? start.minX - Double(blocked + 3) * tile : Double(blocked - 2) * tile - start.maxX
            var x = feet.x + Double(direction) * max(0, (room / step).rounded(.down)) * step
            var steps = 0
            while steps < Int(4 * tile / step) + 4,
                  !Critter.isStopped(at: Vec2(x + Double(direction) * step, feet.y), facingLeft: facingLeft, in: collision) {
                x += Double(direction) * step
                steps += 1
            }
            return x
        }
        return end(facingLeft: true)...end(facingLeft: false)
    }

    /// Whether a koala can stand at these feet: no wall or spike in its box.
    public func koalaFits(feet: Vec2) -> Bool { collision.isClear(koalaBox: Player(feet: feet).box) }
}

/// Where a level's critter ends up (``Stage/critterPlacement(feet:)``).
public enum CritterPlacement: Equatable, Sendable {
    case stands(Vec2)
    case insideWall
    case noGround
}
