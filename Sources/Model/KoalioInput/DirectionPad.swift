/// A d-pad or thumbstick, readable as two axes or as four buttons.
public final class DirectionPad {
    public let element: GamepadElement
    public let xAxis = AxisInput()
    public let yAxis = AxisInput()
    public let up: ButtonInput
    public let down: ButtonInput
    public let left: ButtonInput
    public let right: ButtonInput
    /// Called once per change of (x, y), after the axes and buttons hold the new values.
    public var valueChangedHandler: ((DirectionPad, Float, Float) -> Void)?

    public init(_ element: GamepadElement) {
        self.element = element
        up = ButtonInput(element)
        down = ButtonInput(element)
        left = ButtonInput(element)
        right = ButtonInput(element)
    }

    /// Sets both axes at once, so a diagonal is one change, not two.
    @discardableResult
    public func setValue(x: Float, y: Float) -> Bool {
        let changedX = xAxis.setValue(x)
        let changedY = yAxis.setValue(y)
        guard changedX || changedY else { return false }
        right.setValue(max(0, xAxis.value))
        left.setValue(max(0, -xAxis.value))
        up.setValue(max(0, yAxis.value))
        down.setValue(max(0, -yAxis.value))
        valueChangedHandler?(self, xAxis.value, yAxis.value)
        return true
    }
}
