import CSDL2
import KoalioCore

/// Draws draw lists: SDL's renderer, the scene canvas it draws into, and the textures of the
/// game's images, all released here in the reverse order of their making (textures, then the
/// canvas and renderer as made, then — through ``Window`` — the window).
///
/// The scene is drawn at the logical 568×320 (a ``SceneCanvas``), then enlarged into the window
/// once at the largest integer scale that fits (letterboxed), so pixels stay crisp and one image
/// is scaled per frame instead of every sprite.
final class Renderer {
    /// The renderer in use (`auto` resolved).
    let choice: RendererChoice
    private let window: Window
    private let handle: OpaquePointer
    private let canvas: SceneCanvas
    private var textures: [TextureID: OpaquePointer] = [:]

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
            canvas = .surface(scene)
        } else {
            let flags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue
            let renderer = try check(SDL_CreateRenderer(window.handle, -1, flags), "SDL_CreateRenderer")
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

    deinit {
        for texture in textures.values { SDL_DestroyTexture(texture) }
        switch canvas {
        case let .texture(target):
            SDL_DestroyTexture(target)
            SDL_DestroyRenderer(handle)
        case let .surface(scene):
            SDL_DestroyRenderer(handle)  // draws into the scene: goes first
            SDL_FreeSurface(scene)
        }
    }

    // MARK: - Textures

    /// Makes textures of decoded images (the caller frees the surfaces); an image already
    /// loaded keeps its texture.
    func makeTextures(_ surfaces: [TextureID: UnsafeMutablePointer<SDL_Surface>],
                      path: (TextureID) -> String) throws(DataFileError) {
        for (id, surface) in surfaces where textures[id] == nil {
            // SDL blends images that have an alpha channel and copies those that do not (the
            // sky): a plain copy costs the software renderer far less than a blend.
            guard let texture = SDL_CreateTextureFromSurface(handle, surface) else {
                throw DataFileError(file: path(id), reason: "cannot load image: \(String(cString: SDL_GetError()))")
            }
            textures[id] = texture
        }
    }

    // MARK: - Drawing

    /// Draws a frame's list into the scene, then enlarges it into the window.
    func render(_ list: DrawList) throws(SDLError) {
        if case let .texture(target) = canvas { try check(SDL_SetRenderTarget(handle, target), "SDL_SetRenderTarget(scene)") }
        try check(SDL_SetRenderDrawColor(handle, list.clearColor.r, list.clearColor.g, list.clearColor.b, 255), "SDL_SetRenderDrawColor")
        try check(SDL_RenderClear(handle), "SDL_RenderClear")
        for item in list.items {
            switch item {
            case let .sprite(id, source, destination, flipped, tint):
                guard let texture = textures[id] else { continue }
                var src = SDL_Rect(pixels: source)
                var dst = SDL_Rect(pixels: destination)
                try check(SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b), "SDL_SetTextureColorMod")
                try check(SDL_SetTextureAlphaMod(texture, tint.a), "SDL_SetTextureAlphaMod")
                if flipped {
                    try check(SDL_RenderCopyEx(handle, texture, &src, &dst, 0, nil, SDL_FLIP_HORIZONTAL), "SDL_RenderCopyEx")
                } else {
                    try check(SDL_RenderCopy(handle, texture, &src, &dst), "SDL_RenderCopy")
                }
            case let .fill(rect, color):
                var dst = SDL_Rect(pixels: rect)
                try check(SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
                try check(SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a), "SDL_SetRenderDrawColor")
                try check(SDL_RenderFillRect(handle, &dst), "SDL_RenderFillRect")
            }
        }
        switch canvas {
        case let .texture(target):
            try check(SDL_SetRenderTarget(handle, nil), "SDL_SetRenderTarget(window)")
            try check(SDL_SetRenderDrawColor(handle, 0, 0, 0, 255), "SDL_SetRenderDrawColor")
            try check(SDL_RenderClear(handle), "SDL_RenderClear")
            let (w, h) = outputSize()
            var dst = SceneCanvas.letterbox(width: w, height: h)
            try check(SDL_RenderCopy(handle, target, nil, &dst), "SDL_RenderCopy(scene)")
        case let .surface(scene):
            try check(SDL_RenderFlush(handle), "SDL_RenderFlush")
            let windowSurface = try window.surface()
            let box = SceneCanvas.letterbox(width: windowSurface.pointee.w, height: windowSurface.pointee.h)
            try SceneCanvas.present(scene, into: windowSurface, box: box)
        }
    }

    /// Shows the frame drawn by ``render(_:)``.
    func present() throws(SDLError) {
        switch canvas {
        case .texture: SDL_RenderPresent(handle)
        case .surface: try check(SDL_UpdateWindowSurface(window.handle), "SDL_UpdateWindowSurface")
        }
    }

    /// The window's size in pixels (which may differ from its size in points). Not checked:
    /// on failure the size stays 0×0, and every user of it treats 0 as 1 (nothing to draw into).
    func outputSize() -> (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        switch canvas {
        case .texture: _ = SDL_GetRendererOutputSize(handle, &w, &h)
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
            try check(IMG_SavePNG(try window.surface(), path), "saving \(path)")
            return
        }
        let (w, h) = outputSize()
        let surface = try check(SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue), "SDL_CreateRGBSurfaceWithFormat")
        defer { SDL_FreeSurface(surface) }
        try check(SDL_RenderReadPixels(handle, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch),
                  "SDL_RenderReadPixels")
        try check(IMG_SavePNG(surface, path), "saving \(path)")
    }
}
