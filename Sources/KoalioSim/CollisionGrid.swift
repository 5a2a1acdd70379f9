/// A map's tiles as collision reads them: one byte of flags per tile (wall, spike, one-way
/// platform), so a koala's step reads one array instead of three layers of tile ids.
///
/// The grid is framed by one tile on every side: wall columns left and right (the level's side
/// walls), open rows above and below. A lookup clamps into the frame instead of testing which
/// side of the map a tile lies on, so it costs no branch (a replay check reads millions of
/// tiles a second).
///
/// Two more things answer at once what a step would otherwise ask tile by tile: whether a spike
/// is near a box's first (top-left) tile (``hazardNear``), and how many tiles of a rectangle
/// hold anything at all (``occupiedTiles(columns:_:rows:_:)``): most steps are in the air or away
/// from spikes.
struct CollisionGrid: Hashable, Sendable {
    static let wall: UInt8 = 1
    static let hazard: UInt8 = 2
    static let platform: UInt8 = 4
    /// A spike lies within the spike test's reach of this tile.
    static let hazardNear: UInt8 = 8

    let width: Int
    let height: Int
    /// Tiles per framed row: the map's width and the two side columns.
    private let stride: Int
    private let cells: [UInt8]
    /// Tiles holding a wall, platform or spike above and left of each framed corner (a summed-area
    /// table, one row and column longer than the frame). Kept modulo 2¹⁶: a rectangle's count,
    /// four entries apart, comes out exact while it is below 65 536, and a step asks about a
    /// few dozen tiles at most. Two bytes a tile.
    private let occupiedAbove: [UInt16]

    /// - Parameter spikeReach: the tiles around its first that a box tested for spikes may overlap.
    init(width: Int, height: Int, walls: TileLayer, hazards: TileLayer, platforms: TileLayer, spikeReach: TileReach = TileReach()) {
        self.width = max(0, width)
        self.height = max(0, height)
        stride = self.width + 2
        let framedRows = self.height + 2
        var cells = [UInt8](repeating: 0, count: stride * framedRows)
        for framedRow in 0..<framedRows {
            cells[framedRow * stride] = Self.wall
            cells[framedRow * stride + stride - 1] = Self.wall
        }
        for row in 0..<self.height {
            for column in 0..<self.width {
                var tile: UInt8 = 0
                if walls.gid(column: column, row: row) != 0 { tile |= Self.wall }
                if hazards.gid(column: column, row: row) != 0 { tile |= Self.hazard }
                if platforms.gid(column: column, row: row) != 0 { tile |= Self.platform }
                cells[(row + 1) * stride + column + 1] = tile
            }
        }
        let spikeNear = Self.within(spikeReach, of: cells, stride: stride, flags: Self.hazard)
        for index in cells.indices where spikeNear[index] { cells[index] |= Self.hazardNear }
        self.cells = cells
        var occupied = [UInt16](repeating: 0, count: (stride + 1) * (framedRows + 1))
        for framedRow in 0..<framedRows {
            var inRow: UInt16 = 0
            for framedColumn in 0..<stride {
                if cells[framedRow * stride + framedColumn] & (Self.wall | Self.platform | Self.hazard) != 0 { inRow &+= 1 }
                occupied[(framedRow + 1) * (stride + 1) + framedColumn + 1] = occupied[framedRow * (stride + 1) + framedColumn + 1] &+ inRow
            }
        }
        occupiedAbove = occupied
    }

    /// A tile's flags. Beyond the left and right edges is wall (the level's side walls); above
    /// and below the map is open.
    @inline(__always)
    func flags(column: Int, row: Int) -> UInt8 {
        cells[(min(max(row, -1), height) &+ 1) &* stride &+ (min(max(column, -1), width) &+ 1)]
    }

    /// How many tiles in the columns and rows given hold a wall, platform or spike, counting
    /// beyond the sides as wall and above and below as open (clamped into the frame, whose
    /// edge tiles stand for all beyond them). Exact for rectangles of fewer than 65 536 tiles.
    @inline(__always)
    func occupiedTiles(columns first: Int, _ last: Int, rows top: Int, _ bottom: Int) -> Int {
        let line = stride &+ 1
        let left = min(max(first, -1), width) &+ 1, right = min(max(last, -1), width) &+ 2
        let above = (min(max(top, -1), height) &+ 1) &* line, below = (min(max(bottom, -1), height) &+ 2) &* line
        return Int(occupiedAbove[below &+ right] &- occupiedAbove[above &+ right] &- occupiedAbove[below &+ left] &+ occupiedAbove[above &+ left])
    }

    /// For each framed tile, whether a tile with any of `flags` lies within `reach` of it. Beyond
    /// the frame's sides is wall; rows beyond its top and bottom are like the frame's own (walls
    /// at the sides only), so the frame row stands for them. Prefix sums: linear in the tiles
    /// whatever the reach (a map may have four million).
    private static func within(_ reach: TileReach, of cells: [UInt8], stride: Int, flags: UInt8) -> [Bool] {
        let rows = cells.count / max(stride, 1)
        let wallBeyondSides = flags & Self.wall != 0
        // Across: tiles with the flags in each row's window.
        var across = [Bool](repeating: false, count: cells.count)
        var prefix = [Int](repeating: 0, count: stride + 1)
        for row in 0..<rows {
            for column in 0..<stride { prefix[column + 1] = prefix[column] + (cells[row * stride + column] & flags != 0 ? 1 : 0) }
            for column in 0..<stride {
                let first = column - reach.left, last = column + reach.right
                if wallBeyondSides && (first < 0 || last >= stride) {
                    across[row * stride + column] = true
                } else {
                    across[row * stride + column] = prefix[min(last, stride - 1) + 1] - prefix[max(first, 0)] > 0
                }
            }
        }
        // Down: rows of those in each column's window.
        var result = [Bool](repeating: false, count: cells.count)
        var columnPrefix = [Int](repeating: 0, count: rows + 1)
        for column in 0..<stride {
            for row in 0..<rows { columnPrefix[row + 1] = columnPrefix[row] + (across[row * stride + column] ? 1 : 0) }
            for row in 0..<rows {
                let first = max(row - reach.up, 0), last = min(row + reach.down, rows - 1)
                result[row * stride + column] = columnPrefix[last + 1] - columnPrefix[first] > 0
            }
        }
        return result
    }
}

/// The tiles around a box's first (top-left) tile that the box may overlap: so many columns
/// left and right of it, rows above and below.
struct TileReach: Hashable, Sendable {
    var left = 0
    var right = 0
    var up = 0
    var down = 0
}
