/// One tile layer: a row-major grid of global tile ids (0 = empty). Tiled's flip bits are
/// kept in the layers drawn (``MapLayer``) and cleared in those the simulation reads.
public struct TileLayer: Hashable, Sendable {
    public var name: String
    public var width: Int
    public var height: Int
    public var gids: [UInt32]

    public init(name: String, width: Int, height: Int, gids: [UInt32]) {
        self.name = name
        self.width = width
        self.height = height
        self.gids = gids
    }

    /// The tile id at a column and row; outside the layer there is nothing.
    @inline(__always)
    public func gid(column: Int, row: Int) -> UInt32 {
        guard column >= 0, row >= 0, column < width, row < height else { return 0 }
        return gids[row * width + column]
    }
}
