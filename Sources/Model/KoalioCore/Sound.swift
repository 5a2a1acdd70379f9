/// A sound effect, named as its file in `Resources/sounds/` (made by `tools/make_audio.py`).
/// The game decides which to play; the platform layer plays them.
public enum SoundEffect: String, CaseIterable, Sendable {
    case jump, dash, land, death, win
    case menuMove = "menu_move", menuChoose = "menu_choose"
    case padConnected = "pad_connected", padDisconnected = "pad_disconnected"
    case checkpoint, leaf, stomp
}

/// A music loop, named as its file in `Resources/music/`: the title's, or a level's by the
/// level's name (a level without its own loop plays `level1`'s).
public enum MusicTrack: Hashable, Sendable {
    case title
    case level(String)

    public var fileName: String {
        switch self {
        case .title: return "title"
        case let .level(name): return name
        }
    }
}
