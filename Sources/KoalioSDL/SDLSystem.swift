import CSDL2

/// SDL itself (and SDL_image): started when made, shut down when the last owner lets go. The
/// window and the pad manager each hold it, so SDL outlives every handle made through it.
final class SDLSystem {
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

    /// The video driver SDL settled on (`x11`, `wayland`, `dummy`, …), if video is up.
    var videoDriver: String? { SDL_GetCurrentVideoDriver().map { String(cString: $0) } }

    deinit {
        if images { IMG_Quit() }
        SDL_Quit()
    }
}
