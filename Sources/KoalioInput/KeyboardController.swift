import KoalioCore

/// The keyboard as a controller: ←/→ or A/D are the d-pad, Space/Z/↑/W are A (jump),
/// X/Left Shift are X (dash), Esc/P are Menu (pause), Enter is Options (play again).
///
/// Only key events write it. Key repeats are ignored; a key held on two bindings of one
/// button (Space and Z) keeps the button down until both are up.
public final class KeyboardController {
    public static let walkLeftKeys: Set<Key> = [.left, .a]
    public static let walkRightKeys: Set<Key> = [.right, .d]
    public static let jumpKeys: Set<Key> = [.space, .z, .up, .w]
    public static let dashKeys: Set<Key> = [.x, .leftShift]
    public static let pauseKeys: Set<Key> = [.escape, .p]
    public static let restartKeys: Set<Key> = [.enter]

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
        let left = !held.isDisjoint(with: Self.walkLeftKeys), right = !held.isDisjoint(with: Self.walkRightKeys)
        gamepad.setDirectionPad(x: (right ? 1 : 0) - (left ? 1 : 0), y: 0)
        gamepad.setButton(.buttonA, held.isDisjoint(with: Self.jumpKeys) ? 0 : 1)
        gamepad.setButton(.buttonX, held.isDisjoint(with: Self.dashKeys) ? 0 : 1)
        gamepad.setButton(.buttonMenu, held.isDisjoint(with: Self.pauseKeys) ? 0 : 1)
        gamepad.setButton(.buttonOptions, held.isDisjoint(with: Self.restartKeys) ? 0 : 1)
    }
}
