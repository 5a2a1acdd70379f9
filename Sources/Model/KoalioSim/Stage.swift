import KoalioCore

/// What the world plays on: the solid, hazard and platform cells, the spawn, the goal and the
/// objects, made once from the author's ``LevelMap`` and immutable after. How the level looks
/// (tilesets, layers, theme) stays in the map, which the view draws from.
public struct Stage: Hashable, Sendable {
    /// The level's name (the file name without `.tmx`), as shown and recorded.
    public var name: String
    public var width: Int
    public var height: Int
    public var tileWidth: Int
    public var tileHeight: Int
    /// The solid tiles.
    public private(set) var walls: TileLayer
    public private(set) var hazards: TileLayer
    /// One-way platforms: solid only to a koala coming down onto their top (jump up through
    /// them, land on them). Empty when the map has no `platforms` layer.
    public private(set) var platforms: TileLayer
    /// The three layers above as the koala's step reads them, made once.
    let collision: Collision
    /// Where the koala's feet start (bottom-centre of its box).
    public var spawn: Vec2
    /// Touching this area wins the level.
    public var goal: Rect
    /// Checkpoints, leaves and critters (none in a level that places none).
    public var objects: LevelObjects { didSet { critterPatrols = objects.critters.map(patrol(from:)) } }
    /// Where each critter walks between (``patrol(from:)``), in the order of `objects.critters`.
    public private(set) var critterPatrols: [ClosedRange<Double>] = []

    public init(name: String, width: Int, height: Int, tileWidth: Int, tileHeight: Int,
                walls: TileLayer, hazards: TileLayer, platforms: TileLayer? = nil,
                spawn: Vec2, goal: Rect, objects: LevelObjects = LevelObjects()) {
        self.name = name
        self.width = width
        self.height = height
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.walls = walls
        self.hazards = hazards
        self.platforms = platforms ?? TileLayer(name: "platforms", width: 0, height: 0, gids: [])
        collision = Collision(width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight,
                              walls: walls, hazards: hazards, platforms: self.platforms)
        self.spawn = spawn
        self.goal = goal
        self.objects = objects
        critterPatrols = objects.critters.map(patrol(from:))
    }

    /// The stage of `map`, its objects checked against its tiles: a koala must fit at a
    /// checkpoint, and a critter must stand on ground outside any wall (it is dropped onto the
    /// first ground below its rectangle).
    public init(_ map: LevelMap) throws(StageError) {
        self.init(name: map.name, width: map.width, height: map.height, tileWidth: map.tileWidth, tileHeight: map.tileHeight,
                  walls: map.walls, hazards: map.hazards, platforms: map.platforms, spawn: map.spawn, goal: map.goal)
        var checkpoints: [Checkpoint] = [], leaves: [Rect] = [], critters: [Vec2] = []
        for placement in map.placements {
            switch placement.kind {
            case .checkpoint:
                let checkpoint = Checkpoint(area: placement.area)
                guard koalaFits(feet: checkpoint.feet) else { throw StageError(placement: placement, problem: .koalaDoesNotFit) }
                checkpoints.append(checkpoint)
            case .leaf:
                leaves.append(placement.area)
            case .critter:
                switch critterPlacement(feet: Vec2(placement.area.center.x, placement.area.maxY)) {
                case .stands(let feet): critters.append(feet)
                case .insideWall: throw StageError(placement: placement, problem: .critterInsideWall)
                case .noGround: throw StageError(placement: placement, problem: .critterHasNoGround)
                }
            }
        }
        objects = LevelObjects(checkpoints: checkpoints, leaves: leaves, critters: critters)  // indexed once
        critterPatrols = objects.critters.map(patrol(from:))  // an initializer's assignment calls no didSet
    }

    public var pixelWidth: Double { Double(width * tileWidth) }
    public var pixelHeight: Double { Double(height * tileHeight) }

    /// The tile's rectangle in world pixels.
    public func tileRect(column: Int, row: Int) -> Rect {
        Rect(x: Double(column * tileWidth), y: Double(row * tileHeight),
             width: Double(tileWidth), height: Double(tileHeight))
    }
}

/// An object the author placed where the world cannot have it. One line: file, line, object, problem.
public struct StageError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// A koala standing on the checkpoint's bottom edge would be inside a wall or spikes.
        case koalaDoesNotFit
        case critterInsideWall
        case critterHasNoGround
    }

    public var placement: ObjectPlacement
    public var problem: Problem

    public var reason: String {
        switch problem {
        case .koalaDoesNotFit: "\(placement.label): a koala standing on its bottom edge would be inside a wall or spikes"
        case .critterInsideWall: "\(placement.label) is inside a wall"
        case .critterHasNoGround: "\(placement.label) has no ground below it to walk on"
        }
    }

    public var description: String {
        let place = placement.line.map { "\(placement.file):\($0)" } ?? placement.file
        return "\(place): <object>: \(reason)"
    }
}

/// Questions a level check asks of the tiles (``Stage/koalaFits(feet:)`` is beside the critters').
extension Stage {
    /// Whether a koala standing at these feet would be inside a wall.
    public func koalaHitsWall(feet: Vec2) -> Bool { collision.hitsWall(Player(feet: feet).box) }

    /// Whether the tile is ground to stand on (a wall or a one-way platform) with no wall on it.
    public func isFloor(column: Int, row: Int) -> Bool {
        let top = Double(row * tileHeight)
        return collision.isGround(at: Vec2(Double(column * tileWidth) + 1, top + 1))
            && !collision.hitsWall(Rect(x: Double(column * tileWidth), y: top - 1, width: Double(tileWidth), height: 1))
    }
}
