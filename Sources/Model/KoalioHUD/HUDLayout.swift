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

    /// Room kept between a control and what it must not cover, in view points.
    public static let clearancePoints = 6.0

    /// The layout with the joystick's rest and the A/B pair moved off `box` (the koala where it
    /// spawns, in view points): each slides along the bottom, away from its side of the view,
    /// until it clears the box, or above the box where sliding would leave the view's half. A and
    /// B move together, so the thumb finds them where it left them relative to each other.
    public func keepingClear(of box: Rect) -> HUDLayout {
        var layout = self
        let width = Double(LogicalView.width), margin = Self.clearancePoints
        let padded = Rect(x: box.minX - margin, y: box.minY - margin, width: box.width + 2 * margin, height: box.height + 2 * margin)
        func overlaps(_ circle: Circle) -> Bool { circle.bounds.intersects(padded) }
        /// How far to move circles on one side so none overlaps: along x if they stay on their
        /// half of the view, else up.
        func shift(_ circles: [Circle]) -> Vec2 {
            guard circles.contains(where: overlaps) else { return .zero }
            let onLeft = (circles.map(\.center.x).reduce(0, +) / Double(circles.count)) < width / 2
            let dx = onLeft ? padded.maxX - (circles.map { $0.center.x - $0.radius }.min() ?? 0)
                            : padded.minX - (circles.map { $0.center.x + $0.radius }.max() ?? 0)
            let staysOnItsHalf = circles.allSatisfy { onLeft ? $0.center.x + dx + $0.radius <= width / 2 : $0.center.x + dx - $0.radius >= width / 2 }
            if staysOnItsHalf { return Vec2(dx, 0) }
            return Vec2(0, padded.minY - (circles.map { $0.center.y + $0.radius }.max() ?? 0))
        }
        let stick = shift([Circle(center: joystickRest, radius: joystickRadius)])
        layout.joystickRest = Vec2(joystickRest.x + stick.x, joystickRest.y + stick.y)
        let buttons = shift([buttonA, buttonB])
        layout.buttonA.center = Vec2(buttonA.center.x + buttons.x, buttonA.center.y + buttons.y)
        layout.buttonB.center = Vec2(buttonB.center.x + buttons.x, buttonB.center.y + buttons.y)
        return layout
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
