import KoalioCore

/// What a level places besides tiles: checkpoints, eucalyptus leaves and critters (from its
/// object layer; a level without any plays as it always did).
public struct LevelObjects: Hashable, Sendable {
    public var checkpoints: [Checkpoint] { didSet { index() } }
    /// The leaves' areas, in world pixels: touching one takes it.
    public var leaves: [Rect] { didSet { index() } }
    /// Where each critter starts: its feet (bottom-centre), standing on ground.
    public var critters: [Vec2]
    /// The checkpoints and leaves whose areas reach into each strip of ``stripWidthPixels``
    /// along x: a koala's step looks only at those of the strips its box is in.
    private(set) var strips: [Strip] = []

    /// What of the level's fixed objects reaches into one strip.
    struct Strip: Hashable, Sendable {
        var checkpoints: [Int] = []
        var leaves: [Int] = []
    }

    /// Wider than a koala: its box reaches into at most two strips.
    static let stripWidthPixels = 256.0

    public init(checkpoints: [Checkpoint] = [], leaves: [Rect] = [], critters: [Vec2] = []) {
        self.checkpoints = checkpoints
        self.leaves = leaves
        self.critters = critters
        index()
    }

    /// The strips of an x range, clamped to the strips there are (none when there are none).
    func strips(from minX: Double, to maxX: Double) -> ClosedRange<Int>? { strips(from: minX, to: maxX, count: strips.count) }

    private mutating func index() {
        let areas = checkpoints.map(\.area) + leaves
        let width = areas.map(\.maxX).max() ?? 0
        var strips = [Strip](repeating: Strip(), count: areas.isEmpty ? 0 : Int((width / Self.stripWidthPixels).rounded(.down)) + 1)
        func add(_ area: Rect, _ put: (inout Strip) -> Void) {
            guard let range = self.strips(from: area.minX, to: area.maxX, count: strips.count) else { return }
            for strip in range { put(&strips[strip]) }
        }
        for (index, checkpoint) in checkpoints.enumerated() { add(checkpoint.area) { $0.checkpoints.append(index) } }
        for (index, leaf) in leaves.enumerated() { add(leaf) { $0.leaves.append(index) } }
        self.strips = strips
    }

    private func strips(from minX: Double, to maxX: Double, count: Int) -> ClosedRange<Int>? {
        guard count > 0 else { return nil }
        let first = min(max(Int((minX / Self.stripWidthPixels).rounded(.down)), 0), count - 1)
        let last = min(max(Int((maxX / Self.stripWidthPixels).rounded(.down)), 0), count - 1)
        return first...last
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
