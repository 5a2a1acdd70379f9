import KoalioCore
@testable import KoalioSim
import KoalioTestSupport

/// Paths of the repository's test fixtures and levels.
enum Fixtures {
    static func map(_ name: String) -> String { Repository.fixtureMap(name) }
}

/// A map drawn in text: `#` wall, `^` spike, `=` one-way platform, `.` empty; rows top to
/// bottom, 16 px tiles.
func makeMap(_ rows: [String], spawn: Vec2 = Vec2(24, 16), goal: Rect? = nil) -> Stage {
    let width = rows[0].count, height = rows.count
    var walls: [UInt32] = [], hazards: [UInt32] = [], platforms: [UInt32] = []
    for row in rows {
        for c in row {
            walls.append(c == "#" ? 1 : 0)
            hazards.append(c == "^" ? 2 : 0)
            platforms.append(c == "=" ? 3 : 0)
        }
    }
    func layer(_ name: String, _ gids: [UInt32]) -> TileLayer { TileLayer(name: name, width: width, height: height, gids: gids) }
    return Stage(name: "test", width: width, height: height, tileWidth: 16, tileHeight: 16,
                 walls: layer("walls", walls), hazards: layer("hazards", hazards), platforms: layer("platforms", platforms),
                   spawn: spawn, goal: goal ?? Rect(x: -100, y: -100, width: 1, height: 1))
}

/// A world with the koala's feet placed at a point, moving at a velocity (px per tick).
func world(in map: Stage, feet: Vec2, velocity: Vec2 = .zero) -> World {
    var world = World(stage: map)
    world.player.position = feet
    world.player.velocity = velocity
    return world
}
