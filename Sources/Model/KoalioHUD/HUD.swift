import KoalioCore
import KoalioInput

/// The on-screen controls for a mouse or a touch screen, presented as one more controller.
///
/// Pointers are tracked by id, so one finger can hold the joystick while another presses a
/// button. A (jump) is down while any pointer not owned by the joystick is on it; B (dash)
/// stays down until the pointer that pressed it lifts, wherever it goes, so a thumb can slide
/// from B onto A and hold both (the original's sticky B). The pause button presses Menu.
/// Values land on ``controller``'s extended gamepad, so the game maps them like a pad's.
/// While hidden (a pad is connected) the HUD lets go of everything and ignores pointers.
public final class HUD {
    /// Where the controls sit: the settings' layout (``configure(layout:joystickFollows:)``)
    /// kept clear of the spawn (``keepClear(of:)``).
    public private(set) var layout: HUDLayout
    /// The settings' layout, before it is moved off the spawn.
    public private(set) var settingsLayout: HUDLayout
    /// What the controls keep off (the koala where the level spawns it, in view points).
    public private(set) var keptClear: Rect?
    public private(set) var joystick: FloatingJoystick
    public let controller: Controller
    public private(set) var isVisible = true
    /// True once one of the HUD's controls has been used (for the trace's active controller).
    public private(set) var hasHadInput = false

    private enum Owner: Equatable {
        case joystick, buttonB, pause, free
    }

    private var pointers: [PointerID: (owner: Owner, position: Vec2)] = [:]

    public static let controllerName = "On-screen controls"

    public init(layout: HUDLayout = HUDLayout()) {
        self.layout = layout
        settingsLayout = layout
        let bounds = Rect(x: layout.joystickZone.minX, y: layout.joystickZone.minY,
                          width: layout.joystickZone.width, height: layout.joystickZone.height)
        joystick = FloatingJoystick(restCenter: layout.joystickRest, radius: layout.joystickRadius, movableBounds: bounds)
        controller = Controller(id: .onScreen, vendorName: Self.controllerName, productCategory: .generic, hasLight: false, hasRumble: false)
        controller.extendedGamepad.deadZone = DeadZone(radius: 0)  // the joystick has no mechanical slop
    }

    public var gamepad: ExtendedGamepad { controller.extendedGamepad }

    /// Moves the controls (the settings' size and hand) and makes the joystick float or stay
    /// put; whatever is held is let go, as the controls move from under the fingers.
    public func configure(layout: HUDLayout, joystickFollows: Bool) {
        settingsLayout = layout
        place(layout: keptClear.map(layout.keepingClear(of:)) ?? layout, joystickFollows: joystickFollows)
    }

    /// Keeps the controls off `box` (nil: where the settings put them): a level's spawn, so the
    /// koala never starts under a thumb. Nothing moves, and nothing held is let go, while the
    /// box stays the same.
    public func keepClear(of box: Rect?) {
        guard box != keptClear else { return }
        keptClear = box
        let placed = box.map(settingsLayout.keepingClear(of:)) ?? settingsLayout
        if placed != layout { place(layout: placed, joystickFollows: joystick.baseFollows) }
    }

    private func place(layout: HUDLayout, joystickFollows: Bool) {
        pointers.removeAll()
        gamepad.releaseAll()
        self.layout = layout
        joystick = FloatingJoystick(restCenter: layout.joystickRest, radius: layout.joystickRadius,
                                    movableBounds: layout.joystickZone, baseFollows: joystickFollows)
    }
    public var isAPressed: Bool { gamepad.buttonA.isPressed }
    public var isBPressed: Bool { gamepad.buttonB.isPressed }
    public var isPausePressed: Bool { gamepad.buttonMenu.isPressed }
    public var isJoystickHeld: Bool { pointers.values.contains { $0.owner == .joystick } }

    /// Shows or hides the HUD; hiding releases every pointer and every input.
    public func setVisible(_ visible: Bool) {
        guard visible != isVisible else { return }
        isVisible = visible
        if !visible {
            pointers.removeAll()
            joystick.end()
            gamepad.releaseAll()
        }
    }

    /// Applies a pointer event; returns whether it used one of the controls (a click on empty
    /// screen, to give the window focus say, uses none and changes nothing).
    @discardableResult
    public func handle(_ event: PointerEvent) -> Bool {
        guard isVisible else { return false }
        switch event.phase {
        case .down:
            if pointers[event.id] != nil { move(event) } else {
                let owner = claim(event.position)
                pointers[event.id] = (owner, event.position)
                if owner == .joystick { joystick.begin(at: event.position) }
            }
        case .move:
            move(event)
        case .up:
            if pointers.removeValue(forKey: event.id)?.owner == .joystick { joystick.end() }
        }
        publish()
        let used = gamepad.capture() != .neutral || (pointers[event.id].map { $0.owner != .free } ?? false)
        if used { hasHadInput = true }
        return used
    }

    private func move(_ event: PointerEvent) {
        guard let pointer = pointers[event.id] else { return }
        pointers[event.id] = (pointer.owner, event.position)
        if pointer.owner == .joystick { joystick.move(to: event.position) }
    }

    /// What a pointer landing here takes hold of.
    private func claim(_ point: Vec2) -> Owner {
        if layout.pause.contains(point) { return .pause }
        if layout.buttonB.contains(point) { return .buttonB }
        if layout.buttonA.contains(point) { return .free }
        if layout.joystickZone.contains(point) && !isJoystickHeld { return .joystick }
        return .free
    }

    /// Turns pointer state into the gamepad's values.
    private func publish() {
        let (x, y) = joystick.vector
        gamepad.setLeftStick(rawX: Float(x), rawY: Float(y))
        let onA = pointers.values.contains { $0.owner != .joystick && $0.owner != .pause && layout.buttonA.contains($0.position) }
        gamepad.setButton(.buttonA, onA ? 1 : 0)
        gamepad.setButton(.buttonB, pointers.values.contains { $0.owner == .buttonB } ? 1 : 0)
        gamepad.setButton(.buttonMenu, pointers.values.contains { $0.owner == .pause && layout.pause.contains($0.position) } ? 1 : 0)
    }
}
