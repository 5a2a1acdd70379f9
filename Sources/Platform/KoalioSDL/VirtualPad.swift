import CSDL2
import KoalioCore

/// A pad made with SDL's virtual joystick API, with a real pad's vendor and product ids,
/// so it goes through SDL's own GameController mapping exactly as a plugged-in pad would.
///
/// Used by tests, by `--input-script` pad lines and for phones (``PhonePads``). Buttons and axes are named as SDL names
/// them (`a`, `start`, `dpup`, `leftx`, `righttrigger`, …); sticks take −1…1 with y down,
/// as SDL reports them, triggers 0…1. What SDL sends back to the pad (player index, light
/// colour, rumble) is recorded in ``calls``.
public final class VirtualPad {
    public enum Kind: String, CaseIterable, Sendable {
        case xbox360, xboxOne = "xboxone", ps4, ps5, switchPro = "switchpro", generic

        var ids: (vendor: UInt16, product: UInt16) {
            switch self {
            case .xbox360: return (0x045E, 0x028E)
            case .xboxOne: return (0x045E, 0x02EA)
            case .ps4: return (0x054C, 0x09CC)
            case .ps5: return (0x054C, 0x0CE6)
            case .switchPro: return (0x057E, 0x2009)
            case .generic: return (0x1209, 0x0001)
            }
        }

        /// The name the device itself reports.
        public var deviceName: String {
            switch self {
            case .xbox360: return "Xbox 360 Controller"
            case .xboxOne: return "Xbox One Controller"
            case .ps4: return "Wireless Controller"
            case .ps5: return "DualSense Wireless Controller"
            case .switchPro: return "Pro Controller"
            case .generic: return "Generic USB Gamepad"
            }
        }

        /// SDL maps the two Microsoft ids with its XInput layout (d-pad on a hat); others in
        /// SDL's own button and axis order.
        var isXInput: Bool { self == .xbox360 || self == .xboxOne }
    }

    /// What SDL asked of the pad, in order.
    public final class Calls {
        public var playerIndices: [Int] = []
        public var lights: [Color] = []
        public var rumbles: [(low: UInt16, high: UInt16)] = []
    }

    public let kind: Kind
    public let calls = Calls()
    public let instanceID: Int
    private let joystick: OpaquePointer
    private let name: UnsafeMutablePointer<CChar>?
    private var hat: UInt8 = 0
    private var attached = true

    static let buttonCount: Int32 = 15
    static let axisCount: Int32 = 6
    static let triggerRest = Int16.min

    /// - Parameter name: the name the pad reports (default: the kind's device name).
    public init(kind: Kind, name deviceName: String? = nil) throws(SDLError) {
        self.kind = kind
        name = strdup(deviceName ?? kind.deviceName)
        var desc = SDL_VirtualJoystickDesc()
        desc.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        desc.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        desc.naxes = UInt16(Self.axisCount)
        desc.nbuttons = UInt16(Self.buttonCount)
        desc.nhats = kind.isXInput ? 1 : 0
        desc.vendor_id = kind.ids.vendor
        desc.product_id = kind.ids.product
        desc.button_mask = 0x7FFF
        desc.axis_mask = 0x3F
        desc.name = UnsafePointer(name)
        desc.userdata = Unmanaged.passUnretained(calls).toOpaque()
        desc.SetPlayerIndex = { userdata, index in
            guard let userdata else { return }
            Unmanaged<Calls>.fromOpaque(userdata).takeUnretainedValue().playerIndices.append(Int(index))
        }
        desc.Rumble = { userdata, low, high in
            guard let userdata else { return -1 }
            Unmanaged<Calls>.fromOpaque(userdata).takeUnretainedValue().rumbles.append((low, high))
            return 0
        }
        desc.SetLED = { userdata, r, g, b in
            guard let userdata else { return -1 }
            Unmanaged<Calls>.fromOpaque(userdata).takeUnretainedValue().lights.append(Color(r, g, b))
            return 0
        }
        let deviceIndex = SDL_JoystickAttachVirtualEx(&desc)
        guard deviceIndex >= 0 else {
            free(name)
            throw SDLError("SDL_JoystickAttachVirtualEx(\(kind.rawValue))")
        }
        guard let joystick = SDL_JoystickOpen(deviceIndex) else {
            let error = SDLError("SDL_JoystickOpen(virtual \(kind.rawValue))")
            _ = SDL_JoystickDetachVirtual(deviceIndex)  // cleaning up after the failure reported
            free(name)
            throw error
        }
        self.joystick = joystick
        instanceID = Int(SDL_JoystickInstanceID(joystick))
        // Rest every axis: sticks centred, triggers released (raw 2 and 5 on the XInput layout).
        let triggers: [Int32] = kind.isXInput ? [2, 5] : [4, 5]
        for axis in 0..<Self.axisCount {
            try check(SDL_JoystickSetVirtualAxis(joystick, axis, triggers.contains(axis) ? Self.triggerRest : 0),
                           "SDL_JoystickSetVirtualAxis(\(axis))")
        }
    }


    deinit {
        detach()
        free(name)
    }

    /// Unplugs the pad. SDL wants a device index, which shifts as pads come and go.
    public func detach() {
        guard attached else { return }
        attached = false
        SDL_JoystickClose(joystick)
        // Not checked: a pad SDL no longer lists (SDL_NumJoysticks failing lists none) is gone.
        for index in 0..<max(0, SDL_NumJoysticks()) where Int(SDL_JoystickGetDeviceInstanceID(index)) == instanceID {
            _ = SDL_JoystickDetachVirtual(index)
            return
        }
    }

    /// After `detach()` the joystick is closed: touching it would read freed memory.
    private func checkAttached() throws(SDLError) {
        guard attached else { throw SDLError(operation: "virtual pad '\(kind.rawValue)'", reason: "it is detached") }
    }

    /// Presses or releases a button by SDL's name for it.
    public func set(button buttonName: String, down: Bool) throws(SDLError) {
        try checkAttached()
        let button = SDL_GameControllerGetButtonFromString(buttonName)
        guard button != SDL_CONTROLLER_BUTTON_INVALID else { throw SDLError(operation: "button '\(buttonName)'", reason: "unknown") }
        if kind.isXInput {
            let hatBits: [SDL_GameControllerButton: Int32] = [
                SDL_CONTROLLER_BUTTON_DPAD_UP: SDL_HAT_UP, SDL_CONTROLLER_BUTTON_DPAD_RIGHT: SDL_HAT_RIGHT,
                SDL_CONTROLLER_BUTTON_DPAD_DOWN: SDL_HAT_DOWN, SDL_CONTROLLER_BUTTON_DPAD_LEFT: SDL_HAT_LEFT,
            ]
            if let bit = hatBits[button] {
                hat = down ? hat | UInt8(bit) : hat & ~UInt8(bit)
                try check(SDL_JoystickSetVirtualHat(joystick, 0, hat), "SDL_JoystickSetVirtualHat")
                return
            }
            let xinput: [SDL_GameControllerButton: Int32] = [
                SDL_CONTROLLER_BUTTON_A: 0, SDL_CONTROLLER_BUTTON_B: 1, SDL_CONTROLLER_BUTTON_X: 2, SDL_CONTROLLER_BUTTON_Y: 3,
                SDL_CONTROLLER_BUTTON_LEFTSHOULDER: 4, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: 5, SDL_CONTROLLER_BUTTON_BACK: 6,
                SDL_CONTROLLER_BUTTON_START: 7, SDL_CONTROLLER_BUTTON_GUIDE: 8, SDL_CONTROLLER_BUTTON_LEFTSTICK: 9,
                SDL_CONTROLLER_BUTTON_RIGHTSTICK: 10,
            ]
            guard let raw = xinput[button] else { throw SDLError(operation: "button '\(buttonName)'", reason: "not on an XInput pad") }
            try check(SDL_JoystickSetVirtualButton(joystick, raw, down ? 1 : 0), "SDL_JoystickSetVirtualButton(\(raw))")
        } else {
            guard button.rawValue < Self.buttonCount else { throw SDLError(operation: "button '\(buttonName)'", reason: "not on this pad") }
            try check(SDL_JoystickSetVirtualButton(joystick, button.rawValue, down ? 1 : 0),
                           "SDL_JoystickSetVirtualButton(\(button.rawValue))")
        }
    }

    /// SDL's GUID for the pad, as a `gamecontrollerdb.txt` line names it.
    public var guid: String {
        GamepadManager.guidString(SDL_JoystickGetGUID(joystick))
    }

    /// Presses a raw joystick button by index, before SDL's mapping: a physical position.
    public func setRaw(button index: Int32, down: Bool) throws(SDLError) {
        try checkAttached()
        try check(SDL_JoystickSetVirtualButton(joystick, index, down ? 1 : 0), "SDL_JoystickSetVirtualButton(raw \(index))")
    }

    /// Moves an axis by SDL's name for it: sticks −1…1 (y down), triggers 0…1.
    public func set(axis axisName: String, value: Float) throws(SDLError) {
        try checkAttached()
        let axis = SDL_GameControllerGetAxisFromString(axisName)
        guard axis != SDL_CONTROLLER_AXIS_INVALID else { throw SDLError(operation: "axis '\(axisName)'", reason: "unknown") }
        let isTrigger = axis == SDL_CONTROLLER_AXIS_TRIGGERLEFT || axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT
        let raw = isTrigger
            ? Int16(clamping: Int(-32768 + Double(min(1, max(0, value))) * 65535))
            : Int16(clamping: Int((Double(min(1, max(-1, value))) * 32767).rounded()))
        var index = axis.rawValue
        if kind.isXInput {
            let xinput: [SDL_GameControllerAxis: Int32] = [
                SDL_CONTROLLER_AXIS_LEFTX: 0, SDL_CONTROLLER_AXIS_LEFTY: 1, SDL_CONTROLLER_AXIS_TRIGGERLEFT: 2,
                SDL_CONTROLLER_AXIS_RIGHTX: 3, SDL_CONTROLLER_AXIS_RIGHTY: 4, SDL_CONTROLLER_AXIS_TRIGGERRIGHT: 5,
            ]
            index = xinput[axis] ?? index
        }
        try check(SDL_JoystickSetVirtualAxis(joystick, index, raw), "SDL_JoystickSetVirtualAxis(\(axisName))")
    }
}

extension SDL_GameControllerButton: @retroactive Hashable {}
extension SDL_GameControllerAxis: @retroactive Hashable {}
