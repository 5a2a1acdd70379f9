/// Every element's value of an extended gamepad at one moment: a value that can be stored,
/// compared and sent, and read back through the same profile API as a live pad
/// (`ExtendedGamepad(snapshot:)`), as the seeds' `GCExtendedGamepadSnapshot`.
///
/// Values are stored after the dead zone, so replaying a snapshot gives exactly what the
/// game read. Float round-trips exactly through `Codable`.
public struct GamepadSnapshot: Hashable, Sendable, Codable {
    public var dpadX: Float = 0, dpadY: Float = 0
    public var leftX: Float = 0, leftY: Float = 0
    public var rightX: Float = 0, rightY: Float = 0
    public var buttonA: Float = 0, buttonB: Float = 0, buttonX: Float = 0, buttonY: Float = 0
    public var leftShoulder: Float = 0, rightShoulder: Float = 0
    public var leftTrigger: Float = 0, rightTrigger: Float = 0
    public var buttonMenu: Float = 0, buttonOptions: Float = 0, buttonHome: Float = 0
    public var leftThumbstickButton: Float = 0, rightThumbstickButton: Float = 0

    public init() {}

    /// The neutral pad: nothing pressed, sticks centred.
    public static let neutral = GamepadSnapshot()

    /// Every value of a snapshot, in one fixed order: the d-pad, the sticks, then the buttons
    /// and triggers as ``PadButtonRow/all`` lists them. The replay file writes fields by their
    /// index in this table (append, never reorder).
    public static let fields: [WritableKeyPath<GamepadSnapshot, Float> & Sendable] =
        [\.dpadX, \.dpadY, \.leftX, \.leftY, \.rightX, \.rightY] + PadButtonRow.all.map(\.field)

    /// The buttons and triggers, in the order the pad lists them.
    public static let buttonElements: [GamepadElement] = PadButtonRow.all.map(\.element)

    /// A button's or trigger's value by element (0 for the d-pad and sticks, which are pairs).
    public subscript(button element: GamepadElement) -> Float {
        get { PadButtonRow.row(element).map { self[keyPath: $0.field] } ?? 0 }
        set { if let row = PadButtonRow.row(element) { self[keyPath: row.field] = newValue } }
    }
}
