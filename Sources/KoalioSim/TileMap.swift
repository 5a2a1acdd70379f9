import KoalioCore

/// A tileset as the renderer needs it: which image, and how tile ids map to regions of it; or,
/// for an image-collection tileset, each tile's own image. Tiles may be animated.
public struct Tileset: Hashable, Sendable {
    public var firstGID: UInt32
    public var name: String
    /// Absolute path of the tileset image (resolved against the TMX or TSX file that named it);
    /// empty for an image collection.
    public var imagePath: String
    public var tileWidth: Int
    public var tileHeight: Int
    public var tileCount: Int
    public var columns: Int
    public var margin: Int
    public var spacing: Int
    /// Where the image was named (`Levels/level1.tmx:4: <image>`), so a problem found only when
    /// it is decoded still names the level file and line that led to it.
    public var imageReference: String
    /// An image collection's tiles, by local id: each its own image, drawn whole and
    /// bottom-aligned on its cell as Tiled draws them.
    public var images: [Int: TileImage]
    /// Animated tiles, by local id: the frames they show in turn.
    public var animations: [Int: [AnimationFrame]]
    /// The external `.tsx` file it was read from (empty when the map holds it).
    public var sourceFile = ""

    /// One tile's own image (an image collection's): the image, or the part of it the tile
    /// names (Tiled ≥ 1.9 lets a collection's tiles be parts of one image).
    public struct TileImage: Hashable, Sendable {
        public var path: String
        /// The tile's part of the image (all of it unless the tile says otherwise).
        public var region: IntRect
        /// Where it was named, as ``Tileset/imageReference``.
        public var reference: String

        public init(path: String, region: IntRect, reference: String = "") {
            self.path = path
            self.region = region
            self.reference = reference
        }

        public var width: Int { region.width }
        public var height: Int { region.height }
    }

    /// One frame of an animated tile: the tile it shows, for how long.
    public struct AnimationFrame: Hashable, Sendable {
        public var localID: Int
        public var milliseconds: Int

        public init(localID: Int, milliseconds: Int) {
            self.localID = localID
            self.milliseconds = milliseconds
        }
    }

    public init(firstGID: UInt32, name: String, imagePath: String, tileWidth: Int, tileHeight: Int,
                tileCount: Int, columns: Int, margin: Int = 0, spacing: Int = 0, imageReference: String = "",
                images: [Int: TileImage] = [:], animations: [Int: [AnimationFrame]] = [:]) {
        self.firstGID = firstGID
        self.name = name
        self.imagePath = imagePath
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.tileCount = tileCount
        self.columns = columns
        self.margin = margin
        self.spacing = spacing
        self.imageReference = imageReference
        self.images = images
        self.animations = animations
    }

    /// The image region of a global tile id that belongs to this tileset.
    public func sourceRect(for gid: UInt32) -> IntRect { sourceRect(local: Int(gid - firstGID)) }

    /// The image region of a local tile id (in a single-image tileset).
    public func sourceRect(local: Int) -> IntRect {
        let column = local % max(columns, 1)
        let row = local / max(columns, 1)
        return IntRect(x: margin + column * (tileWidth + spacing), y: margin + row * (tileHeight + spacing),
                       width: tileWidth, height: tileHeight)
    }

    /// The local tile shown at a time: the tile itself, or the frame of its animation then
    /// (the animation loops; time in milliseconds of the world's clock, so replays show the same).
    public func frame(of local: Int, atMilliseconds time: Int) -> Int {
        guard let frames = animations[local], !frames.isEmpty else { return local }
        let total = frames.reduce(0) { $0 + $1.milliseconds }
        guard total > 0 else { return local }
        var left = time % total
        for frame in frames {
            if left < frame.milliseconds { return frame.localID }
            left -= frame.milliseconds
        }
        return frames[frames.count - 1].localID
    }

    /// Every image the tileset draws from.
    public var imagePaths: [String] { images.isEmpty ? [imagePath] : images.keys.sorted().compactMap { images[$0]?.path } }
}

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

/// A layer drawn as the map has it: tiles (their ids with Tiled's flip bits kept) or one image,
/// with Tiled's opacity, offset, parallax and tint; `foreground` layers are drawn in front of
/// the koala.
public struct MapLayer: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        case tiles(TileLayer)
        /// An image layer: its file and size, repeated across and down when Tiled says so.
        case image(path: String, width: Int, height: Int, repeatX: Bool, repeatY: Bool)
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

/// A level: the Tiled map the simulation runs in. Immutable once loaded.
public struct TileMap: Hashable, Sendable {
    /// The level's name (the file name without `.tmx`), as shown and recorded.
    public var name: String
    public var width: Int
    public var height: Int
    public var tileWidth: Int
    public var tileHeight: Int
    public var tilesets: [Tileset]
    /// Every visible layer, in the file's order (the role layers among them).
    public var layers: [MapLayer]
    /// The map's `backgroundcolor`, cleared to behind everything when it has no theme.
    public var backgroundColor: Color?
    /// Whether the theme's sky and backdrop are drawn: the map names a theme, or has neither a
    /// background colour nor image layers of its own.
    public var drawsThemeBackdrop: Bool
    /// The solid tiles (every layer named or of class `walls`, merged).
    public private(set) var walls: TileLayer
    public private(set) var hazards: TileLayer
    /// One-way platforms: solid only to a koala coming down onto their top (jump up through
    /// them, land on them). Empty when the map has no `platforms` layer.
    public private(set) var platforms: TileLayer
    /// The three layers above as the koala's step reads them, made once.
    let collision: Collision
    /// The level's look (backdrop and sky): the map property `theme`.
    public var theme: Theme
    /// Where the koala's feet start (bottom-centre of its box).
    public var spawn: Vec2
    /// Touching this area wins the level.
    public var goal: Rect
    /// Checkpoints, leaves and critters (none in a level that places none).
    public var objects: LevelObjects { didSet { critterPatrols = objects.critters.map(patrol(from:)) } }
    /// The widest and tallest tile drawn (a tileset's tiles, or an image collection's images),
    /// in pixels: a tile so big reaches into the view from cells outside it.
    public let largestTileWidth: Int
    public let largestTileHeight: Int
    /// Where each critter walks between (``patrol(from:)``), in the order of `objects.critters`.
    public private(set) var critterPatrols: [ClosedRange<Double>] = []

    public init(name: String, width: Int, height: Int, tileWidth: Int, tileHeight: Int, tilesets: [Tileset],
                layers: [MapLayer], walls: TileLayer, hazards: TileLayer, platforms: TileLayer? = nil,
                theme: Theme = .meadow, backgroundColor: Color? = nil, drawsThemeBackdrop: Bool = true,
                spawn: Vec2, goal: Rect, objects: LevelObjects = LevelObjects()) {
        self.name = name
        self.width = width
        self.height = height
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.tilesets = tilesets.sorted { $0.firstGID < $1.firstGID }
        self.layers = layers
        let sizes = tilesets.flatMap { tileset in [(tileset.tileWidth, tileset.tileHeight)] + tileset.images.values.map { ($0.width, $0.height) } }
        largestTileWidth = max(tileWidth, sizes.map(\.0).max() ?? 0)
        largestTileHeight = max(tileHeight, sizes.map(\.1).max() ?? 0)
        self.backgroundColor = backgroundColor
        self.drawsThemeBackdrop = drawsThemeBackdrop
        self.walls = walls
        self.hazards = hazards
        self.platforms = platforms ?? TileLayer(name: "platforms", width: 0, height: 0, gids: [])
        collision = Collision(width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight,
                              walls: walls, hazards: hazards, platforms: self.platforms)
        self.theme = theme
        self.spawn = spawn
        self.goal = goal
        self.objects = objects
        critterPatrols = objects.critters.map(patrol(from:))
    }

    /// The bits of a global tile id that say how it is flipped (Tiled's top four: horizontal,
    /// vertical, diagonal, and hexagonal rotation).
    public static let flipBits: UInt32 = 0xF000_0000

    /// Every image the map draws from, once each: its tilesets' images and its image layers'.
    public var imageFiles: [String] {
        let layerImages = layers.compactMap { layer -> String? in if case let .image(path, _, _, _, _) = layer.content { path } else { nil } }
        var seen = Set<String>()
        return (tilesets.flatMap(\.imagePaths) + layerImages).filter { seen.insert($0).inserted }
    }

    public var pixelWidth: Double { Double(width * tileWidth) }
    public var pixelHeight: Double { Double(height * tileHeight) }

    /// The tileset a global id belongs to: the one with the largest `firstgid` ≤ gid.
    public func tileset(for gid: UInt32) -> Tileset? { Self.tileset(for: gid, in: tilesets) }

    /// The tileset a global id belongs to among tilesets sorted by `firstgid` (binary search:
    /// a map may have many tilesets, and this runs for every tile drawn and loaded).
    public static func tileset(for gid: UInt32, in sorted: [Tileset]) -> Tileset? {
        var low = 0, high = sorted.count  // first index whose firstGID > gid
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].firstGID <= gid { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let tileset = sorted[low - 1]
        return Int(gid - tileset.firstGID) < tileset.tileCount ? tileset : nil
    }

    /// The tile's rectangle in world pixels.
    public func tileRect(column: Int, row: Int) -> Rect {
        Rect(x: Double(column * tileWidth), y: Double(row * tileHeight),
             width: Double(tileWidth), height: Double(tileHeight))
    }
}

/// A level's look: which backdrop and sky colour it is drawn with.
public enum Theme: String, CaseIterable, Hashable, Sendable {
    /// Level 1: blue sky over green hills.
    case meadow
    /// Treetops at sunset.
    case dusk
    /// Underground, lit by crystals.
    case cave
    /// World 2: red earth and mesas under a hot sky.
    case outback
    /// World 2: a gum forest under the moon.
    case night
}

/// Questions a level check asks of the tiles (``TileMap/koalaFits(feet:)`` is beside the critters').
extension TileMap {
    /// Whether a koala standing at these feet would be inside a wall.
    public func koalaHitsWall(feet: Vec2) -> Bool { collision.hitsWall(Player(feet: feet).box) }

    /// Whether the tile is ground to stand on (a wall or a one-way platform) with no wall on it.
    public func isFloor(column: Int, row: Int) -> Bool {
        let top = Double(row * tileHeight)
        return collision.isGround(at: Vec2(Double(column * tileWidth) + 1, top + 1))
            && !collision.hitsWall(Rect(x: Double(column * tileWidth), y: top - 1, width: Double(tileWidth), height: 1))
    }
}
