/// A pad's buttons and triggers, written once: each profile element, the snapshot field that
/// stores it, and the SDL button or trigger that drives it. The snapshot's subscript and field
/// order, the pad's capture and apply, SDL's events and the bindings all read this table.
public struct PadButtonRow: Sendable {
    public let element: GamepadElement
    public let field: WritableKeyPath<GamepadSnapshot, Float> & Sendable
    public let binding: PadBinding

    /// Every button and trigger, in the pad's order (the replay format's order after the d-pad
    /// and sticks: append, never reorder).
    public static let all: [PadButtonRow] = [
        .init(element: .buttonA, field: \.buttonA, binding: .button(.a)),
        .init(element: .buttonB, field: \.buttonB, binding: .button(.b)),
        .init(element: .buttonX, field: \.buttonX, binding: .button(.x)),
        .init(element: .buttonY, field: \.buttonY, binding: .button(.y)),
        .init(element: .leftShoulder, field: \.leftShoulder, binding: .button(.leftShoulder)),
        .init(element: .rightShoulder, field: \.rightShoulder, binding: .button(.rightShoulder)),
        .init(element: .leftTrigger, field: \.leftTrigger, binding: .trigger(.leftTrigger)),
        .init(element: .rightTrigger, field: \.rightTrigger, binding: .trigger(.rightTrigger)),
        .init(element: .buttonMenu, field: \.buttonMenu, binding: .button(.start)),
        .init(element: .buttonOptions, field: \.buttonOptions, binding: .button(.back)),
        .init(element: .buttonHome, field: \.buttonHome, binding: .button(.guide)),
        .init(element: .leftThumbstickButton, field: \.leftThumbstickButton, binding: .button(.leftStick)),
        .init(element: .rightThumbstickButton, field: \.rightThumbstickButton, binding: .button(.rightStick)),
    ]

    /// The left trigger's row (an axis bound that is no trigger reads as it).
    public static let leftTrigger = PadButtonRow(element: .leftTrigger, field: \.leftTrigger, binding: .trigger(.leftTrigger))

    /// The row of a button or trigger element (nil for the d-pad and sticks, which are pairs).
    public static func row(_ element: GamepadElement) -> PadButtonRow? { byElement[element] }

    /// The row of an SDL button or trigger (nil for the d-pad's buttons, which move its axes).
    public static func row(_ binding: PadBinding) -> PadButtonRow? { byBinding[binding] }

    private static let byElement = Dictionary(uniqueKeysWithValues: all.map { ($0.element, $0) })
    private static let byBinding = Dictionary(uniqueKeysWithValues: all.map { ($0.binding, $0) })
}
