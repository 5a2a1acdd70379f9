/// Assist mode (Settings → Assist): help that lets anyone finish a level. Off by default.
///
/// Part of a run's rules, so a replay records it and plays it back with it: invincibility and
/// dashing without holding change what the world does; the speed changes only how many world
/// ticks the loop runs a second (the world still ticks at 60 Hz), so a slowed run verifies as
/// any other. A run with any assist on sets no best time and no medal.
public struct Assist: Hashable, Sendable, Codable {
    /// Game speed in percent of normal: ``speedRange``.
    public var speedPercent: Int
    /// Spikes and critters do not kill; falling below the map returns the koala to the last
    /// checkpoint (or the start).
    public var invincible: Bool
    /// The koala dashes without the dash button held (dashing has no limit in koalio, so
    /// "infinite" means always on: one button less to hold).
    public var infiniteDash: Bool

    public static let speedRange = 50...100
    /// Steps of the speed setting in the menu.
    public static let speedStepPercent = 10
    public static let off = Assist(speedPercent: 100, invincible: false, infiniteDash: false)

    public init(speedPercent: Int = 100, invincible: Bool = false, infiniteDash: Bool = false) {
        self.speedPercent = min(max(speedPercent, Self.speedRange.lowerBound), Self.speedRange.upperBound)
        self.invincible = invincible
        self.infiniteDash = infiniteDash
    }

    /// Whether any help is on (such a run sets no best time and no medal).
    public var isOn: Bool { self != .off }
}
