/// A point or vector in logical pixels. y grows downward, as on screen and in Tiled maps,
/// so map rows, world positions and draw coordinates all share one convention.
public struct Vec2: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vec2(0, 0)
}

/// An axis-aligned rectangle in logical pixels (origin at the top-left corner).
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Vec2 { Vec2(x + width / 2, y + height / 2) }

    /// Open-interval overlap: rectangles that only share an edge do not intersect, so a koala
    /// standing exactly on a floor is not inside it.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The overlap of two rectangles (zero-sized where they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX), top = max(minY, other.minY)
        return Rect(x: left, y: top, width: max(0, min(maxX, other.maxX) - left), height: max(0, min(maxY, other.maxY) - top))
    }

    /// Closed on the left and top, open on the right and bottom, like a pixel grid.
    public func contains(_ point: Vec2) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}

/// An integer rectangle, for texture source regions and tile coordinates.
public struct IntRect: Hashable, Sendable, Codable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
