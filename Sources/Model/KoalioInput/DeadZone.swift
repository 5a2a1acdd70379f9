/// A radial dead zone for thumbsticks (SDL applies none).
///
/// Inside `radius` the stick reads centred; outside, the distance is rescaled from
/// radius…1 to 0…1 along the same direction, so a full push still reads ±1 and small
/// pushes start smoothly from 0 instead of jumping to the dead zone's edge.
public struct DeadZone: Hashable, Sendable {
    public var radius: Float

    public static let standard = DeadZone(radius: 0.2)

    public init(radius: Float) { self.radius = min(0.95, max(0, radius)) }

    public func apply(x: Float, y: Float) -> (x: Float, y: Float) {
        let magnitude = (x * x + y * y).squareRoot()
        guard magnitude > radius else { return (0, 0) }
        let scaled = min(1, (magnitude - radius) / (1 - radius))
        return (max(-1, min(1, x / magnitude * scaled)), max(-1, min(1, y / magnitude * scaled)))
    }
}
