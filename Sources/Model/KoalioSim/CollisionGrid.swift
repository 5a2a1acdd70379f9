import KoalioCore

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
    /// Tiles holding a wall, platform or spike (see ``summedArea(of:stride:flags:)``).
    private let occupiedAbove: [UInt16]

    /// - Parameter spikeReach: how many tiles right of and below its first a box tested for
    ///   spikes may overlap.
    init(width: Int, height: Int, walls: TileLayer, hazards: TileLayer, platforms: TileLayer, spikeReach: (columns: Int, rows: Int) = (0, 0)) {
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
        occupiedAbove = Self.summedArea(of: cells, stride: stride, flags: Self.wall | Self.platform | Self.hazard)
        let spikesAbove = Self.summedArea(of: cells, stride: stride, flags: Self.hazard)
        for framedRow in 0..<framedRows {
            for framedColumn in 0..<stride {
                let column = framedColumn - 1, row = framedRow - 1
                if Self.count(in: spikesAbove, stride: stride, width: self.width, height: self.height,
                              columns: column, column + spikeReach.columns, rows: row, row + spikeReach.rows) > 0 {
                    cells[framedRow * stride + framedColumn] |= Self.hazardNear
                }
            }
        }
        self.cells = cells
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
        Self.count(in: occupiedAbove, stride: stride, width: width, height: height, columns: first, last, rows: top, bottom)
    }

    /// The tiles with any of `flags` above and left of each framed corner: a summed-area table,
    /// one row and column longer than the frame, so any rectangle's count is four entries apart.
    /// Kept modulo 2¹⁶ (two bytes a tile): a count comes out exact while it is below 65 536, and
    /// the rectangles asked about hold a few dozen tiles.
    private static func summedArea(of cells: [UInt8], stride: Int, flags: UInt8) -> [UInt16] {
        let framedRows = cells.count / max(stride, 1)
        var table = [UInt16](repeating: 0, count: (stride + 1) * (framedRows + 1))
        for framedRow in 0..<framedRows {
            var inRow: UInt16 = 0
            for framedColumn in 0..<stride {
                if cells[framedRow * stride + framedColumn] & flags != 0 { inRow &+= 1 }
                table[(framedRow + 1) * (stride + 1) + framedColumn + 1] = table[framedRow * (stride + 1) + framedColumn + 1] &+ inRow
            }
        }
        return table
    }

    /// A rectangle's count from a ``summedArea(of:stride:flags:)`` table, clamped into the frame.
    @inline(__always)
    private static func count(in table: [UInt16], stride: Int, width: Int, height: Int,
                              columns first: Int, _ last: Int, rows top: Int, _ bottom: Int) -> Int {
        let line = stride &+ 1
        let left = min(max(first, -1), width) &+ 1, right = min(max(last, -1), width) &+ 2
        let above = (min(max(top, -1), height) &+ 1) &* line, below = (min(max(bottom, -1), height) &+ 2) &* line
        return Int(table[below &+ right] &- table[above &+ right] &- table[below &+ left] &+ table[above &+ left])
    }
}
