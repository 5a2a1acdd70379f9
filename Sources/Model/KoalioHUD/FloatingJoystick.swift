import KoalioCore

/// An on-screen joystick whose base comes to the hand, as in "JoyStickView for iOS in Swift".
///
/// It reports ``vector``, x right and y up, and ``displacement`` 0…1 (1 at the base's radius).
/// (The JoyStickView's clock-dial angle is left out: nothing reads it, and it needs libm's
/// atan2, which no pure target may import.) The base appears
/// where the pointer lands; a pointer dragged past the rim pulls the base after it, kept inside
/// ``movableBounds``. With ``baseFollows`` off the base stays put and the handle stops at the
/// rim. On release the handle recentres and the base goes back to its rest place.
/// Coordinates are the logical view's (y down).
public struct FloatingJoystick {
    /// Where the base rests when nobody holds it.
    public var restCenter: Vec2
    /// The base's radius: the handle's full travel, in logical pixels.
    public var radius: Double
    /// The base's whole circle stays inside these bounds.
    public var movableBounds: Rect
    public var baseFollows: Bool

    public private(set) var baseCenter: Vec2
    /// The handle's offset from the base centre, never longer than the radius.
    public private(set) var handleOffset = Vec2.zero
    public private(set) var displacement: Double = 0

    public init(restCenter: Vec2, radius: Double, movableBounds: Rect, baseFollows: Bool = true) {
        self.restCenter = restCenter
        self.radius = radius
        self.movableBounds = movableBounds
        self.baseFollows = baseFollows
        self.baseCenter = restCenter
    }

    /// The stick as an analog pair, x right and y up, each −1…1.
    public var vector: (x: Double, y: Double) {
        guard radius > 0 else { return (0, 0) }
        return (handleOffset.x / radius, -handleOffset.y / radius)
    }

    /// A pointer landed: the base comes to it (inside its bounds), the handle is centred.
    public mutating func begin(at point: Vec2) {
        baseCenter = baseFollows ? clampedBase(point) : baseCenter
        update(to: point)
    }

    public mutating func move(to point: Vec2) { update(to: point) }

    /// The pointer lifted: handle to the centre, base home.
    public mutating func end() {
        baseCenter = restCenter
        handleOffset = .zero
        displacement = 0
    }

    private mutating func update(to point: Vec2) {
        var delta = Vec2(point.x - baseCenter.x, point.y - baseCenter.y)
        let distance = (delta.x * delta.x + delta.y * delta.y).squareRoot()
        if distance > radius && baseFollows {
            // Put the base where the pointer sits on its rim, then keep it in bounds.
            let unit = Vec2(delta.x / distance, delta.y / distance)
            baseCenter = clampedBase(Vec2(point.x - unit.x * radius, point.y - unit.y * radius))
            delta = Vec2(point.x - baseCenter.x, point.y - baseCenter.y)
        }
        let length = (delta.x * delta.x + delta.y * delta.y).squareRoot()
        handleOffset = length > radius ? Vec2(delta.x / length * radius, delta.y / length * radius) : delta
        displacement = min(distance / radius, 1)
    }

    private func clampedBase(_ point: Vec2) -> Vec2 {
        let minX = movableBounds.minX + radius, maxX = movableBounds.maxX - radius
        let minY = movableBounds.minY + radius, maxY = movableBounds.maxY - radius
        return Vec2(min(max(point.x, minX), max(minX, maxX)), min(max(point.y, minY), max(minY, maxY)))
    }
}
