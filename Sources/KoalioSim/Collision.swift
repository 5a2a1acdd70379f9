import KoalioCore

/// Box-against-tiles collision for the koala.
///
/// The original tested the 8 tiles around the koala's centre in a fixed order and resolved
/// diagonals by overlap shape, which misses tiles when the 26 px koala spans three rows and
/// lets it stick to ceilings. Here each axis moves separately and resolves against every solid
/// tile the box overlaps (which includes those 8 neighbours): x first, then y, so walls,
/// floors, ceilings and all four corners resolve the same way every time. Speeds stay below one
/// tile per tick, so nothing tunnels.
struct Collision {
    enum VerticalHit: Equatable {
        case none
        case floor
        case ceiling
    }

    let map: TileMap

    /// Solid: a `walls` tile, or beyond the map's left and right edges (the level's side walls).
    /// Above and below the map is open, so the koala can jump out of view and fall to its death.
    @inline(__always)
    func isSolid(column: Int, row: Int) -> Bool {
        if column < 0 || column >= map.width { return true }
        return map.walls.gid(column: column, row: row) != 0
    }

    func isPlatform(column: Int, row: Int) -> Bool {
        map.platforms.gid(column: column, row: row) != 0
    }

    /// Moves the box along x; returns whether a wall stopped it.
    func moveX(_ box: inout Rect, by dx: Double) -> Bool {
        guard dx != 0 else { return false }
        box.x += dx
        let rows = rowRange(box)
        let tw = Double(map.tileWidth)
        if dx > 0 {
            let column = Int((box.maxX / tw).rounded(.up)) - 1
            for row in rows where isSolid(column: column, row: row) {
                box.x = Double(column) * tw - box.width
                return true
            }
        } else {
            let column = Int((box.minX / tw).rounded(.down))
            for row in rows where isSolid(column: column, row: row) {
                box.x = Double(column + 1) * tw
                return true
            }
        }
        return false
    }

    /// Moves the box along y; returns what it hit.
    func moveY(_ box: inout Rect, by dy: Double) -> VerticalHit {
        guard dy != 0 else { return .none }
        box.y += dy
        let columns = columnRange(box)
        let th = Double(map.tileHeight)
        if dy > 0 {
            let row = Int((box.maxY / th).rounded(.up)) - 1
            let top = Double(row) * th
            // A one-way platform holds a box whose feet were on or above its top before the move.
            let wasAbove = box.maxY - dy <= top
            for column in columns where isSolid(column: column, row: row) || (wasAbove && isPlatform(column: column, row: row)) {
                box.y = top - box.height
                return .floor
            }
        } else {
            let row = Int((box.minY / th).rounded(.down))
            for column in columns where isSolid(column: column, row: row) {
                box.y = Double(row + 1) * th
                return .ceiling
            }
        }
        return .none
    }

    func touchesHazard(_ box: Rect) -> Bool {
        for row in rowRange(box) {
            for column in columnRange(box) where map.hazards.gid(column: column, row: row) != 0 {
                return true
            }
        }
        return false
    }

    /// No wall and no spike (with its forgiveness) in the box: somewhere a koala may be placed.
    func isClear(_ box: Rect) -> Bool {
        for row in rowRange(box) {
            for column in columnRange(box) where isSolid(column: column, row: row) { return false }
        }
        return !touchesHazard(box.insetBy(dx: Tuning.hazardForgivenessPoints, dy: Tuning.hazardForgivenessPoints))
    }

    /// Tile columns the box overlaps (open interval: touching an edge is not overlapping).
    private func columnRange(_ box: Rect) -> ClosedRange<Int> {
        let tw = Double(map.tileWidth)
        let first = Int((box.minX / tw).rounded(.down))
        return first...max(first, Int((box.maxX / tw).rounded(.up)) - 1)
    }

    private func rowRange(_ box: Rect) -> ClosedRange<Int> {
        let th = Double(map.tileHeight)
        let first = Int((box.minY / th).rounded(.down))
        return first...max(first, Int((box.maxY / th).rounded(.up)) - 1)
    }
}
