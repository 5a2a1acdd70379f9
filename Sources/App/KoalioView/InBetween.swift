import KoalioCore
import KoalioSim

/// Smooth motion: a picture between the last two 60 Hz world states, for displays that refresh
/// faster (144 pictures a second otherwise show each state for two or three refreshes, unevenly,
/// and every scroll judders). Only what is drawn moves: the koalas, the ghost and the critters
/// are drawn `fraction` of the way from `previous` to the world, and the camera frames them
/// there. Everything else (text, the clock, animated tiles, the menus) follows the tick.
///
/// The world itself is never touched: it steps at 60 Hz whatever is drawn, so replays, ghosts
/// and checksums are the same at any refresh rate.
public struct InBetween: Equatable, Sendable {
    /// Anything that moved further than this in one step was put there (a respawn, a
    /// checkpoint, a teleport), not moved there, and is drawn where it is. The fastest a koala
    /// moves is its fall, 7.5 pixels a step.
    public static let teleportPoints = 24.0

    /// The world as it was one step before the session's.
    public var previous: World
    /// The ghost as it was one step before (nil: no ghost then).
    public var previousGhost: Player?
    /// How far the picture is from the world one step before (0: as it was then) to the
    /// session's world (1): the part of a step passed since the session's world was stepped.
    public var fraction: Double

    public init(previous: World, previousGhost: Player?, fraction: Double) {
        self.previous = previous
        self.previousGhost = previousGhost
        self.fraction = fraction
    }

    /// The world as drawn: `world` with its koalas and critters moved back towards `previous`
    /// (at fraction 0, all the way back: the picture shows one step behind, so it only ever
    /// shows states the world was in or between). `world` itself when `previous` is not the
    /// step just before it (a level started, restarted or reloaded), or the game stands still.
    public func world(between world: World) -> World {
        guard previous.tick + 1 == world.tick else { return world }
        var shown = world
        for index in shown.koalas.indices {
            let koala = shown.koalas[index]
            guard let before = previous.koala(of: koala.number), before.isAlive == koala.isAlive else { continue }
            shown.koalas[index].body.position = Self.between(before.body.position, koala.body.position, fraction)
        }
        for index in shown.critters.indices where index < previous.critters.count {
            guard previous.critters[index].isAlive == shown.critters[index].isAlive else { continue }
            shown.critters[index].position = Self.between(previous.critters[index].position, shown.critters[index].position, fraction)
        }
        return shown
    }

    /// The ghost as drawn (it steps with the world: `previousGhost` is its state a step before).
    public func ghost(between ghost: Player?, world: World) -> Player? {
        guard var ghost, let before = previousGhost, previous.tick + 1 == world.tick else { return ghost }
        ghost.position = Self.between(before.position, ghost.position, fraction)
        return ghost
    }

    /// `from` + (`to` − `from`) × `fraction`, or `to` where the two are too far apart to have
    /// been one step's motion.
    static func between(_ from: Vec2, _ to: Vec2, _ fraction: Double) -> Vec2 {
        let dx = to.x - from.x, dy = to.y - from.y
        guard (dx * dx + dy * dy).squareRoot() <= teleportPoints else { return to }
        return Vec2(from.x + dx * fraction, from.y + dy * fraction)
    }
}
