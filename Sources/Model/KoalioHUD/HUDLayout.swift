import KoalioCore

/// Where the HUD's parts sit in the 568×320 view: the joystick low on the left, A and B low
/// on the right (as the original's controller HUD), pause in the top-right corner, all clear
/// of the middle where the camera keeps the koala, and low enough to cover mostly ground.
public struct HUDLayout: Equatable, Sendable {
    public var joystickRest = Vec2(74, 282)
    public var joystickRadius = 34.0
    /// Pointers landing here grab the joystick: the left 40 % of the view below the top bar.
    public var joystickZone = Rect(x: 0, y: 40, width: 227, height: 280)
    public var buttonA = Circle(center: Vec2(520, 258), radius: 24)
    public var buttonB = Circle(center: Vec2(462, 288), radius: 24)
    public var pause = Circle(center: Vec2(548, 20), radius: 14)

    public init() {}

    /// The layout for the settings' size (1 = as drawn) and hand: controls grow or shrink
    /// towards their corner of the view (joystick bottom-left, buttons bottom-right), and
    /// left-handed swaps sides (joystick and its zone on the right, A and B on the left). The
    /// pause button stays in the top-right corner at its size: it is not played with.
    public init(size: Double, leftHanded: Bool) {
        self.init()
        let width = Double(LogicalView.width), height = Double(LogicalView.height)
        func scaled(_ circle: Circle, toward corner: Vec2) -> Circle {
            Circle(center: Vec2(corner.x + (circle.center.x - corner.x) * size, corner.y + (circle.center.y - corner.y) * size),
                   radius: circle.radius * size)
        }
        let bottomLeft = Vec2(0, height), bottomRight = Vec2(width, height)
        let stick = scaled(Circle(center: joystickRest, radius: joystickRadius), toward: bottomLeft)
        joystickRest = stick.center
        joystickRadius = stick.radius
        buttonA = scaled(buttonA, toward: bottomRight)
        buttonB = scaled(buttonB, toward: bottomRight)
        guard leftHanded else { return }
        func mirrored(_ circle: Circle) -> Circle { Circle(center: Vec2(width - circle.center.x, circle.center.y), radius: circle.radius) }
        joystickRest = Vec2(width - joystickRest.x, joystickRest.y)
        joystickZone = Rect(x: width - joystickZone.maxX, y: joystickZone.minY, width: joystickZone.width, height: joystickZone.height)
        buttonA = mirrored(buttonA)
        buttonB = mirrored(buttonB)
    }
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
