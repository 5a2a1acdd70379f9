import FoundationEssentials
import KoalioCore

/// Tile layers' data: CSV, base64 (raw, zlib or gzip) or XML `<tile>`s, each id checked
/// against the tilesets before it is kept.
extension TMXLoader {
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
            guard LevelMap.tileset(for: gid, in: tilesets) != nil else {
                throw place.error(data, "layer '\(TerminalText.excerpt(name))' uses tile id \(gid), which no tileset has")
            }
        }
        return TileLayer(name: name, width: width, height: height, gids: gids)
    }

    /// Reads comma-separated tile ids straight from UTF-8 (a level has thousands of them).
    static func csvTileIDs(_ text: String, expected: Int, element: XMLElement, place: Place) throws(LevelError) -> [UInt32] {
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

    static func decompress(_ bytes: [UInt8], _ compression: String?, expectedSize: Int, element: XMLElement,
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
}
