import KoalioCore

/// How the HUD looks this frame, as a value the scene can draw without touching the HUD.
public struct HUDAppearance: Sendable {
    public var layout: HUDLayout
    public var joystickCenter: Vec2
    public var handleOffset: Vec2
    public var joystickHeld: Bool
    public var aPressed: Bool
    public var bPressed: Bool
    public var pausePressed: Bool
    /// 0…1: the HUD fades in and out as pads leave and arrive.
    public var opacity: Double
}

extension HUD {
    public func appearance(opacity: Double) -> HUDAppearance {
        HUDAppearance(layout: layout, joystickCenter: joystick.baseCenter, handleOffset: joystick.handleOffset,
                      joystickHeld: isJoystickHeld, aPressed: isAPressed, bPressed: isBPressed,
                      pausePressed: isPausePressed, opacity: opacity)
    }
}
