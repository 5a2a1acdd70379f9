import KoalioCore

/// Box-against-tiles collision for the koala.
///
/// The original tested the 8 tiles around the koala's centre in a fixed order and resolved
/// diagonals by overlap shape, which misses tiles when the 26 px koala spans three rows and
/// lets it stick to ceilings. Here each axis moves separately and resolves against every solid
/// tile the box overlaps (which includes those 8 neighbours): x first, then y, so walls,
/// floors, ceilings and all four corners resolve the same way every time. Speeds stay below one
/// tile per tick, so nothing tunnels.
struct Collision: Hashable, Sendable {
    enum VerticalHit: Equatable {
        case none
        case floor
        case ceiling
    }

    let grid: CollisionGrid
    let tileWidth: Double
    let tileHeight: Double
    /// 1 / tile size where that is exact (a power of two, as every shipped level's 16 px):
    /// multiplying by it gives the very bits dividing would, at a fraction of the cost.
    private let columnsPerPixel: Double
    private let rowsPerPixel: Double
    private let exactInverse: Bool

    /// Made once per map (``TileMap/collision``): making one per step would copy the whole map.
    init(grid: CollisionGrid, tileWidth: Int, tileHeight: Int) {
        self.grid = grid
        self.tileWidth = Double(tileWidth)
        self.tileHeight = Double(tileHeight)
        columnsPerPixel = 1 / self.tileWidth
        rowsPerPixel = 1 / self.tileHeight
        func isPowerOfTwo(_ n: Int) -> Bool { n > 0 && n & (n - 1) == 0 }
        exactInverse = isPowerOfTwo(tileWidth) && isPowerOfTwo(tileHeight)
    }

    /// A pixel x in tiles (fractional).
    @inline(__always)
    private func columns(_ x: Double) -> Double { exactInverse ? x * columnsPerPixel : x / tileWidth }

    @inline(__always)
    private func rows(_ y: Double) -> Double { exactInverse ? y * rowsPerPixel : y / tileHeight }

    /// Solid: a `walls` tile, or beyond the map's left and right edges (the level's side walls).
    /// Above and below the map is open, so the koala can jump out of view and fall to its death.
    @inline(__always)
    func isSolid(column: Int, row: Int) -> Bool {
        grid.flags(column: column, row: row) & CollisionGrid.wall != 0
    }

    /// Moves the box along x; returns whether a wall stopped it.
    func moveX(_ box: inout Rect, by dx: Double) -> Bool {
        guard dx != 0 else { return false }
        box.x += dx
        let (firstRow, lastRow) = rowSpan(box)
        let column = dx > 0 ? Self.ceiling(columns(box.maxX)) - 1 : Self.floor(columns(box.minX))
        var row = firstRow
        while row <= lastRow {
            if isSolid(column: column, row: row) {
                box.x = dx > 0 ? Double(column) * tileWidth - box.width : Double(column + 1) * tileWidth
                return true
            }
            row += 1
        }
        return false
    }

    /// Moves the box along y; returns what it hit.
    func moveY(_ box: inout Rect, by dy: Double) -> VerticalHit {
        guard dy != 0 else { return .none }
        box.y += dy
        let (firstColumn, lastColumn) = columnSpan(box)
        let row: Int, holding: UInt8
        if dy > 0 {
            row = Self.ceiling(rows(box.maxY)) - 1
            // A one-way platform holds a box whose feet were on or above its top before the move.
            holding = box.maxY - dy <= Double(row) * tileHeight ? CollisionGrid.wall | CollisionGrid.platform : CollisionGrid.wall
        } else {
            row = Self.floor(rows(box.minY))
            holding = CollisionGrid.wall
        }
        var column = firstColumn
        while column <= lastColumn {
            if grid.flags(column: column, row: row) & holding != 0 {
                if dy > 0 {
                    box.y = Double(row) * tileHeight - box.height
                    return .floor
                }
                box.y = Double(row + 1) * tileHeight
                return .ceiling
            }
            column += 1
        }
        return .none
    }

    func touchesHazard(_ box: Rect) -> Bool { contains(CollisionGrid.hazard, in: box) }

    /// No wall and no spike (with its forgiveness) in the box: somewhere a koala may be placed.
    func isClear(_ box: Rect) -> Bool {
        !contains(CollisionGrid.wall, in: box)
            && !touchesHazard(box.insetBy(dx: Tuning.hazardForgivenessPoints, dy: Tuning.hazardForgivenessPoints))
    }

    /// Whether any tile the box overlaps has one of `flags`; rows without any are skipped whole
    /// (walls beyond the sides are in no row's flags, so a box reaching past them is looked at).
    @inline(__always)
    private func contains(_ flags: UInt8, in box: Rect) -> Bool {
        let (firstRow, lastRow) = rowSpan(box)
        var candidates: UInt8 = 0
        var row = firstRow
        while row <= lastRow {
            candidates |= grid.rowFlags(row)
            row += 1
        }
        let (firstColumn, lastColumn) = columnSpan(box)
        guard candidates & flags != 0 || (flags & CollisionGrid.wall != 0 && (firstColumn < 0 || lastColumn >= grid.width)) else {
            return false
        }
        row = firstRow
        while row <= lastRow {
            var column = firstColumn
            while column <= lastColumn {
                if grid.flags(column: column, row: row) & flags != 0 { return true }
                column += 1
            }
            row += 1
        }
        return false
    }

    /// Tile columns the box overlaps, first and last (open interval: touching an edge is not
    /// overlapping).
    @inline(__always)
    private func columnSpan(_ box: Rect) -> (Int, Int) {
        let first = Self.floor(columns(box.minX))
        return (first, max(first, Self.ceiling(columns(box.maxX)) - 1))
    }

    @inline(__always)
    private func rowSpan(_ box: Rect) -> (Int, Int) {
        let first = Self.floor(rows(box.minY))
        return (first, max(first, Self.ceiling(rows(box.maxY)) - 1))
    }

    /// Adding 1.5 × 2⁵² to a double of magnitude below 2³¹ leaves it rounded to the nearest
    /// integer in the low 32 bits of its bit pattern (two's complement): an Int from a Double
    /// without the range checks `Int(_:)` makes (three of them per conversion, a dozen
    /// conversions per koala per step).
    private static let roundingMagic = 6_755_399_441_055_744.0

    @inline(__always)
    static func nearest(_ x: Double) -> Int { Int(Int32(truncatingIfNeeded: (x + roundingMagic).bitPattern)) }

    /// `x.rounded(.down)` as an Int without a libm call or a range check. The koala's coordinates
    /// are finite and far inside ±2³¹ tiles.
    @inline(__always)
    static func floor(_ x: Double) -> Int {
        let rounded = nearest(x)
        return Double(rounded) > x ? rounded - 1 : rounded
    }

    /// `x.rounded(.up)` as an Int, likewise.
    @inline(__always)
    static func ceiling(_ x: Double) -> Int {
        let rounded = nearest(x)
        return Double(rounded) < x ? rounded + 1 : rounded
    }
}
