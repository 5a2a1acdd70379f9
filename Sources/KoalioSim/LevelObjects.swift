import KoalioCore

/// What a level places besides tiles: checkpoints, eucalyptus leaves and critters (from its
/// object layer; a level without any plays as it always did).
public struct LevelObjects: Hashable, Sendable {
    public var checkpoints: [Checkpoint]
    /// The leaves' areas, in world pixels: touching one takes it.
    public var leaves: [Rect]
    /// Where each critter starts: its feet (bottom-centre), standing on ground.
    public var critters: [Vec2]

    public init(checkpoints: [Checkpoint] = [], leaves: [Rect] = [], critters: [Vec2] = []) {
        self.checkpoints = checkpoints
        self.leaves = leaves
        self.critters = critters
    }

    public var isEmpty: Bool { checkpoints.isEmpty && leaves.isEmpty && critters.isEmpty }
}

/// A flag: touching its area makes it the place a koala comes back to after dying.
public struct Checkpoint: Hashable, Sendable {
    /// The object's rectangle in world pixels (the flag is drawn standing on its bottom edge).
    public var area: Rect

    public init(area: Rect) { self.area = area }

    /// Where a koala comes back: its feet at the bottom-centre of the area.
    public var feet: Vec2 { Vec2(area.center.x, area.maxY) }
}
