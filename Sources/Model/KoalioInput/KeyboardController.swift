import KoalioCore

/// The keyboard as a controller, through the key bindings: the walk keys are the d-pad, jump
/// is A, dash X, pause Menu; Enter is Options (play again).
///
/// Only key events write it. Key repeats are ignored; a key held on two bindings of one
/// button (Space and Z) keeps the button down until both are up.
public final class KeyboardController {
    public static let restartKey = Key.enter
    /// Which keys do what (``Bindings/keys``); a change applies from the next key event.
    public var keys = Bindings.defaultKeys {
        didSet { publish() }
    }

    public static let controllerName = "Keyboard"

    public let controller = Controller(id: .keyboard, vendorName: KeyboardController.controllerName, productCategory: .generic,
                                       hasLight: false, hasRumble: false)
    public private(set) var held: Set<Key> = []
    /// True once a key has been pressed (for the trace's active controller).
    public private(set) var hasHadInput = false

    public init() {
        controller.extendedGamepad.deadZone = DeadZone(radius: 0)
    }

    public var gamepad: ExtendedGamepad { controller.extendedGamepad }

    public func keyDown(_ key: Key, isRepeat: Bool = false) {
        guard !isRepeat, !held.contains(key) else { return }
        held.insert(key)
        hasHadInput = true
        publish()
    }

    public func keyUp(_ key: Key) {
        guard held.remove(key) != nil else { return }
        publish()
    }

    /// Lets go of everything (the window lost focus: releases elsewhere never reach us).
    public func releaseAll() {
        held.removeAll()
        publish()
    }

    private func publish() {
        func holds(_ action: Action) -> Bool { keys[action, default: []].contains { held.contains($0) } }
        gamepad.setDirectionPad(x: (holds(.right) ? 1 : 0) - (holds(.left) ? 1 : 0), y: 0)
        gamepad.setButton(.buttonA, holds(.jump) ? 1 : 0)
        gamepad.setButton(.buttonX, holds(.dash) ? 1 : 0)
        gamepad.setButton(.buttonMenu, holds(.pause) ? 1 : 0)
        gamepad.setButton(.buttonOptions, held.contains(Self.restartKey) ? 1 : 0)
    }
}
