import FoundationEssentials
import KoalioCore

/// Loads Tiled `.tmx` maps into ``TileMap`` values.
///
/// Accepts orthogonal maps with CSV, base64 (raw, zlib or gzip) or XML `<tile>` layer data,
/// inline or external (`.tsx`) tilesets, and an object layer whose `spawn` and `goal` objects
/// (by name, type or class) place the koala and the finish. Anything it could not draw or run
/// is rejected with a ``LevelError`` naming the file, line, element and reason.
public enum TMXLoader {
    /// Bits Tiled stores in a GID for horizontal, vertical and diagonal flips and hex rotation.
    static let flipFlagsMask: UInt32 = 0xF000_0000

    /// The original game's spawn and finish line, used when the map has no `spawn` / `goal`.
    static let fallbackSpawn = Vec2(100, 50)
    static let fallbackGoalX = 3130.0

    /// A level file's bytes (for hashing it as well as loading it), or why they cannot be read.
    public static func readLevelFile(_ path: String) throws(LevelError) -> [UInt8] {
        try readFile(path, element: "")
    }

    public static func load(path: String) throws(LevelError) -> TileMap {
        let bytes = try readFile(path, element: "")
        return try load(bytes: bytes, path: path)
    }

    public static func load(bytes: [UInt8], path: String) throws(LevelError) -> TileMap {
        let root = try parseXML(bytes, file: path)
        let place = Place(file: path)
        guard root.name == "map" else { throw place.error(root, "the root element is <\(root.name)>, not <map>") }
        let orientation = root.attributes["orientation"] ?? "orthogonal"
        guard orientation == "orthogonal" else {
            throw place.error(root, "orientation '\(orientation)' is not supported (only orthogonal maps)")
        }
        guard root.attributes["infinite"] ?? "0" == "0" else {
            throw place.error(root, "infinite maps are not supported (save the map with a fixed size)")
        }
        let width = try place.positiveInt(root, "width")
        let height = try place.positiveInt(root, "height")
        let tileWidth = try place.positiveInt(root, "tilewidth")
        let tileHeight = try place.positiveInt(root, "tileheight")

        var tilesets: [Tileset] = []
        for element in root.children("tileset") {
            tilesets.append(try tileset(element, place: place))
        }

        var layers: [String: TileLayer] = [:]
        for element in root.children("layer") {
            let layer = try tileLayer(element, mapWidth: width, mapHeight: height, tilesets: tilesets, place: place)
            layers[layer.name] = layer
        }
        func required(_ name: String) throws(LevelError) -> TileLayer {
            guard let layer = layers[name] else { throw place.error(root, "missing tile layer '\(name)'") }
            return layer
        }
        let background = try required("background")
        let walls = try required("walls")
        let hazards = try required("hazards")

        var spawn = fallbackSpawn
        let mapPixelHeight = Double(height * tileHeight)
        var goal = Rect(x: fallbackGoalX, y: 0, width: Double(width * tileWidth) - fallbackGoalX, height: mapPixelHeight)
        for group in root.children("objectgroup") {
            for object in group.children("object") {
                let kind = [object.attributes["name"], object.attributes["type"], object.attributes["class"]]
                    .compactMap { $0?.lowercased() }
                let x = try place.number(object, "x")
                let y = try place.number(object, "y")
                let w = try place.number(object, "width", default: 0)
                let h = try place.number(object, "height", default: 0)
                if kind.contains("spawn") {
                    // A spawn rectangle stands the koala on its bottom edge; a point, at the point.
                    spawn = Vec2(x + w / 2, y + h)
                } else if kind.contains("goal") {
                    guard w > 0, h > 0 else { throw place.error(object, "the goal object needs a width and a height") }
                    goal = Rect(x: x, y: y, width: w, height: h)
                }
            }
        }

        let name = PathString.removingExtension(PathString.fileName(of: path))
        return TileMap(name: name, width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight,
                       tilesets: tilesets, background: background, walls: walls, hazards: hazards,
                       spawn: spawn, goal: goal)
    }

    // MARK: - Tilesets

    private static func tileset(_ element: XMLElement, place: Place) throws(LevelError) -> Tileset {
        let firstGID = try place.positiveInt(element, "firstgid")
        guard let source = element.attributes["source"] else {
            return try tilesetBody(element, firstGID: UInt32(firstGID), place: place)
        }
        let tsxPath = resolve(source, against: place.file)
        let bytes = try readFile(tsxPath, element: "tileset", referencedFrom: place, line: element.line)
        let root = try parseXML(bytes, file: tsxPath)
        let tsxPlace = Place(file: tsxPath)
        guard root.name == "tileset" else { throw tsxPlace.error(root, "the root element is <\(root.name)>, not <tileset>") }
        return try tilesetBody(root, firstGID: UInt32(firstGID), place: tsxPlace)
    }

    private static func tilesetBody(_ element: XMLElement, firstGID: UInt32, place: Place) throws(LevelError) -> Tileset {
        let tileWidth = try place.positiveInt(element, "tilewidth")
        let tileHeight = try place.positiveInt(element, "tileheight")
        guard let image = element.child("image"), let source = image.attributes["source"] else {
            throw place.error(element, "tileset has no <image> (image-collection tilesets are not supported)")
        }
        let margin = try place.int(element, "margin", default: 0)
        let spacing = try place.int(element, "spacing", default: 0)
        var columns = try place.int(element, "columns", default: 0)
        if columns == 0 {
            let imageWidth = try place.positiveInt(image, "width")
            columns = max(1, (imageWidth - 2 * margin + spacing) / (tileWidth + spacing))
        }
        var tileCount = try place.int(element, "tilecount", default: 0)
        if tileCount == 0 {
            let imageHeight = try place.positiveInt(image, "height")
            tileCount = columns * max(1, (imageHeight - 2 * margin + spacing) / (tileHeight + spacing))
        }
        return Tileset(firstGID: firstGID, name: element.attributes["name"] ?? "", imagePath: resolve(source, against: place.file),
                       tileWidth: tileWidth, tileHeight: tileHeight, tileCount: tileCount, columns: columns,
                       margin: margin, spacing: spacing)
    }

    // MARK: - Layers

    private static func tileLayer(_ element: XMLElement, mapWidth: Int, mapHeight: Int, tilesets: [Tileset],
                                  place: Place) throws(LevelError) -> TileLayer {
        let name = element.attributes["name"] ?? ""
        let width = try place.int(element, "width", default: mapWidth)
        let height = try place.int(element, "height", default: mapHeight)
        guard width == mapWidth, height == mapHeight else {
            throw place.error(element, "layer '\(name)' is \(width)×\(height), the map is \(mapWidth)×\(mapHeight)")
        }
        guard let data = element.child("data") else { throw place.error(element, "layer '\(name)' has no <data>") }
        let expected = width * height
        var gids: [UInt32]
        switch data.attributes["encoding"] {
        case "csv":
            guard data.attributes["compression"] == nil else {
                throw place.error(data, "CSV data cannot be compressed")
            }
            gids = try csvTileIDs(data.text, expected: expected, element: data, place: place)
        case "base64":
            let cleaned = data.text.filter { !$0.isWhitespace }
            guard let decoded = Data(base64Encoded: cleaned) else { throw place.error(data, "layer '\(name)' is not valid base64") }
            let raw = try decompress([UInt8](decoded), data.attributes["compression"], element: data, place: place)
            guard raw.count % 4 == 0 else {
                throw place.error(data, "layer '\(name)' has \(raw.count) bytes of data, not a whole number of tile ids")
            }
            gids = stride(from: 0, to: raw.count, by: 4).map { (i: Int) -> UInt32 in
                let low = UInt32(raw[i]) | UInt32(raw[i + 1]) << 8
                let high = UInt32(raw[i + 2]) << 16 | UInt32(raw[i + 3]) << 24
                return low | high
            }
        case nil:
            gids = try data.children("tile").map { tile throws(LevelError) in UInt32(try place.int(tile, "gid", default: 0)) }
        case let other?:
            throw place.error(data, "unknown encoding '\(other)' (use csv or base64)")
        }
        guard gids.count == expected else {
            throw place.error(data, "layer '\(name)' has \(gids.count) tiles, expected \(width)×\(height) = \(expected)")
        }
        let byFirstGID = tilesets.sorted { $0.firstGID < $1.firstGID }
        for i in gids.indices {
            let gid = gids[i] & ~flipFlagsMask
            gids[i] = gid
            guard gid != 0 else { continue }
            guard let owner = byFirstGID.last(where: { $0.firstGID <= gid }), Int(gid - owner.firstGID) < owner.tileCount else {
                throw place.error(data, "layer '\(name)' uses tile id \(gid), which no tileset has")
            }
        }
        return TileLayer(name: name, width: width, height: height, gids: gids)
    }

    /// Reads comma-separated tile ids straight from UTF-8 (a level has thousands of them).
    private static func csvTileIDs(_ text: String, expected: Int, element: XMLElement, place: Place) throws(LevelError) -> [UInt32] {
        var gids: [UInt32] = []
        gids.reserveCapacity(expected)
        var value: UInt64 = 0, digits = 0, sawComma = false
        func bad(_ what: String) -> LevelError { place.error(element, "'\(what)' is not a tile id") }
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

    private static func decompress(_ bytes: [UInt8], _ compression: String?, element: XMLElement,
                                   place: Place) throws(LevelError) -> [UInt8] {
        do {
            switch compression {
            case nil, "": return bytes
            case "zlib": return try Inflate.zlib(bytes)
            case "gzip": return try Inflate.gzip(bytes)
            case let other?: throw place.error(element, "unsupported compression '\(other)' (use none, zlib or gzip)")
            }
        } catch let error as InflateError {
            throw place.error(element, "\(compression ?? "") data is corrupt: \(error.reason)")
        } catch let error as LevelError {
            throw error
        } catch {
            throw place.error(element, "\(error)")
        }
    }

    // MARK: - Files and attributes

    static func readFile(_ path: String, element: String, referencedFrom: Place? = nil, line: Int? = nil) throws(LevelError) -> [UInt8] {
        var isDirectory = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let problem: String?
        if !exists {
            problem = "no such file"
        } else if isDirectory {
            problem = "is a directory, not a file"
        } else {
            problem = nil
        }
        if let problem {
            if let referencedFrom {
                throw LevelError(file: referencedFrom.file, line: line, element: element, reason: "\(path): \(problem)")
            }
            throw LevelError(file: path, line: nil, element: element, reason: problem)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LevelError(file: path, line: nil, element: element, reason: "cannot read the file")
        }
        return [UInt8](data)
    }

    private static func parseXML(_ bytes: [UInt8], file: String) throws(LevelError) -> XMLElement {
        do {
            return try XMLReader.parse(bytes)
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

        func int(_ element: XMLElement, _ key: String, default fallback: Int) throws(LevelError) -> Int {
            guard let text = element.attributes[key] else { return fallback }
            guard let value = Int(text) else { throw error(element, "attribute \(key)='\(text)' is not a whole number") }
            return value
        }

        func positiveInt(_ element: XMLElement, _ key: String) throws(LevelError) -> Int {
            guard let text = element.attributes[key] else { throw error(element, "missing attribute \(key)") }
            guard let value = Int(text), value > 0 else { throw error(element, "attribute \(key)='\(text)' is not a positive whole number") }
            return value
        }

        func number(_ element: XMLElement, _ key: String, default fallback: Double? = nil) throws(LevelError) -> Double {
            guard let text = element.attributes[key] else {
                if let fallback { return fallback }
                throw error(element, "missing attribute \(key)")
            }
            guard let value = Double(text), value.isFinite else { throw error(element, "attribute \(key)='\(text)' is not a number") }
            return value
        }
    }
}
