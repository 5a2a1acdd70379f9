/// Where the player is in the game: a menu, or a level.
public enum Screen: String, Sendable {
    case title, levels, level
    /// "More levels": the level packs, and one pack's levels.
    case packs, packLevels = "pack"
    /// The settings pages (from the title or the pause screen).
    case settings, keyboardControls = "keyboard", padControls = "gamepad", touchControls = "touch", video, assist

    /// "Quit koalio?" (Yes / No), over the title or the pause screen.
    case quitConfirmation = "quit"
    /// How to play: the controls of the controller in hand and the rules (from the title or the pause screen).
    case howToPlay = "howto"
    /// Add a phone: the pairing card (from the title or the pause screen).
    case addPhone = "phone"
    /// "World 1 complete!": the world's totals, after winning its last level.
    case worldComplete = "world"
    /// Play online (Host / Join), and the join form with the wait for the host's answer.
    case online, join
    /// Host a game: on this network, or anywhere (a room code).
    case host
    /// Speedrun: the categories, and a finished run's results.
    case speedrun, speedrunResults = "results"

    package var isSettings: Bool { [.settings, .keyboardControls, .padControls, .touchControls, .video, .assist].contains(self) }
}
