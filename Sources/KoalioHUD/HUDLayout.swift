import KoalioCore

/// Where the HUD's parts sit in the 568×320 view: the joystick low on the left, A and B low
/// on the right (as the original's controller HUD), pause in the top-right corner, all clear
/// of the middle where the camera keeps the koala, and low enough to cover mostly ground.
public struct HUDLayout: Sendable {
    public var joystickRest = Vec2(74, 282)
    public var joystickRadius = 34.0
    /// Pointers landing here grab the joystick: the left 40 % of the view below the top bar.
    public var joystickZone = Rect(x: 0, y: 40, width: 227, height: 280)
    public var buttonA = Circle(center: Vec2(520, 258), radius: 24)
    public var buttonB = Circle(center: Vec2(462, 288), radius: 24)
    public var pause = Circle(center: Vec2(548, 20), radius: 14)

    public init() {}
}

/// A round touch target.
public struct Circle: Hashable, Sendable {
    public var center: Vec2
    public var radius: Double

    public init(center: Vec2, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// Fingers are fat: a touch counts a little outside the drawn circle.
    public static let touchSlopPoints = 6.0

    public func contains(_ point: Vec2) -> Bool {
        let dx = point.x - center.x, dy = point.y - center.y
        let reach = radius + Self.touchSlopPoints
        return dx * dx + dy * dy <= reach * reach
    }

    public var bounds: Rect { Rect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2) }
}
