/// A game pad's buttons, as SDL's GameController layer names them (positional: `a` is the
/// bottom face button on every pad).
public enum PadButton: String, Hashable, Sendable, CaseIterable {
    case a, b, x, y, back, guide, start, leftStick = "leftstick", rightStick = "rightstick"
    case leftShoulder = "leftshoulder", rightShoulder = "rightshoulder"
    case dpadUp = "dpup", dpadDown = "dpdown", dpadLeft = "dpleft", dpadRight = "dpright"
}

/// A game pad's axes. Sticks are −1…1 with y pointing up (the profile's way; SDL's y points
/// down), triggers 0…1; raw, before the dead zone.
public enum PadAxis: String, Hashable, Sendable, CaseIterable {
    case leftX = "leftx", leftY = "lefty", rightX = "rightx", rightY = "righty"
    case leftTrigger = "lefttrigger", rightTrigger = "righttrigger"
}

/// How a pad is known again after it was unplugged (its instance id is new each time): SDL's
/// joystick GUID (the kind of pad, on its bus) and its serial number where SDL has one.
public struct PadIdentity: Hashable, Sendable {
    public var guid: String
    /// Empty when SDL has none (then every pad of the same kind matches).
    public var serial: String

    public init(guid: String, serial: String = "") {
        self.guid = guid
        self.serial = serial
    }

    /// No identity: the keyboard, the on-screen controls, a pad SDL says nothing about.
    public static let none = PadIdentity(guid: "")
}

/// A pad as it arrives: who it is, what it can do, and how it is held at that moment.
public struct PadDescription: Equatable, Sendable {
    public var id: Int
    public var identity: PadIdentity
    public var name: String
    public var category: ProductCategory
    public var hasLight: Bool
    public var hasRumble: Bool
    public var battery: Battery
    /// Buttons already held when the pad arrived, and every axis's value then.
    public var heldButtons: [PadButton]
    public var axes: [PadAxis: Float]

    public init(id: Int, identity: PadIdentity = .none, name: String, category: ProductCategory, hasLight: Bool, hasRumble: Bool,
                battery: Battery = .unknown, heldButtons: [PadButton] = [], axes: [PadAxis: Float] = [:]) {
        self.id = id
        self.identity = identity
        self.name = name
        self.category = category
        self.hasLight = hasLight
        self.hasRumble = hasRumble
        self.battery = battery
        self.heldButtons = heldButtons
        self.axes = axes
    }
}

/// What happened to a game pad, as a value: the platform layer reports these from SDL's
/// queue and never touches the input model; ``ControllerRegistry/apply(_:)`` turns them into
/// controller state.
public enum PadEvent: Equatable, Sendable {
    case added(PadDescription)
    case removed(id: Int)
    case button(id: Int, PadButton, down: Bool)
    case axis(id: Int, PadAxis, value: Float)
    case battery(id: Int, Battery)
}

extension ExtendedGamepad {
    /// A button went down or up; the d-pad's buttons move its axes (opposite buttons cancel to
    /// the one pressed last, released ones back to 0).
    func apply(_ button: PadButton, down: Bool) {
        let x = dpad.xAxis.value, y = dpad.yAxis.value
        switch button {
        case .dpadUp: setDirectionPad(x: x, y: down ? 1 : min(0, y))
        case .dpadDown: setDirectionPad(x: x, y: down ? -1 : max(0, y))
        case .dpadLeft: setDirectionPad(x: down ? -1 : max(0, x), y: y)
        case .dpadRight: setDirectionPad(x: down ? 1 : min(0, x), y: y)
        default:
            if let row = PadButtonRow.row(.button(button)) { setButton(row.element, down ? 1 : 0) }
        }
    }

    /// An axis moved; returns whether the pad now reads as being used (past the dead zone,
    /// or a trigger past its press point).
    func apply(_ axis: PadAxis, value: Float) -> Bool {
        switch axis {
        case .leftX:
            setLeftStick(rawX: value, rawY: rawLeftStick.y)
            return leftThumbstick.xAxis.value != 0
        case .leftY:
            setLeftStick(rawX: rawLeftStick.x, rawY: value)
            return leftThumbstick.yAxis.value != 0
        case .rightX:
            setRightStick(rawX: value, rawY: rawRightStick.y)
            return rightThumbstick.xAxis.value != 0
        case .rightY:
            setRightStick(rawX: rawRightStick.x, rawY: value)
            return rightThumbstick.yAxis.value != 0
        case .leftTrigger:
            setButton(.leftTrigger, max(0, value))
            return leftTrigger.isPressed
        case .rightTrigger:
            setButton(.rightTrigger, max(0, value))
            return rightTrigger.isPressed
        }
    }
}
