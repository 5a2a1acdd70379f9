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
