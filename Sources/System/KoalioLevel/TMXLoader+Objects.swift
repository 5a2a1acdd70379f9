import Glibc
import KoalioCore

/// Objects as a map places them: each with its template (`template="….tx"`) filled in, a tile
/// object's tile in the map's own ids, and its rectangle in map pixels. Tiled anchors a tile
/// object at its bottom-left corner and a shape at its top-left; both turn about that anchor.
extension TMXLoader {
    /// One object, its template's attributes under its own.
    struct PlacedObject {
        /// The object's element, attributes merged (its own win); its line is the map's.
        var element: XMLElement
        /// A tile object's global id, flip bits kept, in the map's tilesets; nil for a shape.
        var gid: UInt32?
        /// Where it lies before turning, in map pixels (top-left, width, height).
        var area: Rect
        /// Degrees clockwise about its anchor (a tile object's bottom-left, a shape's top-left).
        var rotation: Double
        var visible: Bool
        /// Its name, type and class, lower-cased: what the game reads it as.
        var names: [String]
        /// A polygon, polyline or point: no rectangle of its own, so never made solid.
        var isOutline = false

        /// The rectangle it covers, turned: its bounding box (what a solid layer makes solid).
        var bounds: Rect {
            guard rotation != 0 else { return area }
            let pivot = gid == nil ? Vec2(area.minX, area.minY) : Vec2(area.minX, area.maxY)
            let angle = rotation * Double.pi / 180, c = cos(angle), s = sin(angle)
            let corners = [Vec2(area.minX, area.minY), Vec2(area.maxX, area.minY), Vec2(area.minX, area.maxY), Vec2(area.maxX, area.maxY)]
                .map { corner in
                    let dx = corner.x - pivot.x, dy = corner.y - pivot.y
                    return Vec2(pivot.x + dx * c - dy * s, pivot.y + dx * s + dy * c)
                }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let minX = xs.min() ?? area.minX, minY = ys.min() ?? area.minY
            return Rect(x: minX, y: minY, width: (xs.max() ?? minX) - minX, height: (ys.max() ?? minY) - minY)
        }
    }

    /// A template file as read once: its object, and the tileset its tile ids count from.
    struct Template {
        var object: XMLElement
        var file: String
        /// The template's `<tileset firstgid source>`: its first id and the `.tsx` it names.
        var tileset: (firstGID: UInt32, path: String)?
    }

    /// `element` (an `<object>`) with its template, read through `templates` (each file once).
    static func placedObject(_ element: XMLElement, tilesets: [Tileset], templates: inout [String: Template],
                             place: Place) throws(LevelError) -> PlacedObject {
        var merged = element
        var templateObject: XMLElement?
        var gid = try element.attributes["gid"].map { _ throws(LevelError) in try tileID(element, tilesets: tilesets, place: place) }
        if let source = element.attributes["template"] {
            let template = try self.template(resolve(source, against: place.file), from: element, templates: &templates, place: place)
            templateObject = template.object
            var attributes = template.object.attributes
            attributes.merge(element.attributes) { _, own in own }
            attributes["template"] = nil
            merged.attributes = attributes
            if gid == nil, template.object.attributes["gid"] != nil {
                gid = try templateTileID(template, tilesets: tilesets, instance: element, place: place)
            }
        }
        let x = try place.number(merged, "x", default: 0), y = try place.number(merged, "y", default: 0)
        var w = try place.number(merged, "width", default: 0), h = try place.number(merged, "height", default: 0)
        guard w >= 0, h >= 0 else { throw place.error(element, "width and height must not be negative") }
        let bound = Double(LevelLimits.mapSideTiles * LevelLimits.tileSidePixels)
        guard abs(x) <= bound, abs(y) <= bound, w <= bound, h <= bound else {
            throw place.error(element, "the object (\(x), \(y), \(w)×\(h)) is far outside any map")
        }
        var area = Rect(x: x, y: y, width: w, height: h)
        if let gid {
            // A tile object without a size is its tile's size; it stands on its (x, y).
            if let size = tileSize(gid, tilesets: tilesets), w == 0 || h == 0 { (w, h) = (Double(size.width), Double(size.height)) }
            area = Rect(x: x, y: y - h, width: w, height: h)
        }
        let rotation = try place.number(merged, "rotation", default: 0).truncatingRemainder(dividingBy: 360)
        let names = [merged.attributes["name"], merged.attributes["type"], merged.attributes["class"]].compactMap { $0?.lowercased() }
        let outlines = ["polygon", "polyline", "point"]
        let isOutline = (element.children + (templateObject?.children ?? [])).contains { outlines.contains($0.name) }
        return PlacedObject(element: merged, gid: gid, area: area, rotation: rotation, visible: merged.attributes["visible"] != "0",
                            names: names, isOutline: isOutline)
    }

    /// A map object's `gid`: a tile some tileset of the map has (flip bits kept).
    private static func tileID(_ element: XMLElement, tilesets: [Tileset], place: Place) throws(LevelError) -> UInt32 {
        let raw = UInt32(try place.int(element, "gid", in: 0...Int(UInt32.max)))
        let id = raw & ~flipFlagsMask
        guard id != 0, LevelMap.tileset(for: id, in: tilesets) != nil else {
            throw place.error(element, "object uses tile id \(id), which no tileset has")
        }
        return raw
    }

    /// A template's tile in the map's ids: the same tile of the same `.tsx`, which the map must
    /// use too (Tiled adds it when an object of the template is placed).
    private static func templateTileID(_ template: Template, tilesets: [Tileset], instance: XMLElement,
                                       place: Place) throws(LevelError) -> UInt32 {
        let templatePlace = Place(file: template.file)
        let raw = UInt32(try templatePlace.int(template.object, "gid", in: 1...Int(UInt32.max)))
        guard let (firstGID, path) = template.tileset else {
            throw templatePlace.error(template.object, "the template's object has a tile but the template names no tileset")
        }
        guard let tileset = tilesets.first(where: { PathString.lexicallyNormal($0.sourceFile) == PathString.lexicallyNormal(path) }) else {
            throw place.error(instance, "its template \(template.file) uses the tileset \(path), which the map does not (add it to the map)")
        }
        let local = raw & ~flipFlagsMask
        guard local >= firstGID, Int(local - firstGID) < tileset.tileCount else {
            throw templatePlace.error(template.object, "tile id \(local) is not in the tileset \(path)")
        }
        return (tileset.firstGID + (local - firstGID)) | (raw & flipFlagsMask)
    }

    /// The size a tile is drawn at: an image collection's image, or the tileset's tile.
    private static func tileSize(_ gid: UInt32, tilesets: [Tileset]) -> (width: Int, height: Int)? {
        let id = gid & ~flipFlagsMask
        guard let tileset = LevelMap.tileset(for: id, in: tilesets) else { return nil }
        if let image = tileset.images[Int(id - tileset.firstGID)] { return (image.region.width, image.region.height) }
        return (tileset.tileWidth, tileset.tileHeight)
    }

    /// A `.tx` file, read once per map: `<template>` with an `<object>` and maybe a `<tileset>`.
    private static func template(_ path: String, from element: XMLElement, templates: inout [String: Template],
                                 place: Place) throws(LevelError) -> Template {
        if let read = templates[path] { return read }
        guard templates.count < LevelLimits.templates else { throw place.error(element, "more than \(LevelLimits.templates) templates") }
        let bytes = try readFile(path, element: "object", limit: LevelLimits.tilesetFileBytes, referencedFrom: place, line: element.line)
        let root = try parseXML(bytes, file: path)
        let templatePlace = Place(file: path)
        guard root.name == "template" else { throw templatePlace.error(root, "the root element is <\(root.name)>, not <template>") }
        guard let object = root.child("object") else { throw templatePlace.error(root, "the template has no <object>") }
        guard object.attributes["template"] == nil else { throw templatePlace.error(object, "a template's object cannot have a template") }
        var tileset: (firstGID: UInt32, path: String)?
        if let element = root.child("tileset") {
            let firstGID = UInt32(try templatePlace.int(element, "firstgid", in: 1...Int(LevelLimits.largestGID)))
            guard let source = element.attributes["source"] else {
                throw templatePlace.error(element, "the template's tileset has no source (koalio reads templates' tilesets from .tsx files)")
            }
            tileset = (firstGID, resolve(source, against: path))
        }
        let template = Template(object: object, file: path, tileset: tileset)
        templates[path] = template
        return template
    }

    /// The cells of a `width`×`height` grid of `tile`-sized cells that `rect` covers: those whose
    /// centre it holds, or, for a rectangle thinner than a cell, the cell its centre is in.
    static func cells(covering rect: Rect, columns width: Int, rows height: Int, tileWidth: Int, tileHeight: Int) -> [Int] {
        let tw = Double(tileWidth), th = Double(tileHeight)
        let first = (column: max(0, Int(((rect.minX - tw / 2) / tw).rounded(.up))), row: max(0, Int(((rect.minY - th / 2) / th).rounded(.up))))
        let last = (column: min(width - 1, Int(((rect.maxX - tw / 2) / tw).rounded(.down))),
                    row: min(height - 1, Int(((rect.maxY - th / 2) / th).rounded(.down))))
        if first.column <= last.column && first.row <= last.row {
            return (first.row...last.row).flatMap { row in (first.column...last.column).map { row * width + $0 } }
        }
        let column = Int((rect.center.x / tw).rounded(.down)), row = Int((rect.center.y / th).rounded(.down))
        guard (0..<width).contains(column), (0..<height).contains(row) else { return [] }
        return [row * width + column]
    }
}
