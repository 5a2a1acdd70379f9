import KoalioInput

/// The tick inputs a script's key presses make, without SDL: for the benchmark and tests that
/// need the keyboard's input as the game would read it.
public enum ScriptedKeyboard {
    public static func tickInputs(_ script: InputScript, ticks: Int) -> [TickInput] {
        let keyboard = KeyboardController()
        var previous = GamepadPresses(keyboard.gamepad)
        return (0..<ticks).map { tick in
            for event in script.events(at: tick) {
                if case let .key(key, down) = event.action {
                    if down { keyboard.keyDown(key) } else { keyboard.keyUp(key) }
                }
            }
            let presses = GamepadPresses(keyboard.gamepad)
            defer { previous = presses }
            return TickInput(source: 0, snapshot: keyboard.gamepad.capture(), pressed: presses.pressed(since: previous))
        }
    }
}
