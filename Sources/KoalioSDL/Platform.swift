import CSDL2
import FoundationEssentials
import KoalioCore
import KoalioInput

/// How the window should open.
public struct PlatformOptions: Sendable {
    /// No visible window: SDL's dummy video driver and its software renderer.
    public var headless = false
    public var fullscreen = false
    /// Window size as a multiple of the 568×320 logical view.
    public var scale = 2
    public var renderer = RendererChoice.auto
    /// Directory holding koalio's `Resources/`.
    public var resourceDirectory: String

    public init(resourceDirectory: String) { self.resourceDirectory = resourceDirectory }
}

/// The window, the renderer and SDL's event queue: all of koalio's SDL use outside the shim.
///
/// The scene is drawn at the logical 568×320 (a ``SceneCanvas``), then enlarged into the window
/// once at the largest integer scale that fits (letterboxed), so pixels stay crisp and one image
/// is scaled per frame instead of every sprite.
@MainActor
public final class Platform {
    let window: OpaquePointer
    private let renderer: OpaquePointer
    private let canvas: SceneCanvas
    private let options: PlatformOptions
    /// The renderer in use (`auto` resolved): the trace reports it.
    public let rendererChoice: RendererChoice
    private var textures: [TextureID: OpaquePointer] = [:]
    let pads: GamepadManager
    /// Whether scripted input holds the mouse button (pushed events do not update SDL's state).
    var scriptedMouseHeld = false
    /// The window's size before going fullscreen, to go back to.
    private var windowedSize: (width: Int32, height: Int32)

    /// Opens the window and SDL's GameController layer (pads arrive as ``PlatformEvent/pad(_:)``).
    public init(options: PlatformOptions) throws(SDLError) {
        self.options = options
        if options.headless { SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy") }
        let choice = options.headless ? RendererChoice.software : options.renderer.resolved()
        self.rendererChoice = choice
        if choice == .software {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0")
        // SDL asks X11 compositors to stand aside for its windows by default; a windowed
        // pixel-art game gains nothing from that and the desktop would flicker.
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        GamepadManager.setHints()
        // Without a display to name, SDL would probe (Wayland's library prints its own lines)
        // and settle on an invisible driver: say so first, in one line.
        if !options.headless && Self.namesNoDisplay() { throw SDLError.noDisplay }
        let environment = ProcessInfo.processInfo.environment
        let onlyX11 = !options.headless && (environment["SDL_VIDEODRIVER"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        // Only DISPLAY is named: try X11 alone, so an X server that does not answer is reported
        // as such instead of SDL going on to probe Wayland (whose library prints to stderr).
        if onlyX11 { SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11") }
        guard SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER)) == 0 else {
            throw onlyX11 ? SDLError.noDisplay : SDLError("SDL_Init")
        }
        if !options.headless && Self.fellBackToInvisibleVideo() {
            SDL_Quit()
            throw SDLError.noDisplay
        }
        guard IMG_Init(Int32(IMG_INIT_PNG.rawValue)) & Int32(IMG_INIT_PNG.rawValue) != 0 else {
            let error = SDLError("IMG_Init(PNG)")
            SDL_Quit()
            throw error
        }
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if options.fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        if options.headless { flags |= SDL_WINDOW_HIDDEN.rawValue }
        let scale = max(1, options.scale)
        guard let window = SDL_CreateWindow("koalio", koalio_windowpos_centered(), koalio_windowpos_centered(),
                                            Int32(LogicalView.width * scale), Int32(LogicalView.height * scale), flags) else {
            let error = SDLError("SDL_CreateWindow")
            SDL_Quit()
            throw error
        }
        SDL_SetWindowMinimumSize(window, Int32(LogicalView.width / 2), Int32(LogicalView.height / 2))
        func fail(_ operation: String) -> SDLError {
            let error = SDLError(operation)
            SDL_DestroyWindow(window)
            SDL_Quit()
            return error
        }
        if choice == .software {
            guard let scene = SDL_CreateRGBSurfaceWithFormat(0, Int32(LogicalView.width), Int32(LogicalView.height), 32,
                                                             SDL_PIXELFORMAT_ARGB8888.rawValue) else { throw fail("SDL_CreateRGBSurfaceWithFormat(scene)") }
            guard let renderer = SDL_CreateSoftwareRenderer(scene) else {
                SDL_FreeSurface(scene)
                throw fail("SDL_CreateSoftwareRenderer")
            }
            self.renderer = renderer
            self.canvas = .surface(scene)
        } else {
            let flags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue
            guard let renderer = SDL_CreateRenderer(window, -1, flags) else { throw fail("SDL_CreateRenderer") }
            guard let target = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                                 Int32(LogicalView.width), Int32(LogicalView.height)) else {
                SDL_DestroyRenderer(renderer)
                throw fail("SDL_CreateTexture(scene)")
            }
            SDL_SetTextureBlendMode(target, SDL_BLENDMODE_NONE)  // the final scaled copy replaces, never blends
            self.renderer = renderer
            self.canvas = .texture(target)
        }
        self.window = window
        self.windowedSize = (Int32(LogicalView.width * scale), Int32(LogicalView.height * scale))
        self.pads = GamepadManager()
    }

    /// Whether the environment asks for no video driver and names no X11 or Wayland display.
    private static func namesNoDisplay() -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return ["SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"].allSatisfy { (environment[$0] ?? "").isEmpty }
    }

    /// Whether SDL, asked for no driver in particular, ended up on one that shows nothing.
    private static func fellBackToInvisibleVideo() -> Bool {
        let requested = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] ?? ""
        guard requested.isEmpty, let current = SDL_GetCurrentVideoDriver() else { return false }
        return ["offscreen", "dummy", "evdev"].contains(String(cString: current))
    }

    isolated deinit {
        pads.closeAll()
        for texture in textures.values { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
        switch canvas {
        case let .texture(target): SDL_DestroyTexture(target)
        case let .surface(scene): SDL_FreeSurface(scene)
        }
        SDL_DestroyWindow(window)
        IMG_Quit()
        SDL_Quit()
    }

    // MARK: - Textures

    /// Loads images now, so a missing or broken file stops the game at start-up with its name.
    public func preload(_ ids: [TextureID]) throws(DataFileError) {
        try preload(DecodedImages.start(ids, resourceDirectory: options.resourceDirectory))
    }

    /// Makes textures of images decoded meanwhile (see ``DecodedImages``).
    public func preload(_ images: DecodedImages) throws(DataFileError) {
        let surfaces = try images.take()
        defer { for surface in surfaces.values { SDL_FreeSurface(surface) } }
        for (id, surface) in surfaces where textures[id] == nil {
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
                let path = DecodedImages.path(of: id, resourceDirectory: options.resourceDirectory)
                throw DataFileError(file: path, reason: "cannot load image: \(String(cString: SDL_GetError()))")
            }
            // SDL blends images that have an alpha channel and copies those that do not (the
            // sky): a plain copy costs the software renderer far less than a blend.
            textures[id] = texture
        }
    }

    // MARK: - Drawing

    /// Draws a frame's list into the scene, then enlarges it into the window.
    public func render(_ list: DrawList) {
        if case let .texture(target) = canvas { SDL_SetRenderTarget(renderer, target) }
        SDL_SetRenderDrawColor(renderer, list.clearColor.r, list.clearColor.g, list.clearColor.b, 255)
        SDL_RenderClear(renderer)
        for item in list.items {
            switch item {
            case let .sprite(id, source, destination, flipped, tint):
                guard let texture = textures[id] else { continue }
                var src = SDL_Rect(pixels: source)
                var dst = SDL_Rect(pixels: destination)
                SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b)
                SDL_SetTextureAlphaMod(texture, tint.a)
                if flipped {
                    SDL_RenderCopyEx(renderer, texture, &src, &dst, 0, nil, SDL_FLIP_HORIZONTAL)
                } else {
                    SDL_RenderCopy(renderer, texture, &src, &dst)
                }
            case let .fill(rect, color):
                var dst = SDL_Rect(pixels: rect)
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
                SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
                SDL_RenderFillRect(renderer, &dst)
            }
        }
        switch canvas {
        case let .texture(target):
            SDL_SetRenderTarget(renderer, nil)
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
            SDL_RenderClear(renderer)
            var dst = letterbox()
            SDL_RenderCopy(renderer, target, nil, &dst)
        case let .surface(scene):
            SDL_RenderFlush(renderer)
            guard let windowSurface = SDL_GetWindowSurface(window) else { return }
            let box = SceneCanvas.letterbox(width: windowSurface.pointee.w, height: windowSurface.pointee.h)
            SceneCanvas.present(scene, into: windowSurface, box: box)
        }
    }

    /// The window's size in pixels (which may differ from its size in points).
    func outputSize() -> (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        switch canvas {
        case .texture: SDL_GetRendererOutputSize(renderer, &w, &h)
        case .surface:
            if let surface = SDL_GetWindowSurface(window) {
                w = surface.pointee.w
                h = surface.pointee.h
            }
        }
        return (w, h)
    }

    private func letterbox() -> SDL_Rect {
        let (w, h) = outputSize()
        return SceneCanvas.letterbox(width: w, height: h)
    }

    public func present() {
        switch canvas {
        case .texture: SDL_RenderPresent(renderer)
        case .surface: SDL_UpdateWindowSurface(window)
        }
    }

    public func toggleFullscreen() {
        if SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0 {
            SDL_SetWindowFullscreen(window, 0)
            // Without a window manager (Xvfb, some kiosks) SDL leaves the window screen-sized.
            SDL_SetWindowSize(window, windowedSize.width, windowedSize.height)
        } else {
            var width: Int32 = 0, height: Int32 = 0
            SDL_GetWindowSize(window, &width, &height)
            windowedSize = (width, height)
            SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
        }
    }

    /// Saves what the window shows now (call after `render`, before `present`) as a PNG.
    public func saveScreenshot(to path: String) throws(SDLError) {
        if case .surface = canvas {
            guard let windowSurface = SDL_GetWindowSurface(window) else { throw SDLError("SDL_GetWindowSurface") }
            guard IMG_SavePNG(windowSurface, path) == 0 else { throw SDLError("saving \(path)") }
            return
        }
        let (w, h) = outputSize()
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw SDLError("SDL_RenderReadPixels")
        }
        guard IMG_SavePNG(surface, path) == 0 else { throw SDLError("saving \(path)") }
    }
}
