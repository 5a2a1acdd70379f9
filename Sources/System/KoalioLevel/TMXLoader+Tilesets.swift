import FoundationEssentials
import KoalioCore
import KoalioSystem

/// Tilesets: inline or external (`.tsx`), one image or an image collection (whole images or
/// parts of one), with their tiles' animations; image sizes come from the PNGs.
extension TMXLoader {
    static func tileset(_ element: XMLElement, place: Place,
                                externals: inout [String: XMLElement]) throws(LevelError) -> Tileset {
        let firstGID = UInt32(try place.int(element, "firstgid", in: 1...Int(LevelLimits.largestGID)))
        guard let source = element.attributes["source"] else {
            return try tilesetBody(element, firstGID: firstGID, place: place)
        }
        let tsxPath = resolve(source, against: place.file)
        let root: XMLElement
        if let parsed = externals[tsxPath] {
            root = parsed
        } else {
            let bytes = try readFile(tsxPath, element: "tileset", limit: LevelLimits.tilesetFileBytes, referencedFrom: place, line: element.line)
            root = try parseXML(bytes, file: tsxPath)
            externals[tsxPath] = root
        }
        let tsxPlace = Place(file: tsxPath)
        guard root.name == "tileset" else { throw tsxPlace.error(root, "the root element is <\(root.name)>, not <tileset>") }
        var tileset = try tilesetBody(root, firstGID: firstGID, place: tsxPlace)
        tileset.sourceFile = tsxPath
        return tileset
    }

    static func tilesetBody(_ element: XMLElement, firstGID: UInt32, place: Place) throws(LevelError) -> Tileset {
        // An image collection's tiles are pictures, up to 1024 px; a tileset cut from one image
        // has grid tiles, up to 256 px.
        let tileWidth = try place.int(element, "tilewidth", in: 1...LevelLimits.collectionTileSidePixels)
        let tileHeight = try place.int(element, "tileheight", in: 1...LevelLimits.collectionTileSidePixels)
        let animations = try tileAnimations(element, place: place)
        guard let image = element.child("image"), let source = image.attributes["source"] else {
            return try imageCollection(element, firstGID: firstGID, tileWidth: tileWidth, tileHeight: tileHeight,
                                       animations: animations, place: place)
        }
        let side = LevelLimits.tileSidePixels
        guard tileWidth <= side, tileHeight <= side else {
            throw place.error(element, "tiles of \(tileWidth)×\(tileHeight) px cut from one image; such tiles may be up to \(side)×\(side) (an image collection's up to \(LevelLimits.collectionTileSidePixels))")
        }
        let measures = 0...LevelLimits.tilesetMeasure
        let margin = try place.int(element, "margin", in: measures, default: 0)
        let spacing = try place.int(element, "spacing", in: measures, default: 0)
        let imagePath = resolve(source, against: place.file)
        let (imageWidth, imageHeight) = try imageSize(imagePath, image: image, place: place)
        // Whole tiles that fit the image across and down (all terms are bounded above: no overflow).
        let columnsThatFit = max(0, (imageWidth - 2 * margin + spacing) / (tileWidth + spacing))
        let rowsThatFit = max(0, (imageHeight - 2 * margin + spacing) / (tileHeight + spacing))
        guard columnsThatFit > 0, rowsThatFit > 0 else {
            throw place.error(image, "no \(tileWidth)×\(tileHeight) tile fits the \(imageWidth)×\(imageHeight) image with margin \(margin)")
        }
        var columns = try place.int(element, "columns", in: measures, default: 0)
        if columns == 0 { columns = columnsThatFit }
        guard columns <= columnsThatFit else {
            throw place.error(element, "\(columns) columns of \(tileWidth) px do not fit the \(imageWidth) px wide image")
        }
        let fits = columns * rowsThatFit
        var tileCount = try place.int(element, "tilecount", in: 0...Int(LevelLimits.largestGID), default: 0)
        if tileCount == 0 { tileCount = fits }
        guard tileCount <= fits else {
            throw place.error(element, "tilecount \(tileCount) is more than the \(imageWidth)×\(imageHeight) image holds (\(fits))")
        }
        guard Int(firstGID) + tileCount - 1 <= Int(LevelLimits.largestGID) else {
            throw place.error(element, "tile ids from firstgid \(firstGID) run past \(LevelLimits.largestGID)")
        }
        if let frame = animations.values.joined().first(where: { $0.localID >= tileCount }) {
            throw place.error(element, "an animation shows tile \(frame.localID), which the tileset's \(tileCount) tiles do not have")
        }
        return Tileset(firstGID: firstGID, name: element.attributes["name"] ?? "", imagePath: imagePath,
                       tileWidth: tileWidth, tileHeight: tileHeight, tileCount: tileCount, columns: columns,
                       margin: margin, spacing: spacing, imageReference: "\(place.file):\(image.line): <image>",
                       animations: animations)
    }

    /// An image-collection tileset: each `<tile>` its own `<image>` (its size read from the PNG).
    static func imageCollection(_ element: XMLElement, firstGID: UInt32, tileWidth: Int, tileHeight: Int,
                                        animations: [Int: [Tileset.AnimationFrame]], place: Place) throws(LevelError) -> Tileset {
        var images: [Int: Tileset.TileImage] = [:]
        for tile in element.children("tile") {
            guard let image = tile.child("image"), let source = image.attributes["source"] else { continue }
            guard images.count < LevelLimits.tilesetImages else { throw place.error(tile, "more than \(LevelLimits.tilesetImages) tile images") }
            let id = try place.int(tile, "id", in: 0...(Int(LevelLimits.largestGID) - Int(firstGID)))
            let path = resolve(source, against: place.file)
            let (width, height) = try imageSize(path, image: image, place: place)
            // A part of the image when the tile says so (x, y, width, height on <tile>).
            let x = try place.int(tile, "x", in: 0...(width - 1), default: 0), y = try place.int(tile, "y", in: 0...(height - 1), default: 0)
            let w = try place.int(tile, "width", in: 1...(width - x), default: width - x)
            let h = try place.int(tile, "height", in: 1...(height - y), default: height - y)
            images[id] = Tileset.TileImage(path: path, region: IntRect(x: x, y: y, width: w, height: h),
                                           reference: "\(place.file):\(image.line): <image>")
        }
        guard let last = images.keys.max() else {
            throw place.error(element, "tileset has no <image>, and no <tile> with one (an empty image collection)")
        }
        if let frame = animations.values.joined().first(where: { images[$0.localID] == nil }) {
            throw place.error(element, "an animation shows tile \(frame.localID), which has no image")
        }
        return Tileset(firstGID: firstGID, name: element.attributes["name"] ?? "", imagePath: "", tileWidth: tileWidth,
                       tileHeight: tileHeight, tileCount: last + 1, columns: 0, images: images, animations: animations)
    }

    /// The tileset's animated tiles: `<tile id><animation><frame tileid duration/>…`.
    static func tileAnimations(_ element: XMLElement, place: Place) throws(LevelError) -> [Int: [Tileset.AnimationFrame]] {
        var animations: [Int: [Tileset.AnimationFrame]] = [:]
        for tile in element.children("tile") {
            guard let animation = tile.child("animation") else { continue }
            let id = try place.int(tile, "id", in: 0...Int(LevelLimits.largestGID))
            let frames = animation.children("frame")
            guard frames.count <= LevelLimits.animationFrames else { throw place.error(animation, "more than \(LevelLimits.animationFrames) frames") }
            animations[id] = try frames.map { frame throws(LevelError) in
                Tileset.AnimationFrame(localID: try place.int(frame, "tileid", in: 0...Int(LevelLimits.largestGID)),
                                       milliseconds: try place.int(frame, "duration", in: 1...LevelLimits.frameMilliseconds))
            }
        }
        return animations
    }

    /// The tileset image's size from its PNG header, which also proves it is there and small
    /// enough to decode; a problem names the file and line that referenced the image.
    static func imageSize(_ path: String, image: XMLElement, place: Place) throws(LevelError) -> (Int, Int) {
        if let source = image.attributes["source"], source.contains("://") {
            throw place.error(image, "'\(TerminalText.excerpt(source))' is an address: koalio reads images from files (download it beside the map)")
        }
        let head: [UInt8]
        do { head = try FileBytes.head(path, count: 24) } catch { throw place.error(image, "\(path): \(error.reason)") }
        guard let header = PNGHeader(head) else { throw place.error(image, "\(path): not a PNG image") }
        let side = LevelLimits.imageSidePixels
        guard (1...side).contains(header.width), (1...side).contains(header.height) else {
            throw place.error(image, "\(path): the image is \(header.width)×\(header.height) px; tileset images may be up to \(side)×\(side)")
        }
        return (header.width, header.height)
    }
}
