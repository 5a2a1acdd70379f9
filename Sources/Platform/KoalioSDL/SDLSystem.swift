import CSDL2

/// SDL itself: started when made, shut down when the last owner lets go. The window and the
/// pad manager each hold it, so SDL outlives every handle made through it.
public final class SDLSystem {
    /// Starts the subsystems in `flags` (`SDL_INIT_VIDEO | …`).
    init(flags: UInt32) throws(SDLError) {
        try check(SDL_Init(flags), "SDL_Init")
    }

    /// SDL's game controllers alone, for a tool that attaches virtual pads without a window
    /// (the bench's phone figures); SDL shuts down when the value is let go.
    public static func controllersOnly() throws(SDLError) -> SDLSystem {
        try SDLSystem(flags: UInt32(SDL_INIT_GAMECONTROLLER))
    }

    /// The SDL library this process runs on (not the headers it was built with), as "2.26.5".
    /// SDL needs no initialising for this.
    public static var runningVersion: String {
        var version = SDL_version()
        SDL_GetVersion(&version)
        return "\(version.major).\(version.minor).\(version.patch)"
    }

    /// The video driver SDL settled on (`x11`, `wayland`, `dummy`, …), if video is up.
    var videoDriver: String? { SDL_GetCurrentVideoDriver().map { String(cString: $0) } }

    deinit { SDL_Quit() }
}
