/// A layer drawn as the map has it: tiles (their ids with Tiled's flip bits kept), one image, or
/// an object layer's tile objects, with Tiled's opacity, offset, parallax and tint;
/// `foreground` layers are drawn in front of the koala.
public struct MapLayer: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        case tiles(TileLayer)
        /// An image layer: its file and size, repeated across and down when Tiled says so.
        case image(path: String, width: Int, height: Int, repeatX: Bool, repeatY: Bool)
        /// An object layer's tile objects, in the file's order (the last drawn on top).
        case objects([TileObject])
    }

    public var name: String
    public var content: Content
    /// 0…1.
    public var opacity: Double
    /// Pixels the layer is drawn shifted by.
    public var offset: Vec2
    /// How far the layer moves per pixel the camera moves (1: with the map).
    public var parallax: Vec2
    /// Multiplies the layer's colours (white: as drawn).
    public var tint: Color
    public var foreground: Bool

    public init(name: String, content: Content, opacity: Double = 1, offset: Vec2 = .zero, parallax: Vec2 = Vec2(1, 1),
                tint: Color = .white, foreground: Bool = false) {
        self.name = name
        self.content = content
        self.opacity = opacity
        self.offset = offset
        self.parallax = parallax
        self.tint = tint
        self.foreground = foreground
    }
}

/// A tile placed as an object (Tiled's "Insert Tile"): any size, flipped, turned about its
/// bottom-left corner as Tiled turns it. Sticker Knight's whole world is made of these.
public struct TileObject: Hashable, Sendable {
    /// The tile's global id with Tiled's flip bits (horizontal and vertical) kept.
    public var gid: UInt32
    /// Where the tile is drawn before turning, in map pixels: Tiled's (x, y) is its bottom-left.
    public var area: Rect
    /// Degrees clockwise about the bottom-left corner.
    public var rotation: Double

    public init(gid: UInt32, area: Rect, rotation: Double = 0) {
        self.gid = gid
        self.area = area
        self.rotation = rotation
    }
}
