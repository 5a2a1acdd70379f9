import KoalioCore

/// What happened to the koalas in one step, for sounds and effects: returned by the step, never
/// stored in the world (so replays and their checksums do not change with it).
public struct WorldEvents: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Left the ground (or the coyote-time air) on a jump.
    public static let jumped = WorldEvents(rawValue: 1)
    /// The dash button went down.
    public static let dashed = WorldEvents(rawValue: 2)
    /// Touched the floor after being in the air.
    public static let landed = WorldEvents(rawValue: 4)
    /// A koala died while a teammate lives on (it comes back; the run goes on).
    public static let koalaLost = WorldEvents(rawValue: 8)
    /// A koala touched a checkpoint it had not last touched.
    public static let checkpoint = WorldEvents(rawValue: 16)
    /// A koala took a eucalyptus leaf.
    public static let leaf = WorldEvents(rawValue: 32)
    /// A koala landed on a critter (and bounced off it).
    public static let stomped = WorldEvents(rawValue: 64)
}
