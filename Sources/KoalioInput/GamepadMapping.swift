import KoalioCore

/// Turns a pad into the game's per-tick command, with the original's mapping: left stick x
/// (or the d-pad) walks with analog strength, A jumps, X dashes (B too: the HUD's dash
/// button), Start pauses.
public enum GamepadMapping {
    public static func command(_ pad: ExtendedGamepad) -> Command {
        let stickX = pad.leftThumbstick.xAxis.value
        let moveX = stickX != 0 ? stickX : pad.dpad.xAxis.value
        return Command(moveX: Double(moveX), jump: pad.buttonA.isPressed,
                       dash: pad.buttonX.isPressed || pad.buttonB.isPressed)
    }
}

/// Press counts of the buttons the game reacts to, taken once per tick: comparing two of
/// them finds presses even when a button went down and up between ticks.
public struct GamepadPresses: Equatable, Sendable {
    public var a = 0
    public var menu = 0

    public init() {}

    public init(_ pad: ExtendedGamepad) {
        a = pad.buttonA.pressCount
        menu = pad.buttonMenu.pressCount
    }

    /// Buttons pressed since `earlier`, as menu actions: Start toggles pause (and, like A,
    /// restarts from an end screen).
    public func actions(since earlier: GamepadPresses) -> MenuActions {
        let start = menu != earlier.menu
        return MenuActions(togglePause: start, restart: start || a != earlier.a)
    }
}
