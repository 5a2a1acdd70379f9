/// A button or trigger: value 0…1, pressed at or above a threshold.
///
/// Read it by polling (`value`, `isPressed`) or by handlers, which run on the thread that
/// updates the pad (the game's), once per change. `pressCount` counts presses, so a press
/// and release that both happen between two ticks is still seen by comparing counts.
public final class ButtonInput {
    public let element: GamepadElement
    public private(set) var value: Float = 0
    /// Digital buttons report 0 or 1; triggers are analog and press at this value.
    public var pressThreshold: Float
    public private(set) var pressCount = 0
    public var valueChangedHandler: ((ButtonInput, Float, Bool) -> Void)?
    public var pressedChangedHandler: ((ButtonInput, Float, Bool) -> Void)?

    public init(_ element: GamepadElement, pressThreshold: Float = 0.5) {
        self.element = element
        self.pressThreshold = pressThreshold
    }

    public var isPressed: Bool { value >= pressThreshold }

    /// Sets the value; returns whether it changed (handlers have run if it did).
    @discardableResult
    public func setValue(_ newValue: Float) -> Bool {
        let clamped = min(1, max(0, newValue.isFinite ? newValue : 0))
        guard clamped != value else { return false }
        let wasPressed = isPressed
        value = clamped
        if isPressed && !wasPressed { pressCount += 1 }
        valueChangedHandler?(self, value, isPressed)
        if isPressed != wasPressed { pressedChangedHandler?(self, value, isPressed) }
        return true
    }
}
