import CSDL2
import FoundationEssentials
import Glibc
import KoalioCore
import KoalioInput

/// How the window should open.
public struct PlatformOptions: Sendable {
    /// No visible window: SDL's dummy video driver and its software renderer.
    public var headless = false
    public var fullscreen = false
    /// Window size as a multiple of the 568×320 logical view.
    public var scale = 2
    public var scaling = ViewScaling.pixelPerfect
    public var renderer = RendererChoice.auto
    /// The display to open on, by name (empty: the first).
    public var display = ""
    /// Music and effect volumes, 0…100.
    public var volumes = Audio.Volumes()
    /// Directory holding koalio's `Resources/`.
    public var resourceDirectory: String

    public init(resourceDirectory: String) { self.resourceDirectory = resourceDirectory }
}

/// koalio's SDL, outside the shim: the window (``Window``), drawing (``Renderer``), SDL's
/// event queue (`Platform+Events.swift`) and the pads (``GamepadManager``).
///
/// Ownership releases handles in reverse order on its own: the renderer holds the window, and
/// the window and the pad manager hold ``SDLSystem``, so SDL shuts down after the last of them.
@MainActor
public final class Platform {
    let window: Window
    let renderer: Renderer
    private var options: PlatformOptions
    let pads: GamepadManager
    private let sdl: SDLSystem
    /// Sound and music: silent until ``adoptAudio(waiting:)``, and for good when there is no device.
    public private(set) var audio = Audio()
    private var audioOpening: AudioOpening?
    /// Set when the display asked for is not there (the window opened on the first instead).
    public private(set) var displayWarning: String?
    /// Whether scripted input holds the mouse button (pushed events do not update SDL's state).
    var scriptedMouseHeld = false

    /// How frames are drawn (`auto` resolved), as the trace reports it: `software`,
    /// `software-texture` (Wayland's windows have no pixels of their own) or `accelerated`.
    public var rendererName: String { renderer.traceName }

    /// Opens the window and SDL's GameController layer (pads arrive as ``PlatformEvent/pad(_:)``).
    public init(options: PlatformOptions) throws(SDLError) {
        self.options = options
        if options.headless { setHint(SDL_HINT_VIDEODRIVER, "dummy") }
        let choice = options.headless ? RendererChoice.software : options.renderer.resolved()
        if choice == .software {
            setHint(SDL_HINT_RENDER_DRIVER, "software")
            setHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        setHint(SDL_HINT_RENDER_SCALE_QUALITY, "0")
        // SDL asks X11 compositors to stand aside for its windows by default; a windowed
        // pixel-art game gains nothing from that and the desktop would flicker.
        setHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        GamepadManager.setHints()
        // SDL opens an X input method for text entry, and libX11 then parses the locale's whole
        // Compose table (300 KB, a character at a time): 15–25 ms of start-up here. koalio reads
        // keys, never text, so it has no use for compose sequences; a table of one comment is
        // parsed at once, by libX11 and by xkbcommon (Wayland), which cannot map an empty file
        // or /dev/null and says so on stderr. A user's own XCOMPOSEFILE is left as it is.
        if !options.headless { setenv("XCOMPOSEFILE", options.resourceDirectory + "/" + Self.composeFile, 0) }
        // The window's X11 class and Wayland app id: the desktop entry's StartupWMClass, so docks
        // show koalio's icon whatever the binary is called (SDL_APP_ID: SDL 3 and sdl2-compat).
        for name in ["SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"] { setenv(name, Self.applicationID, 0) }
        // Without a display to name, SDL would probe (Wayland's library prints its own lines)
        // and settle on an invisible driver: say so first, in one line.
        if !options.headless && Self.namesNoDisplay() { throw SDLError.noDisplay }
        let environment = ProcessInfo.processInfo.environment
        let onlyX11 = !options.headless && (environment["SDL_VIDEODRIVER"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        // Only DISPLAY is named: try X11 alone, so an X server that does not answer is reported
        // as such instead of SDL going on to probe Wayland (whose library prints to stderr).
        if onlyX11 { setHint(SDL_HINT_VIDEODRIVER, "x11") }
        let sdl: SDLSystem
        do { sdl = try SDLSystem(flags: UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER)) } catch {
            throw onlyX11 ? SDLError.noDisplay : error  // SDL_Init, the one call there, found no X server
        }
        // SDL, asked for no driver in particular, may settle on one that shows nothing.
        if !options.headless && (environment["SDL_VIDEODRIVER"] ?? "").isEmpty,
           ["offscreen", "dummy", "evdev"].contains(sdl.videoDriver ?? "") {
            throw SDLError.noDisplay
        }
        self.sdl = sdl
        let names = Self.displayNames()
        var display = 0
        if !options.display.isEmpty {
            if let index = names.firstIndex(of: options.display) { display = index } else {
                displayWarning = "\"\(TerminalText.excerpt(options.display))\" is not connected; opening on \(names.first.map { "\"\($0)\"" } ?? "the first display")"
            }
        }
        window = try Window(sdl: sdl, scale: options.scale, fullscreen: options.fullscreen, hidden: options.headless, display: display)
        renderer = try Renderer(window: window, choice: choice)
        renderer.scaling = options.scaling
        pads = GamepadManager(sdl: sdl)
    }

    /// The desktop entry's name and `StartupWMClass`.
    public static let applicationID = "koalio"
    /// An X Compose table with no sequences, in `Resources/`.
    static let composeFile = "Compose"

    /// Whether the environment asks for no video driver and names no X11 or Wayland display.
    private static func namesNoDisplay() -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return ["SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"].allSatisfy { (environment[$0] ?? "").isEmpty }
    }

    // MARK: - Audio

    /// Starts opening the audio device and loading the sounds on a worker thread (call once the
    /// first frame is up); ``adoptAudio(waiting:)`` takes them over when they are ready.
    public func startAudio() {
        guard audioOpening == nil, !audio.isOpen else { return }
        audioOpening = AudioOpening.start(resourceDirectory: options.resourceDirectory, volumes: options.volumes)
    }

    /// New volumes (the settings menu): heard at once, and used when the device opens.
    public func setVolumes(_ volumes: Audio.Volumes) {
        options.volumes = volumes
        audio.setVolumes(volumes)
    }

    /// Makes ``audio`` the opened device once the worker is done: returns nil while it is still
    /// opening (unless `waiting`: the tests' headless runs wait, to sound the same every time), else the
    /// warning line when the game stays silent. A missing or broken effect file is an error.
    public func adoptAudio(waiting: Bool) throws(DataFileError) -> AudioAdopted? {
        guard let opening = audioOpening, let result = opening.result(waiting: waiting) else { return nil }
        audioOpening = nil
        let opened = try result.get()
        audio = Audio(opened, sdl: sdl, volumes: options.volumes)
        return AudioAdopted(warning: opened.warning)
    }

    /// SDL must not quit while the worker opens audio: wait for it, and let the device close
    /// (with ``audio``) before SDL does.
    isolated deinit {
        if let opening = audioOpening, case .success(let opened) = opening.result(waiting: true) {
            audio = Audio(opened, sdl: sdl, volumes: options.volumes)
        }
    }

    // MARK: - Images

    /// Loads images now, so a missing or broken file stops the game at start-up with its name.
    /// Images already loaded are not decoded again (a level started twice costs nothing more).
    public func preload(_ ids: [TextureID]) throws(DataFileError) {
        let missing = ids.filter { !renderer.hasTexture($0) }
        guard !missing.isEmpty else { return }
        try preload(DecodedImages.start(missing, resourceDirectory: options.resourceDirectory))
    }

    /// Starts decoding those of these images that have no texture yet, on threads of their own
    /// (nil: all have one): ``preload(_:)-(DecodedImages)`` makes their textures when needed.
    public func decodeAhead(_ ids: [TextureID]) -> DecodedImages? {
        let missing = ids.filter { !renderer.hasTexture($0) }
        return missing.isEmpty ? nil : DecodedImages.start(missing, resourceDirectory: options.resourceDirectory)
    }

    /// Reads these images again from their files, replacing what was loaded (a level's images
    /// edited while `--watch`ing it); the old textures stay if a file cannot be read.
    public func reload(_ ids: [TextureID]) throws(DataFileError) {
        let images = try DecodedImages.start(ids, resourceDirectory: options.resourceDirectory).take()
        defer { for surface in images.values { SDL_FreeSurface(surface) } }
        renderer.forgetTextures(ids)
        try renderer.makeTextures(images) { [options] id in DecodedImages.path(of: id, resourceDirectory: options.resourceDirectory) }
    }

    /// Makes textures of images decoded meanwhile (see ``DecodedImages``).
    public func preload(_ images: DecodedImages) throws(DataFileError) {
        let surfaces = try images.take()
        defer { for surface in surfaces.values { SDL_FreeSurface(surface) } }
        try renderer.makeTextures(surfaces) { [options] id in DecodedImages.path(of: id, resourceDirectory: options.resourceDirectory) }
    }

    // MARK: - Drawing

    /// Draws a frame's list into the scene, then enlarges it into the window.
    public func render(_ list: DrawList) throws(SDLError) { try renderer.render(list) }

    /// The camera's x as the window shows it, from the x a draw list was drawn for
    /// (``DrawList/cameraX``): as finely as the renderer placed it.
    public func drawnCameraX(_ x: Double) -> Double { renderer.drawnCameraX(x) }

    /// Presenting waits for the display's refresh, or not (``Renderer/setVSync(_:)``).
    /// - Returns: whether the renderer took it (SDL's software renderer never waits).
    @discardableResult
    public func setVSync(_ on: Bool) -> Bool { renderer.setVSync(on) }

    /// Shows the frame drawn by ``render(_:)``.
    public func present() throws(SDLError) { try renderer.present() }

    /// The window's size in pixels (which may differ from its size in points).
    func outputSize() -> (width: Int32, height: Int32) { renderer.outputSize() }

    public var isFullscreen: Bool { window.isFullscreen }

    /// Fullscreen or windowed (the settings menu).
    public func setFullscreen(_ fullscreen: Bool) throws(SDLError) {
        if fullscreen != window.isFullscreen { try window.toggleFullscreen() }
    }

    /// Whether the mouse pointer shows over the window.
    public private(set) var pointerShown = true

    /// Shows or hides the mouse pointer over the window: hidden while a pad or the keyboard
    /// plays, shown again when the mouse moves.
    public func showPointer(_ shown: Bool) {
        guard shown != pointerShown else { return }
        pointerShown = shown
        _ = SDL_ShowCursor(shown ? SDL_ENABLE : SDL_DISABLE)  // returns the new state, or negative on error: nothing to do then
    }

    /// How the view is enlarged into the window (the settings menu): the next frame drawn shows it.
    public func setScaling(_ scaling: ViewScaling) { renderer.scaling = scaling }

    /// The window's size as a multiple of the logical view (the settings menu), or less where
    /// the display is smaller: the scale it has.
    @discardableResult
    public func setWindowScale(_ scale: Int) -> Int {
        window.setScale(scale)
        return window.scale
    }

    /// The window's scale (the one asked for, or less where the display is smaller).
    public var windowScale: Int { window.scale }

    /// The largest window scale, up to `limit`, that the window's display fits.
    public func largestFittingScale(upTo limit: Int) -> Int { window.largestFittingScale(upTo: limit) }

    /// The refresh rate of the display the window is on, as SDL reports its current mode, in
    /// whole Hz; nil when it reports none (the dummy driver, some virtual displays).
    public var displayRefreshRate: Int? {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window.handle)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return nil }
        return Int(mode.refresh_rate)
    }

    /// SDL's displays by name, in SDL's order ("Display N" for one SDL cannot name).
    public var displays: [String] { Self.displayNames() }

    /// Moves the window (and fullscreen) to the display at `index` of ``displays``.
    public func moveWindow(toDisplay index: Int) throws(SDLError) { try window.move(toDisplay: index) }

    static func displayNames() -> [String] {
        // Not checked: a negative count (no video) lists no display.
        (0..<max(0, Int(SDL_GetNumVideoDisplays()))).map { index in
            SDL_GetDisplayName(Int32(index)).map { String(cString: $0) } ?? "Display \(index + 1)"
        }
    }

    /// Saves what the window shows now (call after `render`, before `present`) as a PNG.
    public func saveScreenshot(to path: String) throws(SDLError) { try renderer.saveScreenshot(to: path) }
}
