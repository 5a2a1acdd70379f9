import CSDL2

/// SDL itself (and SDL_image): started when made, shut down when the last owner lets go. The
/// window and the pad manager each hold it, so SDL outlives every handle made through it.
public final class SDLSystem {
    private let images: Bool

    /// Starts the subsystems in `flags` (`SDL_INIT_VIDEO | …`), and with `images` SDL_image's
    /// PNG support (screenshots).
    init(flags: UInt32, images: Bool) throws(SDLError) {
        self.images = images
        try check(SDL_Init(flags), "SDL_Init")
        guard !images || IMG_Init(Int32(IMG_INIT_PNG.rawValue)) & Int32(IMG_INIT_PNG.rawValue) != 0 else {
            let error = SDLError("IMG_Init(PNG)")
            SDL_Quit()
            throw error
        }
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

    deinit {
        if images { IMG_Quit() }
        SDL_Quit()
    }
}
