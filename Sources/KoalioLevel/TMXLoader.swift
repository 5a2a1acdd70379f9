import FoundationEssentials
import KoalioCore
import KoalioSim

/// Loads Tiled `.tmx` maps into ``TileMap`` values.
///
/// Accepts orthogonal maps with CSV, base64 (raw, zlib or gzip) or XML `<tile>` layer data;
/// inline or external (`.tsx`) tilesets, single-image or image collections, animated or not;
/// tile layers whose role (`walls`, `hazards`, `platforms`) comes from their class or name, the
/// rest drawn as scenery with image layers and groups (``LayerReading``); and object layers whose
/// `spawn` and `goal` objects (by name, type or class) place the koala and the finish, and whose
/// `checkpoint`, `leaf` and `critter` rectangles place those. Anything it could not draw or run
/// is rejected with a ``LevelError`` naming the file, line, element and reason. Every number is
/// checked against ``LevelLimits`` before it sizes an allocation or meets arithmetic.
public enum TMXLoader {
    /// Bits Tiled stores in a GID for horizontal, vertical and diagonal flips and hex rotation.
    static let flipFlagsMask: UInt32 = 0xF000_0000

    /// The original game's spawn and finish line, used when the map has no `spawn` / `goal`
    /// (a map narrower than the finish line ends at its last two columns).
    static let fallbackSpawn = Vec2(100, 50)
    static let fallbackGoalX = 3130.0

    /// A level file's bytes (for hashing it as well as loading it), or why they cannot be read.
    public static func readLevelFile(_ path: String) throws(LevelError) -> [UInt8] {
        try readFile(path, element: "")
    }

    public static func load(bytes: [UInt8], path: String) throws(LevelError) -> TileMap {
        let root = try parseXML(bytes, file: path)
        let place = Place(file: path)
        guard root.name == "map" else { throw place.error(root, "the root element is <\(root.name)>, not <map>") }
        let orientation = root.attributes["orientation"] ?? "orthogonal"
        guard orientation == "orthogonal" else {
            throw place.error(root, "orientation '\(TerminalText.excerpt(orientation))' is not supported (only orthogonal maps)")
        }
        guard root.attributes["infinite"] ?? "0" == "0" else {
            throw place.error(root, "infinite maps are not supported (save the map with a fixed size)")
        }
        let width = try place.int(root, "width", in: 1...LevelLimits.mapSideTiles)
        let height = try place.int(root, "height", in: 1...LevelLimits.mapSideTiles)
        guard width * height <= LevelLimits.mapTiles else {
            throw place.error(root, "the map is \(width)×\(height) tiles; koalio plays maps of up to \(LevelLimits.mapTiles) tiles")
        }
        let tileWidth = try place.int(root, "tilewidth", in: 1...LevelLimits.tileSidePixels)
        let tileHeight = try place.int(root, "tileheight", in: 1...LevelLimits.tileSidePixels)

        let tilesetElements = root.children("tileset")
        guard tilesetElements.count <= LevelLimits.tilesets else {
            throw place.error(tilesetElements[LevelLimits.tilesets], "more than \(LevelLimits.tilesets) tilesets")
        }
        var tilesets: [Tileset] = []
        var externalTilesets: [String: XMLElement] = [:]  // each .tsx read once, however many name it
        for element in tilesetElements {
            tilesets.append(try tileset(element, place: place, externals: &externalTilesets))
        }
        tilesets.sort { $0.firstGID < $1.firstGID }

        // Every tile layer is decoded (drawn, or read for its role), up to a budget of tiles.
        var reading = LayerReading(mapWidth: width, mapHeight: height, tilesets: tilesets, place: place)
        try reading.walk(root, inherited: .map)
        guard let walls = reading.roles[.walls] else {
            throw place.error(root, "missing tile layer 'walls': name a tile layer walls, or give it the class walls (the solid tiles)")
        }
        let empty = TileLayer(name: "", width: width, height: height, gids: [UInt32](repeating: 0, count: width * height))
        let theme = try mapTheme(root, place: place)
        let backgroundColor = try root.attributes["backgroundcolor"].map { text throws(LevelError) in try color(text, root, place: place) }
        let hasOwnBackdrop = backgroundColor != nil || reading.layers.contains { if case .image = $0.content { true } else { false } }

        let mapPixels = Rect(x: 0, y: 0, width: Double(width * tileWidth), height: Double(height * tileHeight))
        var spawn = fallbackSpawn
        // The original's finish line, or the last two columns of a map narrower than that.
        let goalX = max(0, min(fallbackGoalX, mapPixels.width - Double(2 * tileWidth)))
        var goal = Rect(x: goalX, y: 0, width: mapPixels.width - goalX, height: mapPixels.height)
        var placed: [(kind: ObjectKind, element: XMLElement, area: Rect)] = []
        for group in root.children("objectgroup") {
            for object in group.children("object") {
                let names = [object.attributes["name"], object.attributes["type"], object.attributes["class"]]
                    .compactMap { $0?.lowercased() }
                guard let kind = ObjectKind.allCases.first(where: { names.contains($0.rawValue) }) else { continue }
                let x = try place.number(object, "x")
                let y = try place.number(object, "y")
                let w = try place.number(object, "width", default: 0)
                let h = try place.number(object, "height", default: 0)
                guard w >= 0, h >= 0 else { throw place.error(object, "width and height must not be negative") }
                switch kind {
                case .spawn:
                    // A spawn rectangle stands the koala on its bottom edge; a point, at the point.
                    spawn = Vec2(x + w / 2, y + h)
                    guard spawn.x >= mapPixels.minX, spawn.x <= mapPixels.maxX, spawn.y >= mapPixels.minY, spawn.y <= mapPixels.maxY else {
                        throw place.error(object, "the spawn point (\(spawn.x), \(spawn.y)) is outside the \(Int(mapPixels.width))×\(Int(mapPixels.height)) px map")
                    }
                case .goal:
                    guard w > 0, h > 0 else { throw place.error(object, "the goal object needs a width and a height") }
                    let drawn = Rect(x: x, y: y, width: w, height: h)
                    guard drawn.intersects(mapPixels) else {
                        throw place.error(object, "the goal (\(x), \(y), \(w)×\(h)) lies outside the \(Int(mapPixels.width))×\(Int(mapPixels.height)) px map")
                    }
                    goal = drawn.intersection(mapPixels)  // only the part in the map can be reached or drawn
                case .checkpoint, .leaf, .critter:
                    let what = kind.describe(object)
                    guard w > 0, h > 0 else { throw place.error(object, "\(what) has no size: draw it as a rectangle") }
                    let area = Rect(x: x, y: y, width: w, height: h)
                    guard area.minX >= 0, area.minY >= 0, area.maxX <= mapPixels.maxX, area.maxY <= mapPixels.maxY else {
                        throw place.error(object, "\(what) (\(x), \(y), \(w)×\(h)) is outside the \(Int(mapPixels.width))×\(Int(mapPixels.height)) px map")
                    }
                    guard placed.count(where: { $0.kind == kind }) < LevelLimits.objectsOfAKind else {
                        throw place.error(object, "more than \(LevelLimits.objectsOfAKind) \(kind.rawValue) objects")
                    }
                    placed.append((kind, object, area))
                }
            }
        }

        let name = PathString.removingExtension(PathString.fileName(of: path))
        var map = TileMap(name: name, width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight,
                          tilesets: tilesets, layers: reading.layers, walls: walls, hazards: reading.roles[.hazards] ?? empty,
                          platforms: reading.roles[.platforms], theme: theme ?? .meadow, backgroundColor: backgroundColor,
                          drawsThemeBackdrop: theme != nil || !hasOwnBackdrop, spawn: spawn, goal: goal)
        map.objects = try objects(placed, on: map, place: place)
        return map
    }

    /// The object kinds the game reads (by an object's name, type or class).
    enum ObjectKind: String, CaseIterable {
        case spawn, goal, checkpoint, leaf, critter

        /// How an error names the object: its kind and Tiled's id.
        func describe(_ object: XMLElement) -> String {
            object.attributes["id"].map { "\(rawValue) object \(TerminalText.excerpt($0))" } ?? "\(rawValue) object"
        }
    }

    /// Checkpoints, leaves and critters, checked against the map's tiles: a koala must fit at a
    /// checkpoint, and a critter must stand on ground outside any wall (it is dropped onto the
    /// first ground below its rectangle).
    private static func objects(_ placed: [(kind: ObjectKind, element: XMLElement, area: Rect)], on map: TileMap,
                                place: Place) throws(LevelError) -> LevelObjects {
        var checkpoints: [Checkpoint] = [], leaves: [Rect] = [], critters: [Vec2] = []
        for (kind, element, area) in placed {
            let what = kind.describe(element)
            switch kind {
            case .checkpoint:
                let checkpoint = Checkpoint(area: area)
                guard map.koalaFits(feet: checkpoint.feet) else {
                    throw place.error(element, "\(what): a koala standing on its bottom edge would be inside a wall or spikes")
                }
                checkpoints.append(checkpoint)
            case .leaf:
                leaves.append(area)
            case .critter:
                switch map.critterPlacement(feet: Vec2(area.center.x, area.maxY)) {
                case .stands(let feet): critters.append(feet)
                case .insideWall: throw place.error(element, "\(what) is inside a wall")
                case .noGround: throw place.error(element, "\(what) has no ground below it to walk on")
                }
            case .spawn, .goal:
                break
            }
        }
        return LevelObjects(checkpoints: checkpoints, leaves: leaves, critters: critters)  // indexed once
    }

    /// Problems a level author should hear about in a map that loads: layers named like a role
    /// (`walls`, `hazards`, `platforms`) that are not tile layers, so the game does not read
    /// them as that role. One line each, with the file and line.
    public static func lint(bytes: [UInt8], path: String) -> [String] {
        guard let root = try? parseXML(bytes, file: path) else { return [] }
        let roles = Set(LayerRole.allCases.map(\.rawValue))
        return root.children.filter { $0.name != "layer" && $0.name != "group" && roles.contains($0.attributes["name"] ?? "") }.map { element in
            let name = element.attributes["name"] ?? ""
            return "\(path):\(element.line): warning: <\(element.name)> '\(name)' is named like the \(name) tile layer but is not a tile layer, so it is not read as \(name)"
        }
    }

    /// The map's `theme` property (Tiled: Map → Map Properties), nil when it has none.
    private static func mapTheme(_ root: XMLElement, place: Place) throws(LevelError) -> Theme? {
        for properties in root.children("properties") {
            for property in properties.children("property") where property.attributes["name"] == "theme" {
                let value = property.attributes["value"] ?? ""
                guard let theme = Theme(rawValue: value) else {
                    let known = Theme.allCases.map(\.rawValue).joined(separator: ", ")
                    throw place.error(property, "theme '\(TerminalText.excerpt(value))' is not one of \(known)")
                }
                return theme
            }
        }
        return nil
    }

    /// A Tiled colour: `#RRGGBB` or `#AARRGGBB` (the `#` optional).
    static func color(_ text: String, _ element: XMLElement, place: Place) throws(LevelError) -> Color {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else {
            throw place.error(element, "'\(TerminalText.excerpt(text))' is not a colour (#RRGGBB or #AARRGGBB)")
        }
        let alpha = hex.count == 8 ? UInt8(value >> 24) : 255
        return Color(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF), alpha)
    }

    // MARK: - Tilesets

    private static func tileset(_ element: XMLElement, place: Place,
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

    private static func tilesetBody(_ element: XMLElement, firstGID: UInt32, place: Place) throws(LevelError) -> Tileset {
        let tileWidth = try place.int(element, "tilewidth", in: 1...LevelLimits.tileSidePixels)
        let tileHeight = try place.int(element, "tileheight", in: 1...LevelLimits.tileSidePixels)
        let animations = try tileAnimations(element, place: place)
        guard let image = element.child("image"), let source = image.attributes["source"] else {
            return try imageCollection(element, firstGID: firstGID, tileWidth: tileWidth, tileHeight: tileHeight,
                                       animations: animations, place: place)
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
    private static func imageCollection(_ element: XMLElement, firstGID: UInt32, tileWidth: Int, tileHeight: Int,
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
    private static func tileAnimations(_ element: XMLElement, place: Place) throws(LevelError) -> [Int: [Tileset.AnimationFrame]] {
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

    // MARK: - Layers

    /// A tile layer's ids as the file has them, flip bits kept (each id checked against the tilesets).
    static func tileLayer(_ element: XMLElement, name: String, mapWidth: Int, mapHeight: Int, tilesets: [Tileset],
                          place: Place) throws(LevelError) -> TileLayer {
        let width = try place.int(element, "width", in: 1...LevelLimits.mapSideTiles, default: mapWidth)
        let height = try place.int(element, "height", in: 1...LevelLimits.mapSideTiles, default: mapHeight)
        guard width == mapWidth, height == mapHeight else {
            throw place.error(element, "layer '\(TerminalText.excerpt(name))' is \(width)×\(height), the map is \(mapWidth)×\(mapHeight)")
        }
        guard let data = element.child("data") else { throw place.error(element, "layer '\(TerminalText.excerpt(name))' has no <data>") }
        let expected = width * height
        let gids: [UInt32]
        switch data.attributes["encoding"] {
        case "csv":
            guard data.attributes["compression"] == nil else {
                throw place.error(data, "CSV data cannot be compressed")
            }
            gids = try csvTileIDs(data.text, expected: expected, element: data, place: place)
        case "base64":
            let cleaned = data.text.filter { !$0.isWhitespace }
            guard let decoded = Data(base64Encoded: cleaned) else { throw place.error(data, "layer '\(TerminalText.excerpt(name))' is not valid base64") }
            let raw = try decompress([UInt8](decoded), data.attributes["compression"], expectedSize: expected * 4,
                                     element: data, place: place)
            guard raw.count == expected * 4 else {
                throw place.error(data, "layer '\(TerminalText.excerpt(name))' has \(raw.count) bytes of data, expected \(expected) tile ids of 4 bytes")
            }
            gids = stride(from: 0, to: raw.count, by: 4).map { (i: Int) -> UInt32 in
                let low = UInt32(raw[i]) | UInt32(raw[i + 1]) << 8
                let high = UInt32(raw[i + 2]) << 16 | UInt32(raw[i + 3]) << 24
                return low | high
            }
        case nil:
            gids = try data.children("tile").map { tile throws(LevelError) in
                UInt32(try place.int(tile, "gid", in: 0...Int(UInt32.max), default: 0))
            }
        case let other?:
            throw place.error(data, "unknown encoding '\(TerminalText.excerpt(other))' (use csv or base64)")
        }
        guard gids.count == expected else {
            throw place.error(data, "layer '\(TerminalText.excerpt(name))' has \(gids.count) tiles, expected \(width)×\(height) = \(expected)")
        }
        for i in gids.indices {
            let gid = gids[i] & ~flipFlagsMask
            guard gid != 0 else { continue }
            guard TileMap.tileset(for: gid, in: tilesets) != nil else {
                throw place.error(data, "layer '\(TerminalText.excerpt(name))' uses tile id \(gid), which no tileset has")
            }
        }
        return TileLayer(name: name, width: width, height: height, gids: gids)
    }

    /// Reads comma-separated tile ids straight from UTF-8 (a level has thousands of them).
    private static func csvTileIDs(_ text: String, expected: Int, element: XMLElement, place: Place) throws(LevelError) -> [UInt32] {
        var gids: [UInt32] = []
        gids.reserveCapacity(expected)
        var value: UInt64 = 0, digits = 0, sawComma = false
        func bad(_ what: String) -> LevelError { place.error(element, "'\(TerminalText.excerpt(what))' is not a tile id") }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                guard value <= UInt64(UInt32.max) else { throw bad("\(value)…") }
            case UInt8(ascii: ","):
                guard digits > 0 else { throw bad("") }
                gids.append(UInt32(value))
                value = 0
                digits = 0
                sawComma = true
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                continue
            default:
                throw bad(String(decoding: [byte], as: UTF8.self))
            }
        }
        if digits > 0 { gids.append(UInt32(value)) } else if sawComma { throw bad("") }
        return gids
    }

    private static func decompress(_ bytes: [UInt8], _ compression: String?, expectedSize: Int, element: XMLElement,
                                   place: Place) throws(LevelError) -> [UInt8] {
        let format: Zlib.Format
        switch compression {
        case nil, "": return bytes
        case "zlib": format = .zlib
        case "gzip": format = .gzip
        case let other?: throw place.error(element, "unsupported compression '\(TerminalText.excerpt(other))' (use none, zlib or gzip)")
        }
        do { return try Zlib.inflate(bytes, format: format, expectedSize: expectedSize) } catch {
            throw place.error(element, "\(compression ?? "") data is corrupt: \(error.reason)")
        }
    }

    // MARK: - Files and attributes

    static func readFile(_ path: String, element: String, limit: Int = LevelLimits.fileBytes, referencedFrom: Place? = nil,
                         line: Int? = nil) throws(LevelError) -> [UInt8] {
        do { return try FileBytes.read(path, limit: limit) } catch {
            if let referencedFrom {
                throw LevelError(file: referencedFrom.file, line: line, element: element, reason: "\(path): \(error.reason)")
            }
            throw LevelError(file: path, line: nil, element: element, reason: error.reason)
        }
    }

    private static func parseXML(_ bytes: [UInt8], file: String) throws(LevelError) -> XMLElement {
        do {
            return try XMLReader.parse(bytes, maxDepth: LevelLimits.xmlDepth)
        } catch {
            throw LevelError(file: file, line: error.line, element: "", reason: "not well-formed XML: \(error.reason)")
        }
    }

    static func resolve(_ relative: String, against file: String) -> String {
        if relative.hasPrefix("/") { return relative }
        return PathString.join(PathString.directory(of: file), relative)
    }

    /// The file being read, so attribute helpers can name it in errors.
    struct Place {
        var file: String

        func error(_ element: XMLElement, _ reason: String) -> LevelError {
            LevelError(file: file, line: element.line, element: element.name, reason: reason)
        }

        /// A whole-number attribute within `range`: missing is an error unless there is a default.
        func int(_ element: XMLElement, _ key: String, in range: ClosedRange<Int>, default fallback: Int? = nil) throws(LevelError) -> Int {
            guard let text = element.attributes[key] else {
                if let fallback { return fallback }
                throw error(element, "missing attribute \(key)")
            }
            guard let value = Int(text) else { throw error(element, "attribute \(key)='\(TerminalText.excerpt(text))' is not a whole number") }
            guard range.contains(value) else {
                throw error(element, "attribute \(key)=\(value) is out of range (\(range.lowerBound)…\(range.upperBound))")
            }
            return value
        }

        func number(_ element: XMLElement, _ key: String, default fallback: Double? = nil) throws(LevelError) -> Double {
            guard let text = element.attributes[key] else {
                if let fallback { return fallback }
                throw error(element, "missing attribute \(key)")
            }
            guard let value = Double(text), value.isFinite else { throw error(element, "attribute \(key)='\(TerminalText.excerpt(text))' is not a number") }
            return value
        }
    }
}
