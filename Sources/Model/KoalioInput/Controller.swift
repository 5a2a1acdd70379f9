import KoalioCore

/// What kind of pad this is, from SDL's controller type.
public enum ProductCategory: String, Hashable, Sendable, CaseIterable {
    case xbox360 = "Xbox 360"
    case xboxOne = "Xbox One"
    case dualShock3 = "DualShock 3"
    case dualShock4 = "DualShock 4"
    case dualSense = "DualSense"
    case switchPro = "Switch Pro"
    case joyCon = "Joy-Con"
    case generic = "Generic"

    /// The kind of a pad known by its USB vendor and product ids, nil for others. For pads SDL
    /// reports as generic: SDL 3 (and so sdl2-compat, the SDL2 of Arch, Fedora 42+ and Debian
    /// unstable) calls every virtual pad "virtual" whatever ids it was given.
    public init?(vendor: Int, product: Int) {
        let known: [Int: [Int: ProductCategory]] = [
            0x045E: [0x028E: .xbox360, 0x028F: .xbox360, 0x02D1: .xboxOne, 0x02DD: .xboxOne, 0x02E3: .xboxOne, 0x02EA: .xboxOne,
                     0x0B00: .xboxOne, 0x0B05: .xboxOne, 0x0B12: .xboxOne, 0x0B13: .xboxOne],
            0x054C: [0x0268: .dualShock3, 0x05C4: .dualShock4, 0x09CC: .dualShock4, 0x0BA0: .dualShock4, 0x0CE6: .dualSense, 0x0DF2: .dualSense],
            0x057E: [0x2009: .switchPro, 0x2006: .joyCon, 0x2007: .joyCon, 0x200E: .joyCon],
        ]
        guard let category = known[vendor]?[product] else { return nil }
        self = category
    }
}

/// The player number shown on the pad's lights: unset, or 1…4.
public enum PlayerIndex: Hashable, Sendable {
    case unset
    case index(Int)

    public static let maximum = 4

    /// SDL's 0-based player index, −1 when unset.
    public var zeroBased: Int {
        if case let .index(n) = self { return n - 1 }
        return -1
    }
}

/// What the pad says about its power, as far as SDL knows.
public struct Battery: Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
        case unknown, discharging, full, wired
    }

    /// 0…1, or nil when unknown (SDL reports five coarse levels).
    public var level: Float?
    public var state: State

    public init(level: Float?, state: State) {
        self.level = level
        self.state = state
    }

    public static let unknown = Battery(level: nil, state: .unknown)

    /// SDL's "empty" and "low" levels.
    public static let lowLevel: Float = 0.25
    public var isLow: Bool { state == .discharging && (level ?? 1) <= Battery.lowLevel }
}

/// A game controller: identity, capabilities, lights and power, and its extended gamepad.
///
/// Created by the platform layer for a real pad, or from a snapshot (``capture()``), which
/// reads the same way but is frozen.
public final class Controller {
    /// Which controller this is (for a pad, SDL's joystick instance id; stable while connected).
    public let id: ControllerID
    /// How a pad is known again when plugged back (``PadIdentity/none`` for the others).
    public let identity: PadIdentity
    /// The pad's name as SDL gives it, e.g. "PS5 Controller".
    public let vendorName: String
    public let productCategory: ProductCategory
    public let hasLight: Bool
    public let hasRumble: Bool
    public internal(set) var playerIndex: PlayerIndex = .unset
    public internal(set) var lightColor: Color?
    public var battery: Battery = .unknown
    public let extendedGamepad: ExtendedGamepad
    /// True for a snapshot: its values never change by themselves.
    public let isSnapshot: Bool

    public init(id: ControllerID, identity: PadIdentity = .none, vendorName: String, productCategory: ProductCategory, hasLight: Bool,
                hasRumble: Bool, extendedGamepad: ExtendedGamepad = ExtendedGamepad(), isSnapshot: Bool = false) {
        self.id = id
        self.identity = identity
        self.vendorName = vendorName
        self.productCategory = productCategory
        self.hasLight = hasLight
        self.hasRumble = hasRumble
        self.extendedGamepad = extendedGamepad
        self.isSnapshot = isSnapshot
    }

    /// The standard gamepad view of the same elements.
    public var gamepad: Gamepad { Gamepad(extendedGamepad) }

    /// A frozen copy: same identity, the element values of this moment.
    public func capture() -> Controller {
        let copy = Controller(id: id, identity: identity, vendorName: vendorName, productCategory: productCategory, hasLight: hasLight,
                              hasRumble: hasRumble, extendedGamepad: ExtendedGamepad(snapshot: extendedGamepad.capture()),
                              isSnapshot: true)
        copy.playerIndex = playerIndex
        copy.lightColor = lightColor
        copy.battery = battery
        return copy
    }
}
