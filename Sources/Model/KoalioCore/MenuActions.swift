/// What a tick asks of the game beyond moving the koala.
public struct MenuActions: Equatable, Sendable {
    public var togglePause = false
    public var restart = false
    /// Pause if playing (never resume): the game's own pause.
    public var pause = false

    public init(togglePause: Bool = false, restart: Bool = false, pause: Bool = false) {
        self.togglePause = togglePause
        self.restart = restart
        self.pause = pause
    }
}
