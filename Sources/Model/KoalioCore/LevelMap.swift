/// A level as its author made it in Tiled: what the loader reads and the view draws (tilesets,
/// layers, theme, background, image paths) and where the author put the roles the world plays
/// on (the walls, hazards and platforms layers, spawn, goal, objects). The simulation runs on
/// the ``Stage`` made from it (KoalioSim), which keeps only the cells and places.
public struct LevelMap: Hashable, Sendable {
    /// The level's name (the file name without `.tmx`), as shown and recorded.
    public var name: String
    public var width: Int
    public var height: Int
    public var tileWidth: Int
    public var tileHeight: Int
    /// Sorted by `firstGID`.
    public private(set) var tilesets: [Tileset]
    /// Every visible layer, in the file's order (the role layers among them).
    public var layers: [MapLayer]
    /// The map's `backgroundcolor`, cleared to behind everything when it has no theme.
    public var backgroundColor: Color?
    /// Whether the theme's sky and backdrop are drawn: the map names a theme, or has neither a
    /// background colour nor image layers of its own.
    public var drawsThemeBackdrop: Bool
    /// The level's look (backdrop and sky): the map property `theme`.
    public var theme: Theme
    /// What players call the level (the map property `title`, in English for a shipped level,
    /// which the catalogues translate); nil: it goes by ``name``.
    public var title: String?
    /// The solid tiles (every layer named or of class `walls`, merged), flip bits cleared.
    public var walls: TileLayer
    public var hazards: TileLayer
    /// One-way platforms; nil when the map has no `platforms` layer.
    public var platforms: TileLayer?
    /// Where the koala's feet start (bottom-centre of its box).
    public var spawn: Vec2
    /// Touching this area wins the level.
    public var goal: Rect
    /// Checkpoints, leaves and critters as the author drew them, in the file's order.
    public var placements: [ObjectPlacement]
    /// The widest and tallest tile drawn (a tileset's tiles, or an image collection's images),
    /// in pixels: a tile so big reaches into the view from cells outside it.
    public let largestTileWidth: Int
    public let largestTileHeight: Int

    public init(name: String, width: Int, height: Int, tileWidth: Int, tileHeight: Int, tilesets: [Tileset],
                layers: [MapLayer], walls: TileLayer, hazards: TileLayer, platforms: TileLayer? = nil,
                theme: Theme = .meadow, title: String? = nil, backgroundColor: Color? = nil, drawsThemeBackdrop: Bool = true,
                spawn: Vec2, goal: Rect, placements: [ObjectPlacement] = []) {
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
        self.theme = theme
        self.title = title
        self.walls = walls
        self.hazards = hazards
        self.platforms = platforms
        self.spawn = spawn
        self.goal = goal
        self.placements = placements
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
}

/// A checkpoint, leaf or critter as the author drew it: its rectangle, and where the file has
/// it, so a problem the world finds with it (a critter inside a wall) names the file and line.
public struct ObjectPlacement: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case checkpoint, leaf, critter
    }

    public var kind: Kind
    /// In world pixels.
    public var area: Rect
    public var file: String
    public var line: Int?
    /// How a message names it: its kind and Tiled's id (`critter object 7`).
    public var label: String

    public init(kind: Kind, area: Rect, file: String = "", line: Int? = nil, label: String? = nil) {
        self.kind = kind
        self.area = area
        self.file = file
        self.line = line
        self.label = label ?? "\(kind.rawValue) object"
    }
}
