import KoalioCore

/// What a tile layer is to the game, by its name or its Tiled class (`type` in older files):
/// the solid tiles, what kills, one-way platforms. Every other tile layer is scenery.
public enum LayerRole: String, CaseIterable, Sendable {
    case walls, hazards, platforms
}

/// Reads a map's layers in the file's order, groups included: each visible layer is drawn with
/// what it and its groups say (opacity, offset, parallax, tint, `foreground`), and the layers
/// with a role are kept for the simulation (every layer of a role merged): tile layers' tiles,
/// and object layers' rectangles and tile objects rasterised onto the grid. Every object, its
/// template filled in, is kept for the loader to read spawn, goal and the rest from.
struct LayerReading {
    let mapWidth: Int
    let mapHeight: Int
    let tileWidth: Int
    let tileHeight: Int
    let tilesets: [Tileset]
    let place: TMXLoader.Place
    private(set) var layers: [MapLayer] = []
    private(set) var roles: [LayerRole: TileLayer] = [:]
    /// Every object in the file's order, templates filled in.
    private(set) var objects: [TMXLoader.PlacedObject] = []
    private var templates: [String: TMXLoader.Template] = [:]
    private var decodedTiles = 0
    private var objectCells = 0
    private var seenLayers = 0

    /// The id role cells made from objects hold (the simulation asks only whether a cell is set).
    static let objectCellID: UInt32 = 1

    init(mapWidth: Int, mapHeight: Int, tileWidth: Int, tileHeight: Int, tilesets: [Tileset], place: TMXLoader.Place) {
        self.mapWidth = mapWidth
        self.mapHeight = mapHeight
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.tilesets = tilesets
        self.place = place
    }

    /// What a layer takes from the groups around it: their properties combine as Tiled combines them.
    struct Inherited {
        var opacity = 1.0
        var offset = Vec2.zero
        var parallax = Vec2(1, 1)
        var tint = Color.white
        var visible = true

        static let map = Inherited()
    }

    mutating func walk(_ element: XMLElement, inherited: Inherited) throws(LevelError) {
        for child in element.children where ["layer", "imagelayer", "objectgroup", "group"].contains(child.name) {
            seenLayers += 1
            guard seenLayers <= LevelLimits.layers else { throw place.error(child, "more than \(LevelLimits.layers) layers") }
            let own = try properties(of: child, inherited)
            let name = child.attributes["name"] ?? ""
            let kind = (child.attributes["class"] ?? child.attributes["type"] ?? "").lowercased()
            // In front of the koala by class, or by name (Tiled before 1.9 gives layers no class).
            let foreground = kind == "foreground" || name.lowercased() == "foreground"
            switch child.name {
            case "group":
                try walk(child, inherited: own)
            case "layer":
                decodedTiles += mapWidth * mapHeight
                guard decodedTiles <= LevelLimits.decodedTiles else {
                    throw place.error(child, "the layers hold more than \(LevelLimits.decodedTiles) tiles in all")
                }
                let tiles = try TMXLoader.tileLayer(child, name: name, mapWidth: mapWidth, mapHeight: mapHeight, tilesets: tilesets, place: place)
                if let role = LayerRole(rawValue: kind) ?? LayerRole(rawValue: name.lowercased()) {  // the class first: it is set on purpose
                    merge(tiles.gids.map { $0 & ~LevelMap.flipBits }, into: role)
                }
                if own.visible { layers.append(layer(name, .tiles(tiles), own, foreground: foreground)) }
            case "objectgroup":
                try objectLayer(child, role: LayerRole(rawValue: kind) ?? LayerRole(rawValue: name.lowercased()), name: name, own,
                                foreground: foreground)
            default:  // an image layer
                guard own.visible, let image = child.child("image"), let source = image.attributes["source"], !source.isEmpty else { continue }
                let path = TMXLoader.resolve(source, against: place.file)
                let (width, height) = try TMXLoader.imageSize(path, image: image, place: place)
                let content = MapLayer.Content.image(path: path, width: width, height: height,
                                                     repeatX: child.attributes["repeatx"] == "1", repeatY: child.attributes["repeaty"] == "1")
                layers.append(layer(name, content, own, foreground: foreground))
            }
        }
    }

    /// An object layer: its objects kept, its tile objects drawn (when it and they are visible),
    /// and, for a layer with a role, every object's rectangle (turned: its bounding box) made
    /// cells of that role.
    private mutating func objectLayer(_ element: XMLElement, role: LayerRole?, name: String, _ own: Inherited,
                                      foreground: Bool) throws(LevelError) {
        var drawn: [TileObject] = []
        var cells: [UInt32] = []
        for child in element.children("object") {
            guard objects.count < LevelLimits.objects else { throw place.error(child, "more than \(LevelLimits.objects) objects") }
            let object = try TMXLoader.placedObject(child, tilesets: tilesets, templates: &templates, place: place)
            objects.append(object)
            if own.visible, object.visible, let gid = object.gid {
                drawn.append(TileObject(gid: gid, area: object.area, rotation: object.rotation))
            }
            guard role != nil, !object.isOutline else { continue }
            let covered = TMXLoader.cells(covering: object.bounds, columns: mapWidth, rows: mapHeight, tileWidth: tileWidth, tileHeight: tileHeight)
            objectCells += covered.count
            guard objectCells <= LevelLimits.objectCells else {
                throw place.error(child, "the solid objects cover more than \(LevelLimits.objectCells) cells in all")
            }
            if cells.isEmpty { cells = [UInt32](repeating: 0, count: mapWidth * mapHeight) }
            for cell in covered { cells[cell] = Self.objectCellID }
        }
        if let role, !cells.isEmpty { merge(cells, into: role) }
        if own.visible, !drawn.isEmpty { layers.append(layer(name, .objects(drawn), own, foreground: foreground)) }
    }

    /// A layer's cells into its role's: every layer of a role merged (a set cell wins).
    private mutating func merge(_ gids: [UInt32], into role: LayerRole) {
        let merged = roles[role].map { zip($0.gids, gids).map { $0 != 0 ? $0 : $1 } } ?? gids
        roles[role] = TileLayer(name: role.rawValue, width: mapWidth, height: mapHeight, gids: merged)
    }

    private func layer(_ name: String, _ content: MapLayer.Content, _ own: Inherited, foreground: Bool) -> MapLayer {
        MapLayer(name: name, content: content, opacity: own.opacity, offset: own.offset, parallax: own.parallax, tint: own.tint,
                 foreground: foreground)
    }

    /// A layer's own properties combined with its groups': opacities and parallax factors
    /// multiply, offsets add, tints multiply, and a hidden group hides what is in it.
    private func properties(of element: XMLElement, _ inherited: Inherited) throws(LevelError) -> Inherited {
        var own = inherited
        let opacity = try place.number(element, "opacity", default: 1)
        guard (0...1).contains(opacity) else { throw place.error(element, "opacity \(opacity) is not from 0 to 1") }
        own.opacity *= opacity
        own.visible = inherited.visible && element.attributes["visible"] != "0"
        let offsetX = try place.number(element, "offsetx", default: 0), offsetY = try place.number(element, "offsety", default: 0)
        let parallaxX = try place.number(element, "parallaxx", default: 1), parallaxY = try place.number(element, "parallaxy", default: 1)
        let bound = Double(LevelLimits.mapSideTiles * LevelLimits.tileSidePixels)
        guard abs(offsetX) <= bound, abs(offsetY) <= bound, abs(parallaxX) <= 100, abs(parallaxY) <= 100 else {
            throw place.error(element, "offset or parallax out of range")
        }
        own.offset = Vec2(inherited.offset.x + offsetX, inherited.offset.y + offsetY)
        own.parallax = Vec2(inherited.parallax.x * parallaxX, inherited.parallax.y * parallaxY)
        if let text = element.attributes["tintcolor"] {
            let tint = try TMXLoader.color(text, element, place: place)
            func times(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) * Int(b) + 127) / 255) }
            own.tint = Color(times(inherited.tint.r, tint.r), times(inherited.tint.g, tint.g), times(inherited.tint.b, tint.b),
                             times(inherited.tint.a, tint.a))
        }
        return own
    }
}
