import KoalioCore

/// What the keyboard asks of the game this tick, beyond moving the koala.
public struct MenuActions: Equatable, Sendable {
    public var togglePause = false
    public var restart = false
    public var toggleFullscreen = false

    public init(togglePause: Bool = false, restart: Bool = false, toggleFullscreen: Bool = false) {
        self.togglePause = togglePause
        self.restart = restart
        self.toggleFullscreen = toggleFullscreen
    }
}

/// The keyboard control scheme: ←/→ or A/D walk, Space/Z/↑/W jump, X/Left Shift dash,
/// Esc/P pause, Enter restarts on the end screens, F11 toggles fullscreen.
public enum KeyboardController {
    public static let walkLeftKeys: [Key] = [.left, .a]
    public static let walkRightKeys: [Key] = [.right, .d]
    public static let jumpKeys: [Key] = [.space, .z, .up, .w]
    public static let dashKeys: [Key] = [.x, .leftShift]
    public static let pauseKeys: [Key] = [.escape, .p]

    public static func command(_ keys: KeyboardState) -> Command {
        let left = walkLeftKeys.contains(where: keys.isDown)
        let right = walkRightKeys.contains(where: keys.isDown)
        return Command(moveX: (right ? 1 : 0) - (left ? 1 : 0),
                       jump: jumpKeys.contains(where: keys.isDown),
                       dash: dashKeys.contains(where: keys.isDown))
    }

    public static func actions(_ keys: KeyboardState) -> MenuActions {
        MenuActions(togglePause: pauseKeys.contains(where: keys.wasPressed),
                    restart: keys.wasPressed(.enter),
                    toggleFullscreen: keys.wasPressed(.f11))
    }
}
