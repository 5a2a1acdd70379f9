/// What koalio will read from a level, checked before anything is allocated or converted, so a
/// hostile or damaged map is refused with a reason instead of trapping or eating the memory.
/// docs/FORMATS.md's "Limits" section lists these; keep the two in step.
public enum LevelLimits {
    /// A `.tmx` or `.tsx` file (level 1 is 25 KB; the largest map below in CSV is ~40 MB).
    public static let fileBytes = 64 << 20
    /// A map's `title`, in characters: it shares the status line with the clock and the leaves
    /// (26 cells of the game's font, as the shipped titles' translations: KoalioText's `Message.titleCells`).
    public static let titleCharacters = 26
    /// An external tileset (`.tsx`: a few hundred bytes; read once per map however often named).
    public static let tilesetFileBytes = 1 << 20
    /// Map side in tiles.
    public static let mapSideTiles = 4096
    /// Tiles in one layer (a 4096 × 1024 map): three layers of 4-byte ids stay under 50 MB.
    public static let mapTiles = 1 << 22
    /// Tile width and height in pixels: the map's grid, and a tileset cut from one image.
    public static let tileSidePixels = 256
    /// An image collection's tile width and height (its tiles are pictures, not grid cells:
    /// Sticker Knight's are up to 384 px).
    public static let collectionTileSidePixels = 1024
    /// Tilesets in one map.
    public static let tilesets = 1024
    /// A tileset image's width and height in pixels (checked from its PNG header before decoding).
    public static let imageSidePixels = 4096
    /// Margin, spacing and columns of a tileset.
    public static let tilesetMeasure = 4096
    /// The largest global tile id: Tiled keeps the top 4 bits of a GID for flip flags.
    public static let largestGID: UInt32 = 0x0FFF_FFFF
    /// How deep XML elements may nest (Tiled writes 4 levels).
    public static let xmlDepth = 64
    /// Checkpoints, leaves or critters in one level (each of them is met every tick).
    public static let objectsOfAKind = 512
    /// Tiles decoded over all of a map's tile layers (16 M: 64 MB of ids).
    public static let decodedTiles = 1 << 24
    /// Tile, image, object and group layers in one map.
    public static let layers = 256
    /// Objects in one map (shapes and tile objects, in every object layer).
    public static let objects = 65_536
    /// Template files (`.tx`) one map reads (each once, however many objects name it).
    public static let templates = 256
    /// Grid cells the solid object layers' rectangles cover, over the whole map.
    public static let objectCells = 1 << 24
    /// Images in one image-collection tileset.
    public static let tilesetImages = 4096
    /// Frames in one tile's animation, and a frame's longest duration (ms).
    public static let animationFrames = 1024
    public static let frameMilliseconds = 3_600_000
}
