/// One axis of a stick or d-pad: value −1…1 (x right, y up, as on Apple's profiles).
public final class AxisInput {
    public private(set) var value: Float = 0
    public var valueChangedHandler: ((AxisInput, Float) -> Void)?

    public init() {}

    @discardableResult
    public func setValue(_ newValue: Float) -> Bool {
        let clamped = min(1, max(-1, newValue.isFinite ? newValue : 0))
        guard clamped != value else { return false }
        value = clamped
        valueChangedHandler?(self, value)
        return true
    }
}
