import FoundationEssentials
import KoalioCore

/// Loads Tiled `.tmx` maps into ``LevelMap`` values.
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

    public static func load(bytes: [UInt8], path: String) throws(LevelError) -> LevelMap {
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
        var reading = LayerReading(mapWidth: width, mapHeight: height, tileWidth: tileWidth, tileHeight: tileHeight,
                                   tilesets: tilesets, place: place)
        try reading.walk(root, inherited: .map)
        guard let walls = reading.roles[.walls] else {
            throw place.error(root, "missing layer 'walls': name a tile or object layer walls, or give it the class walls (what is solid)")
        }
        let empty = TileLayer(name: "", width: width, height: height, gids: [UInt32](repeating: 0, count: width * height))
        let theme = try mapTheme(root, place: place)
        let title = try mapTitle(root, place: place)
        let backgroundColor = try root.attributes["backgroundcolor"].map { text throws(LevelError) in try color(text, root, place: place) }
        let hasOwnBackdrop = backgroundColor != nil || reading.layers.contains { if case .image = $0.content { true } else { false } }

        let mapPixels = Rect(x: 0, y: 0, width: Double(width * tileWidth), height: Double(height * tileHeight))
        var spawn = fallbackSpawn
        // The original's finish line, or the last two columns of a map narrower than that.
        let goalX = max(0, min(fallbackGoalX, mapPixels.width - Double(2 * tileWidth)))
        var goal = Rect(x: goalX, y: 0, width: mapPixels.width - goalX, height: mapPixels.height)
        var placements: [ObjectPlacement] = []
        // Without a spawn object, the koala starts at a player or hero (Tiled's own examples' name).
        let hasSpawn = reading.objects.contains { $0.names.contains(ObjectKind.spawn.rawValue) }
        for placed in reading.objects {
            let object = placed.element
            let names = placed.names
            guard let kind = ObjectKind.allCases.first(where: { names.contains($0.rawValue) })
                ?? (hasSpawn || !names.contains(where: ObjectKind.spawnStandIns.contains) ? nil : .spawn) else { continue }
            let (x, y, w, h) = (placed.area.x, placed.area.y, placed.area.width, placed.area.height)
            switch kind {
            case .spawn:
                // A spawn rectangle (or tile) stands the koala on its bottom edge; a point, at the point.
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
                guard let placedKind = ObjectPlacement.Kind(rawValue: kind.rawValue),
                      placements.count(where: { $0.kind == placedKind }) < LevelLimits.objectsOfAKind else {
                    throw place.error(object, "more than \(LevelLimits.objectsOfAKind) \(kind.rawValue) objects")
                }
                placements.append(ObjectPlacement(kind: placedKind, area: area, file: place.file, line: object.line, label: what))
            }
        }

        let name = PathString.removingExtension(PathString.fileName(of: path))
        return LevelMap(name: name, width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight,
                        tilesets: tilesets, layers: reading.layers, walls: walls, hazards: reading.roles[.hazards] ?? empty,
                        platforms: reading.roles[.platforms], theme: theme ?? .meadow, title: title, backgroundColor: backgroundColor,
                        drawsThemeBackdrop: theme != nil || !hasOwnBackdrop, spawn: spawn, goal: goal, placements: placements)
    }

    /// The object kinds the game reads (by an object's name, type or class).
    enum ObjectKind: String, CaseIterable {
        case spawn, goal, checkpoint, leaf, critter

        /// Where the koala starts when no object is a spawn.
        static let spawnStandIns: Set<String> = ["player", "hero"]

        /// How an error names the object: its kind and Tiled's id.
        func describe(_ object: XMLElement) -> String {
            object.attributes["id"].map { "\(rawValue) object \(TerminalText.excerpt($0))" } ?? "\(rawValue) object"
        }
    }

    /// Problems a level author should hear about in a map that loads: layers named like a role
    /// (`walls`, `hazards`, `platforms`) that are not tile layers, so the game does not read
    /// them as that role. One line each, with the file and line.
    public static func lint(bytes: [UInt8], path: String) -> [String] {
        guard let root = try? parseXML(bytes, file: path) else { return [] }
        let roles = Set(LayerRole.allCases.map(\.rawValue))
        let misnamed = root.children.filter { !["layer", "group", "objectgroup"].contains($0.name) && roles.contains($0.attributes["name"] ?? "") }
            .map { element in
                let name = element.attributes["name"] ?? ""
                return "\(path):\(element.line): warning: <\(element.name)> '\(name)' is named like the \(name) layer but is neither a tile nor an object layer, so it is not read as \(name)"
            }
        guard let turned = turnedSolidObject(in: root, roles: roles) else { return misnamed }
        return misnamed + ["\(path):\(turned.line): warning: a turned object in a solid layer is solid over its whole bounding box (and so is every other turned one)"]
    }

    /// The first turned object of an object layer with a role, groups included.
    private static func turnedSolidObject(in element: XMLElement, roles: Set<String>) -> XMLElement? {
        for child in element.children {
            if child.name == "group", let found = turnedSolidObject(in: child, roles: roles) { return found }
            guard child.name == "objectgroup" else { continue }
            let role = [child.attributes["class"], child.attributes["type"], child.attributes["name"]].compactMap { $0?.lowercased() }
            guard role.contains(where: roles.contains) else { continue }
            if let turned = child.children("object").first(where: { Double($0.attributes["rotation"] ?? "0").map { $0 != 0 } ?? false }) {
                return turned
            }
        }
        return nil
    }

    /// The map's `theme` property (Tiled: Map → Map Properties), nil when it has none.
    static func mapTheme(_ root: XMLElement, place: Place) throws(LevelError) -> Theme? {
        guard let property = mapProperty(root, named: "theme") else { return nil }
        let value = property.attributes["value"] ?? ""
        guard let theme = Theme(rawValue: value) else {
            let known = Theme.allCases.map(\.rawValue).joined(separator: ", ")
            throw place.error(property, "theme '\(TerminalText.excerpt(value))' is not one of \(known)")
        }
        return theme
    }

    /// The map's `title` property (Tiled: Map → Map Properties), nil when it has none or it is
    /// blank. At most ``LevelLimits/titleCharacters`` characters, none of them a control
    /// character: it is drawn on the level's status line, its win screen and the level select.
    static func mapTitle(_ root: XMLElement, place: Place) throws(LevelError) -> String? {
        guard let property = mapProperty(root, named: "title") else { return nil }
        let value = property.attributes["value"] ?? property.text
        guard !TerminalText.hasControlCharacter(value) else {
            throw place.error(property, "the title '\(TerminalText.excerpt(value))' holds a control character")
        }
        // Spaces (also no-break and ideographic ones) trimmed and runs of them made one.
        let title = value.split(whereSeparator: { $0 == " " || $0 == "\u{A0}" || $0 == "\u{3000}" }).joined(separator: " ")
        guard title.count <= LevelLimits.titleCharacters else {
            throw place.error(property, "the title '\(TerminalText.excerpt(title))' is longer than \(LevelLimits.titleCharacters) characters")
        }
        return title.isEmpty ? nil : title
    }

    /// The first map property (`<map><properties><property name=…>`) of that name.
    static func mapProperty(_ root: XMLElement, named name: String) -> XMLElement? {
        for properties in root.children("properties") {
            if let property = properties.children("property").first(where: { $0.attributes["name"] == name }) { return property }
        }
        return nil
    }

    /// A level file's title alone (``mapTitle(_:place:)``), for a list of levels: the map is
    /// parsed but not built.
    public static func title(bytes: [UInt8], path: String) throws(LevelError) -> String? {
        try mapTitle(parseXML(bytes, file: path), place: Place(file: path))
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
}
