import KoalioCore

/// Box-against-tiles collision for the koala.
///
/// The original tested the 8 tiles around the koala's centre in a fixed order and resolved
/// diagonals by overlap shape, which misses tiles when the 26 px koala spans three rows and
/// lets it stick to ceilings. Here each axis moves separately and resolves against every solid
/// tile the box overlaps (which includes those 8 neighbours): x first, then y, so walls,
/// floors, ceilings and all four corners resolve the same way every time. Speeds stay below one
/// tile per tick, so nothing tunnels.
///
/// A class, made once per map: a koala's step reads it through one reference rather than
/// copying its dozen fields (the grids, the open-air cells) for every koala every tick.
final class Collision: Hashable, Sendable {
    /// Equal when made from the same tiles: everything else in it follows from them.
    static func == (a: Collision, b: Collision) -> Bool { a.grid == b.grid && a.tileWidth == b.tileWidth && a.tileHeight == b.tileHeight }
    func hash(into hasher: inout Hasher) { hasher.combine(grid) }

    enum VerticalHit: Equatable {
        case none
        case floor
        case ceiling
    }

    let grid: CollisionGrid
    /// Half-tile cells where a koala's step meets nothing (power-of-two tiles).
    let openAir: OpenAir
    let tileWidth: Double
    let tileHeight: Double
    /// 1 / tile size where that is exact (a power of two, as every shipped level's 16 px):
    /// multiplying by it gives the very bits dividing would, at a fraction of the cost.
    private let columnsPerPixel: Double
    private let rowsPerPixel: Double
    private let exactInverse: Bool

    /// Made once per map (``Stage/collision``): making one per step would copy the whole stage.
    init(width: Int, height: Int, tileWidth: Int, tileHeight: Int, walls: TileLayer, hazards: TileLayer, platforms: TileLayer) {
        self.tileWidth = Double(tileWidth)
        self.tileHeight = Double(tileHeight)
        columnsPerPixel = 1 / self.tileWidth
        rowsPerPixel = 1 / self.tileHeight
        let exactInverse = Self.isPowerOfTwo(tileWidth) && Self.isPowerOfTwo(tileHeight)
        self.exactInverse = exactInverse
        // From its first tile, a spike test's box reaches at most its size in whole tiles further.
        func tiles(_ length: Double, _ tile: Int) -> Int { Int((length / Double(max(1, tile))).rounded(.up)) }
        let spikeBox = Self.spikeBox(of: Player(feet: .zero).box)
        grid = CollisionGrid(width: width, height: height, walls: walls, hazards: hazards, platforms: platforms,
                             spikeReach: (tiles(spikeBox.width, tileWidth), tiles(spikeBox.height, tileHeight)))
        openAir = OpenAir(grid: grid, tileWidth: tileWidth, tileHeight: tileHeight, exact: exactInverse,
                          boxWidth: Tuning.koalaWidthPoints, boxHeight: Tuning.koalaHeightPoints,
                          limitX: max(Tuning.walkMaxSpeedPerTick, Tuning.dashMaxSpeedPerTick),
                          limitUp: Tuning.jumpSpeedPerTick, limitDown: Tuning.maxFallSpeedPerTick)
    }

    /// Whether a koala's box moving by `dx` and `dy` meets no wall, platform or spike: then
    /// ``moveX(_:by:)`` and ``moveY(_:by:)`` only add, and ``touchesSpikes(koalaBox:)`` is false
    /// (see ``OpenAir``; false when not known).
    @inline(__always)
    func isOpen(around koalaBox: Rect, dx: Double, dy: Double) -> Bool { openAir.contains(koalaBox, dx: dx, dy: dy) }

    static func isPowerOfTwo(_ n: Int) -> Bool { n > 0 && n & (n - 1) == 0 }

    /// A pixel x in tiles (fractional).
    @inline(__always)
    private func columns(_ x: Double) -> Double { exactInverse ? x * columnsPerPixel : x / tileWidth }

    @inline(__always)
    private func rows(_ y: Double) -> Double { exactInverse ? y * rowsPerPixel : y / tileHeight }

    /// Moves the box along x; returns whether a wall stopped it. Beyond the map's left and right
    /// edges is wall (the level's side walls).
    @inline(__always)
    func moveX(_ box: inout Rect, by dx: Double) -> Bool {
        guard dx != 0 else { return false }
        box.x += dx
        let column = dx > 0 ? Self.ceiling(columns(box.maxX)) - 1 : Self.floor(columns(box.minX))
        let (firstRow, lastRow) = rowSpan(box)
        var row = firstRow
        repeat {
            if grid.flags(column: column, row: row) & CollisionGrid.wall != 0 {
                box.x = dx > 0 ? Double(column) * tileWidth - box.width : Double(column + 1) * tileWidth
                return true
            }
            row += 1
        } while row <= lastRow
        return false
    }

    /// Moves the box along y; returns what it hit. Above and below the map is open, so the koala
    /// can jump out of view and fall to its death.
    @inline(__always)
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
        repeat {
            if grid.flags(column: column, row: row) & holding != 0 {
                if dy > 0 {
                    box.y = Double(row) * tileHeight - box.height
                    return .floor
                }
                box.y = Double(row + 1) * tileHeight
                return .ceiling
            }
            column += 1
        } while column <= lastColumn
        return .none
    }

    /// The part of a koala's box a spike must reach to kill: spikes forgive a little overlap
    /// on every side, so grazing a tip does not kill.
    @inline(__always)
    static func spikeBox(of koalaBox: Rect) -> Rect {
        koalaBox.insetBy(dx: Tuning.hazardForgivenessPoints, dy: Tuning.hazardForgivenessPoints)
    }

    /// Whether a koala's box (of the koala's size) touches a spike. Most steps are far from
    /// any: the box's first tile says so (``CollisionGrid/hazardNear``) before its last is found.
    @inline(__always)
    func touchesSpikes(koalaBox: Rect) -> Bool {
        let box = Self.spikeBox(of: koalaBox)
        let firstColumn = Self.floor(columns(box.minX)), firstRow = Self.floor(rows(box.minY))
        guard grid.flags(column: firstColumn, row: firstRow) & CollisionGrid.hazardNear != 0 else { return false }
        return contains(CollisionGrid.hazard, in: box)
    }

    /// No wall and no spike in a koala's box: somewhere a koala may be placed.
    func isClear(koalaBox: Rect) -> Bool {
        !contains(CollisionGrid.wall, in: koalaBox) && !touchesSpikes(koalaBox: koalaBox)
    }

    /// Whether a wall tile overlaps the box (beyond the map's sides is wall).
    func hitsWall(_ box: Rect) -> Bool { contains(CollisionGrid.wall, in: box) }

    /// Whether a critter (its box at `box`, or anywhere along its row) may have its leading
    /// edge in `column`: no wall there in its rows, and ground under it.
    func critterColumnIsOpen(_ column: Int, box: Rect, feetY: Double) -> Bool {
        let (firstRow, lastRow) = rowSpan(box)
        for row in firstRow...lastRow where grid.flags(column: column, row: row) & CollisionGrid.wall != 0 { return false }
        return grid.flags(column: column, row: Self.floor(rows(feetY + 1))) & (CollisionGrid.wall | CollisionGrid.platform) != 0
    }

    /// The tile column of an x (beyond the map's sides too).
    func column(of x: Double) -> Int { Self.floor(columns(x)) }

    /// Whether a critter that was clear of walls, moved to `box`, meets a wall or leaves its
    /// ground: only its leading column can hold a new wall (the rest of its box was clear), and
    /// only the tile under its leading edge must be ground (wall or platform). The same answer
    /// as ``hitsWall(_:)`` or no ``isGround(at:)`` under the leading edge, for a fraction of the
    /// lookups: the rule ``Stage/patrol(from:)`` steps by when a level is loaded.
    func stopsCritter(_ box: Rect, facingLeft: Bool, feetY: Double) -> Bool {
        let column = facingLeft ? Self.floor(columns(box.minX)) : max(Self.floor(columns(box.minX)), Self.ceiling(columns(box.maxX)) - 1)
        let (firstRow, lastRow) = rowSpan(box)
        var row = firstRow
        repeat {
            if grid.flags(column: column, row: row) & CollisionGrid.wall != 0 { return true }
            row += 1
        } while row <= lastRow
        let footColumn = Self.floor(columns(facingLeft ? box.minX : box.maxX))
        return grid.flags(column: footColumn, row: Self.floor(rows(feetY + 1))) & (CollisionGrid.wall | CollisionGrid.platform) == 0
    }

    /// Whether the tile under a point is ground to stand on: a wall or a one-way platform.
    func isGround(at point: Vec2) -> Bool {
        grid.flags(column: Self.floor(columns(point.x)), row: Self.floor(rows(point.y))) & (CollisionGrid.wall | CollisionGrid.platform) != 0
    }

    /// Whether any tile the box overlaps has one of `flags`.
    private func contains(_ flags: UInt8, in box: Rect) -> Bool {
        let (firstRow, lastRow) = rowSpan(box)
        let (firstColumn, lastColumn) = columnSpan(box)
        var row = firstRow
        repeat {
            var column = firstColumn
            repeat {
                if grid.flags(column: column, row: row) & flags != 0 { return true }
                column += 1
            } while column <= lastColumn
            row += 1
        } while row <= lastRow
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
