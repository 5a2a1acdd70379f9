import CSDL2
import KoalioCore

/// Draws draw lists: SDL's renderer, the scene canvas it draws into, and the textures of the
/// game's images, all released here in the reverse order of their making (textures, then the
/// canvas and renderer as made, then — through ``Window`` — the window).
///
/// The scene is drawn at the logical 568×320 (a ``SceneCanvas``), then enlarged into the window
/// once at the largest integer scale that fits (letterboxed), so pixels stay crisp and one image
/// is scaled per frame instead of every sprite. Smooth motion's pictures between two steps are
/// the exception with a GPU: drawn straight into the window at its scale, so that what moves
/// lands on the window's pixels (``Placing``).
final class Renderer {
    /// The renderer in use (`auto` resolved).
    let choice: RendererChoice
    private let window: Window
    private let handle: OpaquePointer
    private let canvas: SceneCanvas
    private var textures: [TextureID: OpaquePointer] = [:]
    /// Images with no alpha channel: copied unless drawn translucent (``blend(_:of:alpha:)``).
    private var imagesWithoutAlpha: Set<TextureID> = []
    /// Those of them switched to blending for a translucent draw (back to copying when opaque).
    private var blendingForAlpha: Set<OpaquePointer> = []
    /// How the scene is enlarged into the window (the Scaling setting).
    var scaling = ViewScaling.pixelPerfect
    /// Per texture, for each 16×16 cell whose pixels are all opaque (see ``opaqueCells(of:)``), a
    /// strip texture of that cell repeated ``stripCells`` times that copies instead of blending.
    /// A run of such tiles side by side in the draw list (a floor, a wall, a cave's rock) is
    /// drawn as one copy from its strip: the software renderer's cost is mostly per call and per
    /// blended pixel, and a cave level is mostly solid rock. (Separate textures rather than one
    /// switched between modes: SDL's software renderer rebuilds its blitter at every switch.)
    private var strips: [TextureID: TileStrips] = [:]
    /// Smooth motion with a GPU: the window's pixels per view pixel the last picture was drawn
    /// at, straight into the window's letterbox, so that what moves between two steps lands on
    /// the window's pixels rather than the view's (nil: none drawn so yet).
    private var fineScale: Double?
    static let cellSide = 16
    /// The most tiles a row of the 568 px view shows, partly cut ones at both ends included:
    /// no run is longer.
    static let stripCells = LogicalView.width / cellSide + 2

    init(window: Window, choice: RendererChoice) throws(SDLError) {
        self.window = window
        self.choice = choice
        let width = Int32(LogicalView.width), height = Int32(LogicalView.height)
        if choice == .software {
            let scene = try check(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
                                  "SDL_CreateRGBSurfaceWithFormat(scene)")
            guard let renderer = SDL_CreateSoftwareRenderer(scene) else {
                let error = SDLError("SDL_CreateSoftwareRenderer")
                SDL_FreeSurface(scene)
                throw error
            }
            handle = renderer
            // Decided once: a window with pixels of its own (X11, the dummy driver) takes the
            // scene by hand; one without (Wayland: SDL2 gives it no framebuffer) through a GL
            // renderer, which Mesa provides in software too (llvmpipe).
            if SDL_GetWindowSurface(window.handle) != nil {
                canvas = .surface(scene)
            } else {
                do throws(SDLError) {
                    canvas = try Self.streamed(scene, to: window)
                } catch {
                    SDL_DestroyRenderer(renderer)
                    SDL_FreeSurface(scene)
                    throw error
                }
            }
        } else {
            let renderer = try check(SDL_CreateRenderer(window.handle, -1, Self.windowRendererFlags), "SDL_CreateRenderer")
            let target: OpaquePointer
            do throws(SDLError) {
                target = try check(SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                                     Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height), "SDL_CreateTexture(scene)")
                // The final scaled copy replaces, never blends.
                try check(SDL_SetTextureBlendMode(target, SDL_BLENDMODE_NONE), "SDL_SetTextureBlendMode(scene)")
            } catch {
                SDL_DestroyRenderer(renderer)  // destroys the target with it
                throw error
            }
            handle = renderer
            canvas = .texture(target)
        }
    }

    private static let windowRendererFlags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        | SDL_RENDERER_TARGETTEXTURE.rawValue

    /// The software scene presented through the window's own (GL) renderer: a streaming
    /// texture the scene's pixels are copied into once a frame.
    private static func streamed(_ scene: UnsafeMutablePointer<SDL_Surface>, to window: Window) throws(SDLError) -> SceneCanvas {
        // The software choice named SDL's software renderer for the window; the presenter must
        // be another (SDL's default: OpenGL, else GLES).
        SDL_ResetHint(SDL_HINT_RENDER_DRIVER)
        let presenter = try check(SDL_CreateRenderer(window.handle, -1, windowRendererFlags), "SDL_CreateRenderer(presenter)")
        do throws(SDLError) {
            let texture = try check(SDL_CreateTexture(presenter, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                                      scene.pointee.w, scene.pointee.h), "SDL_CreateTexture(scene)")
            try check(SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE), "SDL_SetTextureBlendMode(scene)")
            return .streamed(scene, presenter: presenter, texture: texture)
        } catch {
            SDL_DestroyRenderer(presenter)  // and the texture with it
            throw error
        }
    }

    /// The name the trace gives this way of drawing: `accelerated`, `software` (the scene
    /// copied into the window's pixels), or `software-texture` (presented through a GL renderer).
    var traceName: String {
        if case .streamed = canvas { return "software-texture" }
        return choice.rawValue
    }

    deinit {
        for texture in strips.values.flatMap(\.byCell.values) { SDL_DestroyTexture(texture) }
        for texture in textures.values { SDL_DestroyTexture(texture) }
        switch canvas {
        case let .texture(target):
            SDL_DestroyTexture(target)
            SDL_DestroyRenderer(handle)
        case let .surface(scene):
            SDL_DestroyRenderer(handle)  // draws into the scene: goes first
            SDL_FreeSurface(scene)
        case let .streamed(scene, presenter, texture):
            SDL_DestroyRenderer(handle)
            SDL_FreeSurface(scene)
            SDL_DestroyTexture(texture)
            SDL_DestroyRenderer(presenter)
        }
    }

    // MARK: - Textures

    func hasTexture(_ id: TextureID) -> Bool { textures[id] != nil }

    /// Lets images go, so that the next ``makeTextures(_:path:)`` reads them again (a level's
    /// tileset edited while `--watch`ing it).
    func forgetTextures(_ ids: [TextureID]) {
        for id in ids {
            imagesWithoutAlpha.remove(id)
            if let texture = textures.removeValue(forKey: id) {
                blendingForAlpha.remove(texture)
                SDL_DestroyTexture(texture)
            }
            for texture in strips.removeValue(forKey: id)?.byCell.values ?? [:].values { SDL_DestroyTexture(texture) }
        }
    }

    /// Makes textures of decoded images (the caller frees the surfaces); an image already
    /// loaded keeps its texture.
    func makeTextures(_ surfaces: [TextureID: UnsafeMutablePointer<SDL_Surface>],
                      path: (TextureID) -> String) throws(DataFileError) {
        for (id, decoded) in surfaces where textures[id] == nil {
            // SDL blends images that have an alpha channel and copies those that do not (the
            // sky): a plain copy costs the software renderer far less than a blend. Drawing in
            // software, images are first put in the scene's own pixel layout, so a copy is a
            // memcpy and a blend the fast same-layout one (not a conversion per pixel, per frame).
            var converted: UnsafeMutablePointer<SDL_Surface>?
            if choice == .software {
                let hasAlpha = decoded.pointee.format.map { $0.pointee.Amask != 0 } ?? true
                converted = SDL_ConvertSurfaceFormat(decoded, (hasAlpha ? SDL_PIXELFORMAT_ARGB8888 : SDL_PIXELFORMAT_RGB888).rawValue, 0)
                // Not converted (out of memory): the decoded image still draws, only slower.
            }
            defer { if let converted { SDL_FreeSurface(converted) } }
            let surface = converted ?? decoded
            guard let texture = SDL_CreateTextureFromSurface(handle, surface) else {
                throw DataFileError(file: path(id), reason: "cannot load image: \(String(cString: SDL_GetError()))")
            }
            textures[id] = texture
            // No alpha channel and copied, not blended (a colour-keyed image blends already).
            var mode = SDL_BLENDMODE_NONE
            if SDL_GetTextureBlendMode(texture, &mode) == 0, mode == SDL_BLENDMODE_NONE { imagesWithoutAlpha.insert(id) }
            if let cells = Self.opaqueCells(of: surface), cells.opaque.contains(true) {
                strips[id] = TileStrips(columns: cells.columns, byCell: makeStrips(of: surface, cells: cells))
            }
        }
    }

    struct OpaqueCells {
        var columns: Int
        /// Row-major, one per cell.
        var opaque: [Bool]
    }

    /// One image's strip textures, by the row-major index of the cell each repeats.
    struct TileStrips {
        var columns: Int
        var byCell: [Int: OpaquePointer]

        /// The strip for a sprite that copies exactly one opaque cell, unflipped and untinted
        /// in alpha.
        func strip(for source: IntRect, flipped: Bool, tint: Color) -> OpaquePointer? {
            let side = Renderer.cellSide
            guard !flipped, tint.a == 255, source.width == side, source.height == side,
                  source.x % side == 0, source.y % side == 0, source.x / side < columns else { return nil }
            return byCell[source.y / side * columns + source.x / side]
        }
    }

    /// The fully opaque 16×16 cells of a 32-bit image with alpha whose sides are multiples of 16
    /// (tilesets); nil for other images.
    static func opaqueCells(of surface: UnsafeMutablePointer<SDL_Surface>) -> OpaqueCells? {
        let s = surface.pointee
        guard let format = s.format, format.pointee.BytesPerPixel == 4, format.pointee.Amask != 0,
              s.w % Int32(cellSide) == 0, s.h % Int32(cellSide) == 0, let pixels = s.pixels else { return nil }
        let columns = Int(s.w) / cellSide, rows = Int(s.h) / cellSide
        let mask = format.pointee.Amask
        var cells = OpaqueCells(columns: columns, opaque: [Bool](repeating: false, count: columns * rows))
        for row in 0..<rows {
            for column in 0..<columns {
                var opaque = true
                for y in 0..<cellSide where opaque {
                    let line = (pixels + (row * cellSide + y) * Int(s.pitch)).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<cellSide where line[column * cellSide + x] & mask != mask {
                        opaque = false
                        break
                    }
                }
                cells.opaque[row * columns + column] = opaque
            }
        }
        return cells
    }

    /// The strip textures of an image's opaque cells, by cell index. A strip that cannot be
    /// made is left out: its tiles are then blended one by one, slower but the same picture.
    private func makeStrips(of surface: UnsafeMutablePointer<SDL_Surface>, cells: OpaqueCells) -> [Int: OpaquePointer] {
        var made: [Int: OpaquePointer] = [:]
        let side = Int32(Self.cellSide)
        // Not checked: setting a valid surface's blend mode cannot fail.
        _ = SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
        defer { _ = SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_BLEND) }
        for (index, opaque) in cells.opaque.enumerated() where opaque {
            guard let strip = SDL_CreateRGBSurfaceWithFormat(0, side * Int32(Self.stripCells), side, 32,
                                                             SDL_PIXELFORMAT_ARGB8888.rawValue) else { continue }
            defer { SDL_FreeSurface(strip) }
            var source = SDL_Rect(x: Int32(index % cells.columns) * side, y: Int32(index / cells.columns) * side, w: side, h: side)
            var copied = true
            for copy in 0..<Int32(Self.stripCells) {
                var destination = SDL_Rect(x: copy * side, y: 0, w: side, h: side)
                copied = copied && SDL_UpperBlit(surface, &source, strip, &destination) == 0  // SDL_BlitSurface is a macro
            }
            guard copied, let texture = SDL_CreateTextureFromSurface(handle, strip) else { continue }
            guard SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) == 0 else {
                SDL_DestroyTexture(texture)
                continue
            }
            made[index] = texture
        }
        return made
    }

    // MARK: - Drawing

    /// Draws a frame's list into the scene, then enlarges it into the window. A list with
    /// fractions of view pixels (smooth motion) is drawn at the window's size where a GPU
    /// draws; in software, at whole view pixels (rounded down, so everything moves together).
    func render(_ list: DrawList) throws(SDLError) {
        let fineBox: SDL_Rect?
        let place: Placing
        if list.fine, case .texture = canvas {
            (place, fineBox) = try beginFineScene(clearColor: list.clearColor)
        } else {
            fineBox = nil
            place = Placing(fine: false)
            fineScale = nil
            if case let .texture(target) = canvas { try check(SDL_SetRenderTarget(handle, target), "SDL_SetRenderTarget(scene)") }
            try check(SDL_SetRenderDrawColor(handle, list.clearColor.r, list.clearColor.g, list.clearColor.b, 255), "SDL_SetRenderDrawColor")
            try check(SDL_RenderClear(handle), "SDL_RenderClear")
        }
        // The textures of the image drawn last: consecutive sprites mostly share one (tiles).
        var current: (id: TextureID, image: OpaquePointer, strips: TileStrips?)?
        var index = list.items.startIndex
        while index < list.items.endIndex {
            let item = list.items[index]
            index += 1
            switch item {
            case let .sprite(id, source, destination, flipped, tint):
                if current?.id != id {
                    guard let image = textures[id] else { continue }
                    current = (id, image, strips[id])
                }
                guard let current else { continue }
                var src = SDL_Rect(pixels: source)
                var dst = destination
                var texture = current.image
                if let strip = current.strips?.strip(for: source, flipped: flipped, tint: tint) {
                    // This tile and the same tiles right after it, side by side: one copy.
                    var run = 1
                    while run < Self.stripCells, index < list.items.endIndex,
                          case let .sprite(nextID, nextSource, nextDestination, nextFlipped, nextTint) = list.items[index],
                          nextID == id, nextSource == source, !nextFlipped, nextTint == tint,
                          nextDestination.y == destination.y, nextDestination.width == destination.width,
                          nextDestination.height == destination.height,
                          nextDestination.x == destination.x + Double(run) * destination.width {
                        run += 1
                        index += 1
                    }
                    texture = strip
                    src = SDL_Rect(x: 0, y: 0, w: Int32(run * Self.cellSide), h: Int32(Self.cellSide))
                    dst.width = destination.width * Double(run)
                }
                try check(SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b), "SDL_SetTextureColorMod")
                try check(SDL_SetTextureAlphaMod(texture, tint.a), "SDL_SetTextureAlphaMod")
                try blend(texture, of: id, alpha: tint.a)
                try place.copy(texture, &src, to: dst, flips: flipped ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE, with: handle)
            case let .flippedTile(id, source, destination, flip, tint):
                guard let image = textures[id] else { continue }
                current = nil
                let (turn, horizontal, vertical) = flip.asTurnAndFlips
                try copyTransformed(image, of: id, source: source, destination: destination, degrees: turn ? 90 : 0, aboutBottomLeft: false,
                                    horizontal: horizontal, vertical: vertical, tint: tint, place: place)
            case let .turnedTile(id, source, destination, flip, degrees, tint):
                guard let image = textures[id] else { continue }
                current = nil
                // Turned about the bottom-left corner, as Tiled turns tile objects.
                try copyTransformed(image, of: id, source: source, destination: destination, degrees: degrees, aboutBottomLeft: true,
                                    horizontal: flip.contains(.horizontal), vertical: flip.contains(.vertical), tint: tint, place: place)
            case let .fill(rect, color):
                try check(SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
                try check(SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a), "SDL_SetRenderDrawColor")
                try place.fill(rect, with: handle)
            }
        }
        switch canvas {
        case let .texture(target):
            if let fineBox {
                try endFineScene(fineBox)
            } else {
                try check(SDL_SetRenderTarget(handle, nil), "SDL_SetRenderTarget(window)")
                try copyLetterboxed(target, with: handle)
            }
        case let .surface(scene):
            try check(SDL_RenderFlush(handle), "SDL_RenderFlush")
            let windowSurface = try window.surface()
            let box = SceneCanvas.letterbox(width: windowSurface.pointee.w, height: windowSurface.pointee.h, scaling: scaling)
            try SceneCanvas.present(scene, into: windowSurface, box: box)
        case let .streamed(scene, presenter, texture):
            try check(SDL_RenderFlush(handle), "SDL_RenderFlush")
            try check(SDL_UpdateTexture(texture, nil, scene.pointee.pixels, scene.pointee.pitch), "SDL_UpdateTexture(scene)")
            try copyLetterboxed(texture, with: presenter)
        }
    }

    /// A region of `image` into `destination`, flipped, then turned `degrees` clockwise about
    /// the destination's centre or its bottom-left corner, in `tint`.
    private func copyTransformed(_ image: OpaquePointer, of id: TextureID, source: IntRect, destination: Rect, degrees: Double,
                                 aboutBottomLeft: Bool, horizontal: Bool, vertical: Bool, tint: Color, place: Placing) throws(SDLError) {
        var src = SDL_Rect(pixels: source)
        let flips = SDL_RendererFlip(rawValue: (horizontal ? SDL_FLIP_HORIZONTAL.rawValue : 0) | (vertical ? SDL_FLIP_VERTICAL.rawValue : 0))
        try check(SDL_SetTextureColorMod(image, tint.r, tint.g, tint.b), "SDL_SetTextureColorMod")
        try check(SDL_SetTextureAlphaMod(image, tint.a), "SDL_SetTextureAlphaMod")
        try blend(image, of: id, alpha: tint.a)
        try place.copy(image, &src, to: destination, flips: flips, degrees: degrees, aboutBottomLeft: aboutBottomLeft, with: handle)
    }

    /// Smooth motion with a GPU: the scene drawn straight into the window's letterbox at the
    /// window's scale (no 568×320 scene to enlarge: a picture between two steps is placed on
    /// the window's pixels), on the level's clear colour; the bars are made black again after
    /// (``endFineScene(_:)``: what reaches past the view's edges is drawn into them).
    private func beginFineScene(clearColor: Color) throws(SDLError) -> (placing: Placing, box: SDL_Rect) {
        try check(SDL_SetRenderTarget(handle, nil), "SDL_SetRenderTarget(window)")
        let (w, h) = outputSize()
        let box = SceneCanvas.letterbox(width: w, height: h, scaling: scaling)
        let scaleX = Double(max(1, box.w)) / Double(LogicalView.width), scaleY = Double(max(1, box.h)) / Double(LogicalView.height)
        try check(SDL_RenderSetScale(handle, Float(scaleX), Float(scaleY)), "SDL_RenderSetScale(letterbox)")
        fineScale = scaleX
        let placing = Placing(fine: true, originX: Double(box.x) / scaleX, originY: Double(box.y) / scaleY)
        try check(SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE), "SDL_SetRenderDrawBlendMode")
        try check(SDL_SetRenderDrawColor(handle, clearColor.r, clearColor.g, clearColor.b, 255), "SDL_SetRenderDrawColor")
        try placing.fill(Rect(x: 0, y: 0, width: Double(LogicalView.width), height: Double(LogicalView.height)), with: handle)
        return (placing, box)
    }

    /// The window's own scale back (the 568×320 scene's copy uses it) and the bars around `box` black.
    private func endFineScene(_ box: SDL_Rect) throws(SDLError) {
        try check(SDL_RenderSetScale(handle, 1, 1), "SDL_RenderSetScale(window)")
        let (w, h) = outputSize()
        try check(SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE), "SDL_SetRenderDrawBlendMode")
        try check(SDL_SetRenderDrawColor(handle, 0, 0, 0, 255), "SDL_SetRenderDrawColor")
        for var bar in SceneCanvas.borders(width: w, height: h, around: box) {
            try check(SDL_RenderFillRect(handle, &bar), "SDL_RenderFillRect(letterbox)")
        }
    }

    /// The camera's x as the last picture shows it, from the x it was drawn for: rounded down
    /// in view pixels by the software renderer (every position is), to the window's pixels by
    /// the GPU drawing the smooth-motion scene at the window's scale.
    func drawnCameraX(_ x: Double) -> Double {
        guard case .texture = canvas, let fineScale else { return x.rounded(.up) }
        return (x * fineScale).rounded() / fineScale
    }

    /// An image without an alpha channel is copied, not blended (far cheaper in software), but
    /// one drawn translucent (a layer's opacity, a tint's alpha) must blend, or it comes out
    /// opaque: Sticker Knight's shadows are a grey image at 36 %.
    /// The common case, an opaque draw with nothing switched, costs one check: no lookup of the
    /// image's name per sprite (hundreds of tiles a frame).
    private func blend(_ texture: OpaquePointer, of id: TextureID, alpha: UInt8) throws(SDLError) {
        if alpha < 255 {
            guard !blendingForAlpha.contains(texture), imagesWithoutAlpha.contains(id) else { return }
            try check(SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
            blendingForAlpha.insert(texture)
        } else if !blendingForAlpha.isEmpty, blendingForAlpha.remove(texture) != nil {
            try check(SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE), "SDL_SetTextureBlendMode")
        }
    }

    /// The scene's texture enlarged into the window by `renderer`, black bars around it.
    private func copyLetterboxed(_ scene: OpaquePointer, with renderer: OpaquePointer) throws(SDLError) {
        try check(SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255), "SDL_SetRenderDrawColor")
        try check(SDL_RenderClear(renderer), "SDL_RenderClear")
        let (w, h) = outputSize()
        var dst = SceneCanvas.letterbox(width: w, height: h, scaling: scaling)
        try check(SDL_RenderCopy(renderer, scene, nil, &dst), "SDL_RenderCopy(scene)")
    }

    /// Whether presenting waits for the display's refresh (a GPU's renderer; SDL's software
    /// renderer never waits). Off when the game paces to a rate other than the display's
    /// (`--refresh-rate`): waiting would hold it to the display's. Not checked: a driver that
    /// cannot change it keeps what it has, and the loop's own pacing still holds.
    /// - Returns: whether the renderer took it (SDL's software renderer never waits).
    func setVSync(_ on: Bool) -> Bool {
        switch canvas {
        case .texture: SDL_RenderSetVSync(handle, on ? 1 : 0) == 0
        case let .streamed(_, presenter, _): SDL_RenderSetVSync(presenter, on ? 1 : 0) == 0
        case .surface: false
        }
    }

    /// Shows the frame drawn by ``render(_:)``.
    func present() throws(SDLError) {
        switch canvas {
        case .texture: SDL_RenderPresent(handle)
        case .surface: try check(SDL_UpdateWindowSurface(window.handle), "SDL_UpdateWindowSurface")
        case let .streamed(_, presenter, _): SDL_RenderPresent(presenter)
        }
    }

    /// The window's size in pixels (which may differ from its size in points). Not checked:
    /// on failure the size stays 0×0, and every user of it treats 0 as 1 (nothing to draw into).
    func outputSize() -> (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        switch canvas {
        case .texture: _ = SDL_GetRendererOutputSize(handle, &w, &h)
        case let .streamed(_, presenter, _): _ = SDL_GetRendererOutputSize(presenter, &w, &h)
        case .surface:
            if let surface = SDL_GetWindowSurface(window.handle) {
                w = surface.pointee.w
                h = surface.pointee.h
            }
        }
        return (w, h)
    }

    /// Saves what the window shows now (after `render`, before `present`) as a PNG.
    func saveScreenshot(to path: String) throws(SDLError) {
        if case .surface = canvas {
            try PNGEncoder.write(try window.surface(), to: path)
            return
        }
        let (w, h) = outputSize()
        let surface = try check(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue), "SDL_CreateRGBSurfaceWithFormat")
        defer { SDL_FreeSurface(surface) }
        let windowRenderer = if case let .streamed(_, presenter, _) = canvas { presenter } else { handle }
        try check(SDL_RenderReadPixels(windowRenderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch),
                  "SDL_RenderReadPixels")
        try PNGEncoder.write(surface, to: path)
    }
}
