/// An RGBA colour, 0…255 per channel.
public struct Color: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let white = Color(255, 255, 255)
}

/// A texture the game draws from: one of koalio's own images in `Resources/`, or an image a
/// level names (a tileset), by its path as the level loader resolved it.
public enum TextureID: Hashable, Sendable {
    case resource(String)
    case file(String)

    public static let koala = TextureID.resource("koala.png")
    public static let sky = TextureID.resource("sky.png")
    public static let hills = TextureID.resource("hills.png")
    public static let goal = TextureID.resource("goal.png")
    public static let font = TextureID.resource("font.png")
    public static let hud = TextureID.resource("hud.png")
    /// Controller button glyphs for prompts.
    public static let buttons = TextureID.resource("buttons.png")
    /// Checkpoint flags, leaves and critters.
    public static let objects = TextureID.resource("objects.png")

    /// The images every run needs, loaded up front so a missing one fails at start-up.
    public static let builtIn: [TextureID] = [.koala, .sky, .hills, .goal, .font, .hud, .buttons, .objects]
}

/// One thing to draw, in logical-view pixels. The renderer scales the whole view at once.
public enum DrawItem: Hashable, Sendable {
    /// A region of a texture. `tint` multiplies its colour (white leaves it as drawn).
    case sprite(TextureID, source: IntRect, destination: Rect, flipped: Bool, tint: Color)
    /// A filled rectangle, alpha-blended over what is below.
    case fill(Rect, Color)
    /// A region of a texture flipped as Tiled flips a tile (see ``TileFlip``): a map's tiles
    /// whose ids carry flip flags.
    case flippedTile(TextureID, source: IntRect, destination: Rect, flip: TileFlip, tint: Color)
    /// A region of a texture scaled to `destination`, flipped (horizontal and vertical only)
    /// and turned `degrees` clockwise about the destination's bottom-left corner: a map's tile
    /// objects, as Tiled draws them.
    case turnedTile(TextureID, source: IntRect, destination: Rect, flip: TileFlip, degrees: Double, tint: Color)
}

/// How Tiled flips a tile (the top bits of its global id): the diagonal flip (swapping x and y)
/// comes first, then the horizontal and the vertical.
public struct TileFlip: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let horizontal = TileFlip(rawValue: 1)
    public static let vertical = TileFlip(rawValue: 2)
    public static let diagonal = TileFlip(rawValue: 4)

    /// The flips of a global tile id as Tiled stores them (bits 31, 30 and 29).
    public init(gid: UInt32) {
        var flip: TileFlip = []
        if gid & 0x8000_0000 != 0 { flip.insert(.horizontal) }
        if gid & 0x4000_0000 != 0 { flip.insert(.vertical) }
        if gid & 0x2000_0000 != 0 { flip.insert(.diagonal) }
        self = flip
    }

    /// The same drawing as SDL does it: its flips, then a quarter turn clockwise (or none).
    /// Swapping x and y is a vertical flip turned a quarter clockwise; flipping the swapped
    /// image horizontally undoes that vertical flip, and flipping it vertically adds a
    /// horizontal one before the turn (checked pixel by pixel against Tiled's drawing).
    public var asTurnAndFlips: (quarterTurn: Bool, horizontal: Bool, vertical: Bool) {
        guard contains(.diagonal) else { return (false, contains(.horizontal), contains(.vertical)) }
        return (true, contains(.vertical), !contains(.horizontal))
    }
}

/// Everything one frame shows, back to front. Built by pure code, drawn by the platform layer.
public struct DrawList: Equatable, Sendable {
    public var clearColor: Color
    public var items: [DrawItem]
    /// Positions carry fractions of a view pixel (smooth motion, between two steps): the
    /// renderer places them as finely as the window's pixels allow, where it can.
    public var fine = false
    /// The world's camera (the view's left edge in the level) this picture was drawn for, in
    /// view pixels (behind a menu, the level drawn there); nil for a list not drawn from a level.
    public var cameraX: Double?

    public init(clearColor: Color = Color(0, 0, 0), items: [DrawItem] = []) {
        self.clearColor = clearColor
        self.items = items
    }

    public mutating func append(_ item: DrawItem) { items.append(item) }
}
