import CSDL2
import KoalioCore

/// The game's one window: made at a whole multiple of the logical view, resizable, and
/// destroyed by its owner before SDL shuts down (it holds ``SDLSystem``).
final class Window {
    let handle: OpaquePointer
    private let sdl: SDLSystem
    /// The window's size before going fullscreen, to go back to.
    private var windowedSize: (width: Int32, height: Int32)

    /// The scale the window has (asked for, or less where the display is smaller).
    private(set) var scale: Int
    /// A hidden window (`--headless`) keeps the scale asked for: no display shows it.
    private let hidden: Bool

    /// Opens on `display` (an index of SDL's displays), centred; fullscreen there if asked. Its
    /// size is `scale` × the view, or less where that would not fit the display (``scale``).
    init(sdl: SDLSystem, scale: Int, fullscreen: Bool, hidden: Bool, display: Int = 0) throws(SDLError) {
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        if hidden { flags |= SDL_WINDOW_HIDDEN.rawValue }
        self.hidden = hidden
        self.scale = hidden ? max(1, scale) : Self.fitting(scale, display: Int32(display))
        let size = (width: Int32(LogicalView.width * self.scale), height: Int32(LogicalView.height * self.scale))
        let position = koalio_windowpos_centered_display(Int32(display))
        handle = try check(SDL_CreateWindow("koalio", position, position, size.width, size.height, flags), "SDL_CreateWindow")
        self.sdl = sdl
        windowedSize = size
        SDL_SetWindowMinimumSize(handle, Int32(LogicalView.width / 2), Int32(LogicalView.height / 2))
    }

    deinit { SDL_DestroyWindow(handle) }

    /// SDL's id for the window, which its events carry. (0 only for an invalid window, which
    /// this never holds.)
    var id: UInt32 { SDL_GetWindowID(handle) }

    /// The size in points, as mouse coordinates are given.
    var size: (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(handle, &width, &height)
        return (width, height)
    }

    /// Resizes the window as a player dragging its edge would.
    func resize(width: Int, height: Int) {
        SDL_SetWindowSize(handle, Int32(clamping: width), Int32(clamping: height))
    }

    /// The window's own pixels (the software renderer presents into them).
    func surface() throws(SDLError) -> UnsafeMutablePointer<SDL_Surface> {
        try check(SDL_GetWindowSurface(handle), "SDL_GetWindowSurface")
    }

    var isFullscreen: Bool { SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0 }

    /// The largest scale, at most `asked`, whose window fits `display`'s usable area (SDL's
    /// usable bounds: panels and docks left out); `asked` when SDL knows no bounds.
    static func fitting(_ asked: Int, display: Int32) -> Int {
        var area = SDL_Rect()
        guard display >= 0, SDL_GetDisplayUsableBounds(display, &area) == 0, area.w > 0, area.h > 0 else { return max(1, asked) }
        return LogicalView.fittingScale(asked, usableWidth: Int(area.w), usableHeight: Int(area.h))
    }

    /// The largest scale up to `limit` that the window's display fits.
    func largestFittingScale(upTo limit: Int) -> Int { Self.fitting(limit, display: SDL_GetWindowDisplayIndex(handle)) }

    /// Windowed at `scale` × the logical view, or less where that would not fit the display
    /// (kept for later, if fullscreen now).
    func setScale(_ asked: Int) {
        scale = hidden ? max(1, asked) : Self.fitting(asked, display: SDL_GetWindowDisplayIndex(handle))
        let size = (width: Int32(LogicalView.width * scale), height: Int32(LogicalView.height * scale))
        windowedSize = size
        if !isFullscreen { SDL_SetWindowSize(handle, size.width, size.height) }
    }

    /// Moves the window to the centre of `display`; fullscreen follows it there.
    func move(toDisplay display: Int) throws(SDLError) {
        let fullscreen = isFullscreen
        if fullscreen { try toggleFullscreen() }
        let position = koalio_windowpos_centered_display(Int32(display))
        SDL_SetWindowPosition(handle, position, position)
        if fullscreen { try toggleFullscreen() }
    }

    /// Desktop-sized fullscreen on the window's display, or back to the size it had before.
    func toggleFullscreen() throws(SDLError) {
        if isFullscreen {
            try check(SDL_SetWindowFullscreen(handle, 0), "SDL_SetWindowFullscreen(windowed)")
            // Without a window manager (Xvfb, some kiosks) SDL leaves the window screen-sized.
            SDL_SetWindowSize(handle, windowedSize.width, windowedSize.height)
        } else {
            windowedSize = size
            try check(SDL_SetWindowFullscreen(handle, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue), "SDL_SetWindowFullscreen(desktop)")
        }
    }
}
