import KoalioCore

/// Where a koala's step cannot meet anything: for every half-tile cell and direction of move,
/// whether a box of the koala's size with its top-left corner anywhere in the cell, moving that
/// way at most a step's limits, overlaps only empty tiles. One bit decides most steps taken in
/// the air instead of a tile-by-tile move.
///
/// Built only for power-of-two tiles, where a pixel's cell (`x × 2 / tile width`) is exact: each
/// cell's reach is found with the very roundings the moves make, so an open cell is never wrong.
struct OpenAir: Hashable, Sendable {
    /// One bit per cell and direction of move: four planes (left or right, up or down), each
    /// row-major over the frame's cells (two per tile, the frame's tiles included).
    private let bits: [UInt64]
    /// The first cell (the frame's left or top tile's first half) and the cell counts.
    private static let firstCell = -2
    private let cellsAcross: Int
    private let cellsDown: Int
    private let cellsPerPixelX: Double
    private let cellsPerPixelY: Double
    /// The step limits the cells were made for.
    private let limitX: Double
    private let limitUp: Double
    private let limitDown: Double

    /// - Parameters:
    ///   - exact: whether the tiles' sizes are powers of two (a pixel's cell is exact).
    ///   - boxWidth, boxHeight: the koala's box.
    ///   - limitX, limitUp, limitDown: its fastest step along x, up and down, in pixels.
    init(grid: CollisionGrid, tileWidth: Int, tileHeight: Int, exact: Bool, boxWidth: Double, boxHeight: Double,
         limitX: Double, limitUp: Double, limitDown: Double) {
        self.limitX = limitX
        self.limitUp = limitUp
        self.limitDown = limitDown
        guard exact else {
            // One closed cell that every box falls in.
            (bits, cellsAcross, cellsDown, cellsPerPixelX, cellsPerPixelY) = ([0], 1, 1, 0, 0)
            return
        }
        let tileW = Double(tileWidth), tileH = Double(tileHeight)
        let cellW = tileW / 2, cellH = tileH / 2
        cellsPerPixelX = 2 / tileW
        cellsPerPixelY = 2 / tileH
        let cellsAcross = 2 * (grid.width + 2), cellsDown = 2 * (grid.height + 2), firstCell = Self.firstCell
        self.cellsAcross = cellsAcross
        self.cellsDown = cellsDown
        let plane = cellsAcross * cellsDown
        var bits = [UInt64](repeating: 0, count: (4 * plane + 63) / 64)
        // Every tile a box starting in a cell can overlap on its step, rounded as the moves round
        // (the lowest left, the highest right: `(left + move) + width`), clamped into the frame
        // as tile counts are: spans of tile columns per cell column, of tile rows per cell row.
        let framedRows = grid.height + 2
        func spans(cells: Int, cell: Double, tile: Double, box: Double, back: Double, ahead: Double, lastTile: Int) -> [(first: Int, last: Int)] {
            (0..<cells).map { index in
                let start = Double(index + firstCell) * cell
                let low = Collision.floor((start - back) / tile)
                let high = Collision.ceiling(((start + cell + ahead) + box) / tile) - 1
                return (min(max(low, -1), lastTile), min(max(max(low, high), -1), lastTile))
            }
        }
        let columnSpans = [false, true].map { leftward in
            spans(cells: cellsAcross, cell: cellW, tile: tileW, box: boxWidth, back: leftward ? limitX : 0, ahead: leftward ? 0 : limitX, lastTile: grid.width)
        }
        let rowSpans = [false, true].map { rising in
            spans(cells: cellsDown, cell: cellH, tile: tileH, box: boxHeight, back: rising ? limitUp : 0, ahead: rising ? 0 : limitDown, lastTile: grid.height)
        }
        // Separable (linear in the cells: a map may have four million tiles): per framed row,
        // whether a cell column's span holds anything (the grid's tile count); then per cell
        // column, with prefix sums, whether any framed row of a cell row's span did.
        var downPrefix = [Int](repeating: 0, count: framedRows + 1)
        for (leftward, spans) in columnSpans.enumerated() {
            var hits = [Bool](repeating: false, count: framedRows * cellsAcross)
            for framedRow in 0..<framedRows {
                for column in 0..<cellsAcross {
                    hits[framedRow * cellsAcross + column] =
                        grid.occupiedTiles(columns: spans[column].first, spans[column].last, rows: framedRow - 1, framedRow - 1) > 0
                }
            }
            for column in 0..<cellsAcross {
                for framedRow in 0..<framedRows {
                    downPrefix[framedRow + 1] = downPrefix[framedRow] + (hits[framedRow * cellsAcross + column] ? 1 : 0)
                }
                for (rising, rows) in rowSpans.enumerated() {
                    // Tile row r is framed row r + 1.
                    for row in 0..<cellsDown where downPrefix[rows[row].last + 2] == downPrefix[rows[row].first + 1] {
                        let index = (leftward + 2 * rising) * plane + row * cellsAcross + column
                        bits[index >> 6] |= 1 << UInt64(index & 63)
                    }
                }
            }
        }
        self.bits = bits
    }

    /// Whether a koala's box moving by `dx` and `dy` within the step's limits meets nothing
    /// (false when not known: a faster move, other tiles).
    @inline(__always)
    func contains(_ box: Rect, dx: Double, dy: Double) -> Bool {
        guard abs(dx) <= limitX, dy >= -limitUp, dy <= limitDown else { return false }
        let column = min(max(Collision.floor(box.minX * cellsPerPixelX) &- Self.firstCell, 0), cellsAcross &- 1)
        let row = min(max(Collision.floor(box.minY * cellsPerPixelY) &- Self.firstCell, 0), cellsDown &- 1)
        let plane = (dx < 0 ? 1 : 0) &+ (dy < 0 ? 2 : 0)
        let index = (plane &* cellsDown &+ row) &* cellsAcross &+ column
        return bits[index &>> 6] & (1 &<< UInt64(index & 63)) != 0
    }
}
