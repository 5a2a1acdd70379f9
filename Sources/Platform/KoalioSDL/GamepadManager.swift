import CSDL2
import FoundationEssentials
import KoalioCore
import KoalioInput
import KoalioSystem

/// SDL's GameController layer, turned into ``PadEvent`` values: it opens and closes SDL's pad
/// handles and performs the effects the model asks for, and never touches the model itself.
///
/// Hot-plug as in SDL's `testgamecontroller.c`: `CONTROLLERDEVICEADDED` carries a device
/// index (and also arrives for pads present at start-up), `CONTROLLERDEVICEREMOVED` an
/// instance id. Face buttons are positional on every pad (button labels off), and pad events
/// are read while the window is unfocused too: the game pauses on focus loss, and Start
/// resumes it wherever focus went (and a headless run never has focus).
@MainActor
public final class GamepadManager {
    private var pads: [Int32: OpaquePointer] = [:]
    /// Keeps SDL running until the pads are closed.
    private let sdl: SDLSystem
    /// Mappings from the user's `gamecontrollerdb.txt` files, handed to SDL pad by pad.
    var mappings = ControllerMappingDatabase()

    /// Sets the hints SDL reads when its GameController subsystem starts: call before `SDL_Init`.
    static func setHints() {
        setHint(SDL_HINT_GAMECONTROLLER_USE_BUTTON_LABELS, "0")
        setHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        // SDL would read $SDL_GAMECONTROLLERCONFIG_FILE whole at SDL_Init (slowly, and a second
        // time after koalio): koalio reads that file itself (see ``readMappings(files:)``).
        // An override always takes: nothing to check.
        _ = SDL_SetHintWithPriority(SDL_HINT_GAMECONTROLLERCONFIG_FILE, "", SDL_HINT_OVERRIDE)
    }

    init(sdl: SDLSystem) { self.sdl = sdl }

    isolated deinit {
        for pad in pads.values { SDL_GameControllerClose(pad) }
    }

    /// Reads each `gamecontrollerdb.txt` that exists (a missing one is no error); a file that
    /// cannot be read, is not a file, or is too large is.
    static func readMappings(files: [String]) throws(DataFileError) -> ControllerMappingDatabase {
        var database = ControllerMappingDatabase()
        for path in files {
            let bytes: [UInt8]
            do { bytes = try FileBytes.read(path, limit: ControllerMappingDatabase.fileBytesLimit) } catch {
                if error.cause == .missing { continue }
                throw DataFileError(file: path, reason: "cannot read game controller mappings: \(error.reason)")
            }
            database.add(fileBytes: bytes)
        }
        return database
    }

    /// Gives SDL the user's mapping for the joystick at `deviceIndex`, if there is one.
    /// Returns whether the joystick is (now) a game controller.
    @discardableResult
    static func applyMapping(_ database: ControllerMappingDatabase, deviceIndex: Int32) -> Bool {
        if let lines = database.mappings(for: guidString(SDL_JoystickGetDeviceGUID(deviceIndex))) {
            // SDL reads the lines as it reads a file (platform and hint conditions included);
            // lines it cannot use are skipped, and the pad stays as SDL knows it.
            let bytes = Array(lines.utf8)
            bytes.withUnsafeBytes { buffer in
                if let stream = SDL_RWFromConstMem(buffer.baseAddress, Int32(clamping: buffer.count)) {
                    // Not checked: a line SDL cannot use leaves the pad as SDL knows it, as
                    // a bad line in a file SDL reads itself would. (1: SDL closes the stream.)
                    _ = SDL_GameControllerAddMappingsFromRW(stream, 1)
                }
            }
        }
        return SDL_IsGameController(deviceIndex) == SDL_TRUE
    }

    /// The pads SDL sees now, one line each: name, type, GUID, player index, battery.
    /// Starts and stops SDL's GameController layer on its own (no window).
    public static func describeConnected(mappingFiles: [String]) throws -> [String] {
        setHints()
        let sdl = try SDLSystem(flags: UInt32(SDL_INIT_GAMECONTROLLER))
        defer { withExtendedLifetime(sdl) {} }
        let database = try readMappings(files: mappingFiles)
        var lines: [String] = []
        let count = SDL_NumJoysticks()
        try check(count, "SDL_NumJoysticks")
        for index in 0..<count {
            let guidText = guidString(SDL_JoystickGetDeviceGUID(index))
            guard applyMapping(database, deviceIndex: index), let pad = SDL_GameControllerOpen(index) else {
                let name = SDL_JoystickNameForIndex(index).map { String(cString: $0) } ?? "Joystick"
                lines.append("\(name)  (no game controller mapping; add one to gamecontrollerdb.txt)  GUID \(guidText)")
                continue
            }
            defer { SDL_GameControllerClose(pad) }
            let name = SDL_GameControllerName(pad).map { String(cString: $0) } ?? "Game Controller"
            let category = category(of: pad).rawValue
            let player = SDL_GameControllerGetPlayerIndex(pad)
            let battery = battery(SDL_JoystickCurrentPowerLevel(SDL_GameControllerGetJoystick(pad)))
            let batteryText = battery.state == .wired ? "wired"
                : battery.level.map { "\(Int($0 * 100))%" } ?? "battery unknown"
            lines.append("\(name)  type \(category)  GUID \(guidText)  player \(player >= 0 ? String(player + 1) : "unset")  \(batteryText)")
        }
        return lines
    }

    /// The tests' private joystick setup (`KOALIO_VIRTUAL_PADS_ONLY=1`): only SDL's virtual
    /// joysticks are opened, so a pad plugged into the developer's machine changes no result.
    nonisolated static let virtualPadsOnly = getenv("KOALIO_VIRTUAL_PADS_ONLY").map { String(cString: $0) == "1" } ?? false

    /// A joystick GUID as `gamecontrollerdb.txt` lines write it (32 hex digits).
    public nonisolated static func guidString(_ guid: SDL_JoystickGUID) -> String {
        var text = [CChar](repeating: 0, count: 33)
        SDL_JoystickGetGUIDString(guid, &text, Int32(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The pad events in one SDL event; nil for events that are not a pad's.
    func translate(_ event: SDL_Event) -> [PadEvent]? {
        switch event.type {
        case SDL_JOYDEVICEADDED.rawValue:
            // SDL queues CONTROLLERDEVICEADDED before this, and only for joysticks it already
            // knows as game controllers; one that only a user mapping makes a controller is
            // opened here.
            let index = event.jdevice.which
            guard SDL_IsGameController(index) == SDL_FALSE else { return [] }
            return open(deviceIndex: index).map { [.added($0)] } ?? []
        case SDL_CONTROLLERDEVICEADDED.rawValue:
            return open(deviceIndex: event.cdevice.which).map { [.added($0)] } ?? []
        case SDL_CONTROLLERDEVICEREMOVED.rawValue:
            let id = event.cdevice.which
            guard let pad = pads.removeValue(forKey: id) else { return [] }
            SDL_GameControllerClose(pad)
            return [.removed(id: Int(id))]
        case SDL_CONTROLLERBUTTONDOWN.rawValue, SDL_CONTROLLERBUTTONUP.rawValue:
            guard let button = Self.button(event.cbutton.button) else { return [] }
            return [.button(id: Int(event.cbutton.which), button, down: event.cbutton.state == UInt8(SDL_PRESSED))]
        case SDL_CONTROLLERAXISMOTION.rawValue:
            guard let axis = Self.axis(event.caxis.axis) else { return [] }
            return [.axis(id: Int(event.caxis.which), axis, value: Self.unit(event.caxis.value, axis))]
        case SDL_JOYBATTERYUPDATED.rawValue:
            return [.battery(id: Int(event.jbattery.which), Self.battery(event.jbattery.level))]
        default:
            return nil
        }
    }

    /// Does what the model asked of the pads. Not checked: the model asks only pads that said
    /// they have a light or rumble, so a failure means the pad is going (its removal is queued)
    /// or SDL's driver cannot do it; the game plays on either way.
    func perform(_ effects: [ControllerEffect]) {
        for effect in effects {
            switch effect {
            case let .setPlayerIndex(id, index):
                if let pad = pads[Int32(id)] { SDL_GameControllerSetPlayerIndex(pad, Int32(index.zeroBased)) }
            case let .setLight(id, color):
                if let pad = pads[Int32(id)] { _ = SDL_GameControllerSetLED(pad, color.r, color.g, color.b) }
            case let .rumble(id, low, high, milliseconds):
                if let pad = pads[Int32(id)] {
                    _ = SDL_GameControllerRumble(pad, UInt16(min(1, max(0, low)) * 65535), UInt16(min(1, max(0, high)) * 65535),
                                             UInt32(max(0, milliseconds)))
                }
            }
        }
    }

    /// Opens a pad with the user's mapping for it, if any (its name and buttons come from it),
    /// and describes it as it is held now; nil when it cannot be opened or is open already.
    private func open(deviceIndex: Int32) -> PadDescription? {
        if Self.virtualPadsOnly && SDL_JoystickIsVirtual(deviceIndex) == SDL_FALSE { return nil }
        guard Self.applyMapping(mappings, deviceIndex: deviceIndex), let pad = SDL_GameControllerOpen(deviceIndex) else { return nil }
        let joystick = SDL_GameControllerGetJoystick(pad)
        let id = SDL_JoystickInstanceID(joystick)
        guard id >= 0, pads[id] == nil else {
            SDL_GameControllerClose(pad)  // already open: SDL counts opens, keep one
            return nil
        }
        pads[id] = pad
        let held = PadButton.allCases.filter { button in
            Self.sdlButtons[button].map { SDL_GameControllerGetButton(pad, $0) != 0 } ?? false
        }
        var axes: [PadAxis: Float] = [:]
        for axis in PadAxis.allCases {
            if let sdl = Self.sdlAxes[axis] { axes[axis] = Self.unit(SDL_GameControllerGetAxis(pad, sdl), axis) }
        }
        let identity = PadIdentity(guid: Self.guidString(SDL_JoystickGetGUID(joystick)),
                                   serial: SDL_GameControllerGetSerial(pad).map { String(cString: $0) } ?? "")
        return PadDescription(id: Int(id), identity: identity, name: SDL_GameControllerName(pad).map { String(cString: $0) } ?? "Game Controller",
                              category: Self.category(of: pad),
                              hasLight: SDL_GameControllerHasLED(pad) == SDL_TRUE, hasRumble: SDL_GameControllerHasRumble(pad) == SDL_TRUE,
                              battery: Self.battery(SDL_JoystickCurrentPowerLevel(joystick)), heldButtons: held, axes: axes)
    }

    /// SDL's button for each of ours: the same names (`SDL_GameControllerGetStringForButton`).
    static let sdlButtons: [PadButton: SDL_GameControllerButton] = Dictionary(uniqueKeysWithValues: PadButton.allCases.compactMap { button in
        let sdl = SDL_GameControllerGetButtonFromString(button.rawValue)
        return sdl == SDL_CONTROLLER_BUTTON_INVALID ? nil : (button, sdl)
    })
    static let sdlAxes: [PadAxis: SDL_GameControllerAxis] = Dictionary(uniqueKeysWithValues: PadAxis.allCases.compactMap { axis in
        let sdl = SDL_GameControllerGetAxisFromString(axis.rawValue)
        return sdl == SDL_CONTROLLER_AXIS_INVALID ? nil : (axis, sdl)
    })

    /// Ours for SDL's raw button and axis numbers, as events carry them (looked up per event).
    static let buttonsBySDL = Dictionary(uniqueKeysWithValues: sdlButtons.map { ($0.value.rawValue, $0.key) })
    static let axesBySDL = Dictionary(uniqueKeysWithValues: sdlAxes.map { ($0.value.rawValue, $0.key) })

    static func button(_ raw: UInt8) -> PadButton? { buttonsBySDL[Int32(raw)] }

    static func axis(_ raw: UInt8) -> PadAxis? { axesBySDL[Int32(raw)] }

    /// SDL's −32768…32767 as −1…1, y turned to point up (SDL's points down).
    static func unit(_ value: Int16, _ axis: PadAxis) -> Float {
        let unit = max(-1, Float(value) / 32767)
        return axis == .leftY || axis == .rightY ? -unit : unit
    }

    /// The pad's kind as SDL types it or, where SDL calls it generic (SDL 3 calls every virtual
    /// pad so), as its vendor and product ids say.
    static func category(of pad: OpaquePointer) -> ProductCategory {
        let typed = category(SDL_GameControllerGetType(pad))
        guard typed == .generic else { return typed }
        return ProductCategory(vendor: Int(SDL_GameControllerGetVendor(pad)), product: Int(SDL_GameControllerGetProduct(pad))) ?? .generic
    }

    static func category(_ type: SDL_GameControllerType) -> ProductCategory {
        switch type {
        case SDL_CONTROLLER_TYPE_XBOX360: return .xbox360
        case SDL_CONTROLLER_TYPE_XBOXONE: return .xboxOne
        case SDL_CONTROLLER_TYPE_PS3: return .dualShock3
        case SDL_CONTROLLER_TYPE_PS4: return .dualShock4
        case SDL_CONTROLLER_TYPE_PS5: return .dualSense
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_PRO: return .switchPro
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_LEFT, SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_RIGHT,
             SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_PAIR: return .joyCon
        default: return .generic
        }
    }

    /// SDL's five coarse levels (plus wired and unknown) as a battery reading.
    static func battery(_ level: SDL_JoystickPowerLevel) -> Battery {
        switch level {
        case SDL_JOYSTICK_POWER_EMPTY: return Battery(level: 0.05, state: .discharging)
        case SDL_JOYSTICK_POWER_LOW: return Battery(level: 0.2, state: .discharging)
        case SDL_JOYSTICK_POWER_MEDIUM: return Battery(level: 0.5, state: .discharging)
        case SDL_JOYSTICK_POWER_FULL: return Battery(level: 1, state: .full)
        case SDL_JOYSTICK_POWER_WIRED: return Battery(level: nil, state: .wired)
        default: return .unknown
        }
    }
}
