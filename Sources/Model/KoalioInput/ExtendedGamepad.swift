/// The extended gamepad profile: d-pad, two thumbsticks, four face buttons, shoulders,
/// triggers, menu (Start), options (Back), home (Guide) and the thumbstick buttons.
///
/// Face buttons are positional: A is the bottom button on every pad, B the right one.
public final class ExtendedGamepad {
    public let dpad = DirectionPad(.dpad)
    public let leftThumbstick = DirectionPad(.leftThumbstick)
    public let rightThumbstick = DirectionPad(.rightThumbstick)
    public let buttonA = ButtonInput(.buttonA)
    public let buttonB = ButtonInput(.buttonB)
    public let buttonX = ButtonInput(.buttonX)
    public let buttonY = ButtonInput(.buttonY)
    public let leftShoulder = ButtonInput(.leftShoulder)
    public let rightShoulder = ButtonInput(.rightShoulder)
    /// Triggers are analog; they count as pressed past this.
    public let leftTrigger = ButtonInput(.leftTrigger, pressThreshold: ExtendedGamepad.triggerPressThreshold)
    public let rightTrigger = ButtonInput(.rightTrigger, pressThreshold: ExtendedGamepad.triggerPressThreshold)
    public let buttonMenu = ButtonInput(.buttonMenu)
    public let buttonOptions = ButtonInput(.buttonOptions)
    public let buttonHome = ButtonInput(.buttonHome)
    public let leftThumbstickButton = ButtonInput(.leftThumbstickButton)
    public let rightThumbstickButton = ButtonInput(.rightThumbstickButton)

    public static let triggerPressThreshold: Float = 0.3

    /// Applied to both sticks when raw values arrive (``setLeftStick(rawX:rawY:)``).
    public var deadZone = DeadZone.standard
    /// Called once per change of any element, after the element's own handlers.
    public var valueChangedHandler: ((ExtendedGamepad, GamepadElement) -> Void)?

    private var rawLeft: (x: Float, y: Float) = (0, 0)
    private var rawRight: (x: Float, y: Float) = (0, 0)

    public init() {}

    /// A pad that reads a snapshot's values through the live API.
    public convenience init(snapshot: GamepadSnapshot) {
        self.init()
        apply(snapshot)
    }

    public var buttons: [ButtonInput] {
        [buttonA, buttonB, buttonX, buttonY, leftShoulder, rightShoulder, leftTrigger, rightTrigger,
         buttonMenu, buttonOptions, buttonHome, leftThumbstickButton, rightThumbstickButton]
    }

    public func button(_ element: GamepadElement) -> ButtonInput? { buttons.first { $0.element == element } }

    // MARK: - Updating (the platform layer, a replay, or a virtual control)

    public func setButton(_ element: GamepadElement, _ value: Float) {
        guard let button = button(element), button.setValue(value) else { return }
        valueChangedHandler?(self, element)
    }

    public func setDirectionPad(x: Float, y: Float) {
        if dpad.setValue(x: x, y: y) { valueChangedHandler?(self, .dpad) }
    }

    /// Raw stick values −1…1 (y up); the dead zone is applied to the pair.
    public func setLeftStick(rawX: Float, rawY: Float) {
        rawLeft = (rawX, rawY)
        let (x, y) = deadZone.apply(x: rawX, y: rawY)
        if leftThumbstick.setValue(x: x, y: y) { valueChangedHandler?(self, .leftThumbstick) }
    }

    public func setRightStick(rawX: Float, rawY: Float) {
        rawRight = (rawX, rawY)
        let (x, y) = deadZone.apply(x: rawX, y: rawY)
        if rightThumbstick.setValue(x: x, y: y) { valueChangedHandler?(self, .rightThumbstick) }
    }

    /// The raw left stick, for code that updates one axis at a time.
    public var rawLeftStick: (x: Float, y: Float) { rawLeft }
    public var rawRightStick: (x: Float, y: Float) { rawRight }

    /// Everything back to rest (a pad that left must not keep a button held).
    public func releaseAll() { apply(.neutral) }

    // MARK: - Snapshots

    public func capture() -> GamepadSnapshot {
        var snapshot = GamepadSnapshot()
        snapshot.dpadX = dpad.xAxis.value
        snapshot.dpadY = dpad.yAxis.value
        snapshot.leftX = leftThumbstick.xAxis.value
        snapshot.leftY = leftThumbstick.yAxis.value
        snapshot.rightX = rightThumbstick.xAxis.value
        snapshot.rightY = rightThumbstick.yAxis.value
        for button in buttons { snapshot[button: button.element] = button.value }
        return snapshot
    }

    /// Sets every element to the snapshot's values (sticks as stored, no dead zone again).
    public func apply(_ snapshot: GamepadSnapshot) {
        setDirectionPad(x: snapshot.dpadX, y: snapshot.dpadY)
        rawLeft = (snapshot.leftX, snapshot.leftY)
        if leftThumbstick.setValue(x: snapshot.leftX, y: snapshot.leftY) { valueChangedHandler?(self, .leftThumbstick) }
        rawRight = (snapshot.rightX, snapshot.rightY)
        if rightThumbstick.setValue(x: snapshot.rightX, y: snapshot.rightY) { valueChangedHandler?(self, .rightThumbstick) }
        for element in GamepadSnapshot.buttonElements { setButton(element, snapshot[button: element]) }
    }
}

/// The standard gamepad view of an extended gamepad: d-pad, A/B/X/Y, two shoulders and a
/// pause button, sharing the extended pad's elements (a change shows in both).
public struct Gamepad {
    public let extended: ExtendedGamepad

    public init(_ extended: ExtendedGamepad) { self.extended = extended }

    public var dpad: DirectionPad { extended.dpad }
    public var buttonA: ButtonInput { extended.buttonA }
    public var buttonB: ButtonInput { extended.buttonB }
    public var buttonX: ButtonInput { extended.buttonX }
    public var buttonY: ButtonInput { extended.buttonY }
    public var leftShoulder: ButtonInput { extended.leftShoulder }
    public var rightShoulder: ButtonInput { extended.rightShoulder }
    /// Start / Menu: the pause button.
    public var buttonPause: ButtonInput { extended.buttonMenu }
}
