import KoalioCore
import KoalioHUD
import KoalioSim

/// Turns a session into the frame's draw list: the world here (backdrops, layers, objects,
/// koalas), what is drawn over it in `Scene+Overlay.swift`. Reads the world, never changes it.
public enum Scene {
    public static let viewWidth = Double(LogicalView.width)
    public static let viewHeight = Double(LogicalView.height)
    /// How dark the pause and end screens make the scene: alpha of a black layer, 0…255.
    public static let dimAlpha: UInt8 = 150
    /// Pits (columns with no floor at the map's bottom) darken over their lowest rows, so a
    /// drop reads as a drop rather than as more sky: rows of shading, and its colour per row.
    static let pitShadeRows = 3
    static let pitShade = [Color(24, 40, 52, 90), Color(24, 40, 52, 170), Color(16, 24, 32, 235)]

    /// - Parameters:
    ///   - map: the level as its author made it, which `session` plays on the stage of.
    ///   - showStatus: the level's name and clock, top left (not behind a menu).
    ///   - inBetween: smooth motion's picture between two steps: the koalas, ghost, critters and
    ///     camera where they were drawn between them, at fractions of a view pixel (the renderer
    ///     places them as finely as the window's pixels allow). Nil: the step as it is, every
    ///     position in whole view pixels.
    public static func drawList(_ session: Session, on map: LevelMap, overlay: Overlay = Overlay(), showStatus: Bool = true,
                                inBetween: InBetween? = nil) -> DrawList {
        let stage = session.stage
        let world = inBetween?.world(between: session.world) ?? session.world
        let fine = inBetween != nil
        let camera = Camera.origin(framing: world, in: stage)
        let cx = snap(camera.x, fine), cy = snap(camera.y, fine)
        let look = Art.backdrops(map.theme)
        var list = DrawList(clearColor: map.drawsThemeBackdrop ? look.clear : map.backgroundColor ?? look.clear)
        list.fine = fine
        list.cameraX = cx

        if map.drawsThemeBackdrop {
            backdrop(look.sky, parallax: Art.skyParallax, cameraX: cx, fine: fine, into: &list)
            backdrop(look.hills, parallax: Art.hillsParallax, cameraX: cx, fine: fine, into: &list)
            pits(map, cameraX: cx, cameraY: cy, into: &list)
        }
        // Animated tiles follow the world's clock, so a replay shows the same frames.
        let milliseconds = world.tick * 1000 / Tick.perSecond
        for layer in map.layers where !layer.foreground {
            self.layer(layer, map: map, cameraX: cx, cameraY: cy, fine: fine, milliseconds: milliseconds, into: &list)
        }
        let goal = stage.goal
        list.append(.sprite(.goal, source: IntRect(x: 0, y: 0, width: Art.goalWidth, height: Art.goalHeight),
                            destination: Rect(x: snap(goal.center.x - Double(Art.goalWidth) / 2 - cx, fine),
                                              y: goal.maxY - Double(Art.goalHeight) - cy,
                                              width: Double(Art.goalWidth), height: Double(Art.goalHeight)),
                            flipped: false, tint: .white))
        if !stage.objects.isEmpty { objects(world, stage: stage, cameraX: cx, cameraY: cy, fine: fine, into: &list) }
        if let ghost = inBetween?.ghost(between: overlay.ghost, world: session.world) ?? overlay.ghost {
            self.ghost(ghost, tick: world.tick, theme: map.theme, cameraX: cx, cameraY: cy, fine: fine, into: &list)
        }
        if world.state != .died || session.stepsSinceRunEnded % Art.deathBlinkTicks < Art.deathBlinkTicks / 2 {
            koalas(world, stage: stage, cheerSteps: world.state == .won ? session.stepsSinceRunEnded : nil, cameraX: cx, cameraY: cy, fine: fine,
                   into: &list)
        }
        for layer in map.layers where layer.foreground {
            self.layer(layer, map: map, cameraX: cx, cameraY: cy, fine: fine, milliseconds: milliseconds, into: &list)
        }
        drawOverlay(overlay, over: session, showStatus: showStatus, into: &list)
        return list
    }

    /// A position in whole view pixels, or as it is when drawn `fine` (smooth motion).
    static func snap(_ value: Double, _ fine: Bool) -> Double { fine ? value : value.rounded() }

    private static func backdrop(_ texture: TextureID, parallax: Double, cameraX: Double, fine: Bool, into list: inout DrawList) {
        let width = Double(Art.backdropWidth)
        let offset = snap((cameraX * parallax).truncatingRemainder(dividingBy: width), fine)
        let source = IntRect(x: 0, y: 0, width: Art.backdropWidth, height: Art.backdropHeight)
        for copy in 0..<2 {
            let destination = Rect(x: Double(copy) * width - offset, y: 0, width: width, height: Double(Art.backdropHeight))
            list.append(.sprite(texture, source: source, destination: destination, flipped: false, tint: .white))
        }
    }

    /// The tiles (first…last, clamped to the map) that a view span starting at `origin` touches:
    /// the last is the one holding the span's last pixel, not the one starting where it ends.
    private static func visible(from origin: Double, span: Double, tile: Int, count: Int) -> ClosedRange<Int>? {
        let first = max(0, Int((origin / Double(tile)).rounded(.down)))
        let last = min(count - 1, Int(((origin + span) / Double(tile)).rounded(.up)) - 1)
        return first <= last ? first...last : nil
    }

    /// Shades runs of floorless columns, one rectangle per row and run.
    private static func pits(_ map: LevelMap, cameraX: Double, cameraY: Double, into list: inout DrawList) {
        let tw = Double(map.tileWidth), th = Double(map.tileHeight)
        let bottom = map.height - 1
        guard let columns = visible(from: cameraX, span: viewWidth, tile: map.tileWidth, count: map.width) else { return }
        let last = columns.upperBound
        var column = columns.lowerBound
        while column <= last {
            guard map.walls.gid(column: column, row: bottom) == 0 else {
                column += 1
                continue
            }
            let start = column
            while column <= last && map.walls.gid(column: column, row: bottom) == 0 { column += 1 }
            for (depth, color) in pitShade.enumerated() {
                let row = map.height - pitShadeRows + depth
                list.append(.fill(Rect(x: Double(start) * tw - cameraX, y: Double(row) * th - cameraY,
                                       width: Double(column - start) * tw, height: th), color))
            }
        }
    }

    /// One of the map's layers, where its offset and parallax put it, in its opacity and tint.
    private static func layer(_ layer: MapLayer, map: LevelMap, cameraX: Double, cameraY: Double, fine: Bool, milliseconds: Int,
                              into list: inout DrawList) {
        let originX = snap(cameraX * layer.parallax.x - layer.offset.x, fine)
        let originY = snap(cameraY * layer.parallax.y - layer.offset.y, fine)
        let tint = Color(layer.tint.r, layer.tint.g, layer.tint.b, UInt8((Double(layer.tint.a) * min(max(layer.opacity, 0), 1)).rounded()))
        guard tint.a > 0 else { return }
        switch layer.content {
        case let .tiles(tiles):
            self.tiles(tiles, map: map, originX: originX, originY: originY, milliseconds: milliseconds, tint: tint, into: &list)
        case let .image(path, width, height, repeatX, repeatY):
            let w = Double(width), h = Double(height)
            // A repeated image starts at the copy just left of (or above) the view.
            let startX = repeatX ? -(originX.truncatingRemainder(dividingBy: w) + (originX < 0 ? w : 0)) : -originX
            let startY = repeatY ? -(originY.truncatingRemainder(dividingBy: h) + (originY < 0 ? h : 0)) : -originY
            let across = repeatX ? Int((viewWidth / w).rounded(.up)) + 1 : 1
            let down = repeatY ? Int((viewHeight / h).rounded(.up)) + 1 : 1
            for row in 0..<down {
                for column in 0..<across {
                    let destination = Rect(x: startX + Double(column) * w, y: startY + Double(row) * h, width: w, height: h)
                    guard destination.intersects(Rect(x: 0, y: 0, width: viewWidth, height: viewHeight)) else { continue }
                    list.append(.sprite(.file(path), source: IntRect(x: 0, y: 0, width: width, height: height),
                                        destination: destination, flipped: false, tint: tint))
                }
            }
        case let .objects(objects):
            tileObjects(objects, map: map, originX: originX, originY: originY, fine: fine, milliseconds: milliseconds, tint: tint, into: &list)
        }
    }

    /// The image a tile (its global id, flip bits ignored) is drawn from and the part of it: its
    /// tileset's cell, or an image collection's own image, at the frame of the world's clock.
    private static func tileImage(_ raw: UInt32, map: LevelMap, milliseconds: Int) -> (TextureID, IntRect)? {
        let gid = raw & ~LevelMap.flipBits
        guard let tileset = map.tileset(for: gid) else { return nil }
        let local = tileset.frame(of: Int(gid - tileset.firstGID), atMilliseconds: milliseconds)
        guard !tileset.images.isEmpty else { return (.file(tileset.imagePath), tileset.sourceRect(local: local)) }
        return tileset.images[local].map { (.file($0.path), $0.region) }
    }

    /// An object layer's tile objects in view, each its tile (animated at the world's clock)
    /// stretched to the object's size, flipped and turned about its bottom-left corner.
    private static func tileObjects(_ objects: [TileObject], map: LevelMap, originX: Double, originY: Double, fine: Bool, milliseconds: Int,
                                    tint: Color, into list: inout DrawList) {
        let view = Rect(x: 0, y: 0, width: viewWidth, height: viewHeight)
        for object in objects {
            guard let (texture, source) = tileImage(object.gid, map: map, milliseconds: milliseconds) else { continue }
            let destination = Rect(x: snap(object.area.x - originX, fine), y: snap(object.area.y - originY, fine),
                                   width: object.area.width.rounded(), height: object.area.height.rounded())
            // Turned, it may reach as far as its diagonal from the corner it turns about.
            let reach = object.rotation == 0 ? 0 : (destination.width * destination.width + destination.height * destination.height).squareRoot()
            let bounds = Rect(x: destination.x - reach, y: destination.y - reach, width: destination.width + 2 * reach,
                              height: destination.height + 2 * reach)
            guard bounds.intersects(view) else { continue }
            let flip = TileFlip(gid: object.gid).subtracting(.diagonal)
            if object.rotation == 0 && flip.isEmpty {
                list.append(.sprite(texture, source: source, destination: destination, flipped: false, tint: tint))
            } else {
                list.append(.turnedTile(texture, source: source, destination: destination, flip: flip, degrees: object.rotation, tint: tint))
            }
        }
    }

    /// A tile layer's tiles in view: each tileset's tile (or an image collection's own image)
    /// bottom-aligned on its cell as Tiled draws them, animated tiles at the frame of the world's
    /// clock, flipped as the map says.
    private static func tiles(_ layer: TileLayer, map: LevelMap, originX: Double, originY: Double, milliseconds: Int, tint: Color,
                              into list: inout DrawList) {
        let tw = Double(map.tileWidth), th = Double(map.tileHeight)
        // Tiles bigger than a cell reach up and right from it: look that much further left and down.
        let extraColumns = Double(map.largestTileWidth - map.tileWidth), extraRows = Double(map.largestTileHeight - map.tileHeight)
        guard let columns = visible(from: originX - extraColumns, span: viewWidth + extraColumns, tile: map.tileWidth, count: layer.width),
              let rows = visible(from: originY, span: viewHeight + extraRows, tile: map.tileHeight, count: layer.height) else { return }
        for row in rows {
            for column in columns {
                let raw = layer.gid(column: column, row: row)
                guard raw != 0, let (texture, source) = tileImage(raw, map: map, milliseconds: milliseconds) else { continue }
                let destination = Rect(x: Double(column) * tw - originX, y: Double(row + 1) * th - Double(source.height) - originY,
                                       width: Double(source.width), height: Double(source.height))
                let flip = TileFlip(gid: raw)
                if flip.isEmpty {
                    list.append(.sprite(texture, source: source, destination: destination, flipped: false, tint: tint))
                } else {
                    list.append(.flippedTile(texture, source: source, destination: destination, flip: flip, tint: tint))
                }
            }
        }
    }

    /// Checkpoint flags (up: the one koalas come back to), leaves not yet taken, living critters;
    /// only those in view.
    private static func objects(_ world: World, stage: Stage, cameraX: Double, cameraY: Double, fine: Bool, into list: inout DrawList) {
        let view = Rect(x: cameraX, y: cameraY, width: viewWidth, height: viewHeight)
        func sprite(_ source: IntRect, centreX: Double, bottom: Double, flipped: Bool = false) {
            let destination = Rect(x: snap(centreX - Double(source.width) / 2, fine), y: snap(bottom - Double(source.height), fine),
                                   width: Double(source.width), height: Double(source.height))
            guard destination.intersects(view) else { return }
            list.append(.sprite(.objects, source: source,
                                destination: Rect(x: destination.x - cameraX, y: destination.y - cameraY,
                                                  width: destination.width, height: destination.height),
                                flipped: flipped, tint: .white))
        }
        for (index, checkpoint) in stage.objects.checkpoints.enumerated() {
            sprite(index == world.checkpoint ? Art.flagUp : Art.flagDown, centreX: checkpoint.feet.x, bottom: checkpoint.feet.y)
        }
        for (index, leaf) in stage.objects.leaves.enumerated() where !world.leavesTaken[index] {
            sprite(Art.leaf, centreX: leaf.center.x, bottom: leaf.center.y + Double(Art.leaf.height) / 2)
        }
        for critter in world.critters where critter.isAlive {
            sprite(Art.critterSource(critter), centreX: critter.position.x, bottom: critter.position.y, flipped: !critter.facingLeft)
        }
    }

    /// The ghost: its own pale sprite (a sheet, no legs), see-through, so it never reads as
    /// the player or a second koala.
    public static let ghostTint = Color(255, 255, 255, 185)
    /// The ghost's outline: a soft glow on the dark backdrops, a slate line on the light ones
    /// (where its pale body alone would fade into the sky).
    public static func ghostOutline(_ theme: Theme) -> Color {
        Art.hasLightBackdrop(theme) ? Color(26, 36, 84, 235) : Color(235, 245, 255, 120)
    }

    /// The ghost over its outline, facing as the best run's koala faced, its hem waving.
    private static func ghost(_ ghost: Player, tick: Int, theme: Theme, cameraX: Double, cameraY: Double, fine: Bool, into list: inout DrawList) {
        let destination = koalaRect(ghost.position, cameraX: cameraX, cameraY: cameraY, fine: fine)
        list.append(.sprite(.koala, source: Art.ghostOutlineSource(tick: tick), destination: destination, flipped: ghost.facingLeft, tint: ghostOutline(theme)))
        list.append(.sprite(.koala, source: Art.ghostSource(tick: tick), destination: destination, flipped: ghost.facingLeft, tint: ghostTint))
    }
    /// The koala's outline: near black, so it shows on light backdrops where its grey fur does not.
    public static let koalaOutline = Color(18, 14, 26, 230)

    /// Every koala in play, player 1's last (on top). Alone it is drawn as it always was; in
    /// co-op each is tinted in its player's colour with its number above, and a dead one is
    /// gone until it comes back.
    /// `cheerSteps`: ticks since the level was won (nil: not won): every koala cheers (``Cheer``).
    private static func koalas(_ world: World, stage: Stage, cheerSteps: Int?, cameraX: Double, cameraY: Double, fine: Bool, into list: inout DrawList) {
        func posed(_ body: Player) -> (Player, Int?) {
            guard let cheerSteps else { return (body, nil) }
            let pose = Cheer.pose(body, on: stage, steps: cheerSteps)
            var shown = body
            shown.position = pose.position
            return (shown, pose.frame)
        }
        guard world.koalas.count > 1 else {
            let (body, frame) = posed(world.player)
            return koala(body, frame: frame, cameraX: cameraX, cameraY: cameraY, fine: fine, into: &list)
        }
        for koala in world.koalas.reversed() where koala.isAlive || world.state == .died {
            let (body, frame) = posed(koala.body)
            self.koala(body, frame: frame, cameraX: cameraX, cameraY: cameraY, fine: fine, tint: PlayerColors.koalaTint(koala.number), into: &list)
            let label = "\(koala.number)"
            // Centred on the koala: in whole pixels as it always was, or (fine) exactly as the koala is.
            let centre = body.position.x - cameraX
            Lettering.draw(label, x: fine ? centre - Lettering.width(label, scale: 1) / 2 : centre.rounded(),
                      y: snap(body.position.y - Double(Art.koalaCellHeight) - cameraY, fine) - Double(Art.glyphHeight) - 1,
                      color: PlayerColors.koalaTint(koala.number), centered: !fine, into: &list)
        }
    }

    /// A koala over its dark outline, in `frame` (nil: the frame its state shows).
    private static func koala(_ player: Player, frame: Int? = nil, cameraX: Double, cameraY: Double, fine: Bool, tint: Color = .white,
                              into list: inout DrawList) {
        let destination = koalaRect(player.position, cameraX: cameraX, cameraY: cameraY, fine: fine)
        let frame = frame ?? Art.koalaFrame(player)
        list.append(.sprite(.koala, source: Art.koalaOutlineSource(frame: frame), destination: destination, flipped: player.facingLeft, tint: koalaOutline))
        list.append(.sprite(.koala, source: Art.koalaSource(frame: frame), destination: destination, flipped: player.facingLeft, tint: tint))
    }

    /// A koala cell's place on screen, its feet at `feet`.
    private static func koalaRect(_ feet: Vec2, cameraX: Double, cameraY: Double, fine: Bool) -> Rect {
        let w = Double(Art.koalaCellWidth), h = Double(Art.koalaCellHeight)
        return Rect(x: snap(feet.x - w / 2 - cameraX, fine), y: snap(feet.y - h - cameraY, fine), width: w, height: h)
    }
}
