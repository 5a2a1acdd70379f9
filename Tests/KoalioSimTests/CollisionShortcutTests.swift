import KoalioTestSupport
import XCTest
import KoalioCore
@testable import KoalioSim

/// The shortcuts a koala's step takes — the framed tile grid, the tile counts, the spike gate,
/// the open-air cells — answer exactly as the tile-by-tile rules do, on random maps (walls,
/// spikes, one-way platforms, several tile sizes) and boxes anywhere in, around and beyond them.
/// Shipped replays only show the shortcuts right where those runs went; these look everywhere.
final class CollisionShortcutTests: XCTestCase {
    /// SplitMix64: the same cases on every run.
    struct Random {
        private var generator: SplitMix64
        init(state seed: UInt64) { generator = SplitMix64(seed: seed) }
        mutating func next() -> UInt64 { generator.next() }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        /// A coordinate: often on a tile, half-tile or eighth edge (where rounding matters), else anywhere.
        mutating func coordinate(upTo extent: Double, tile: Double) -> Double {
            let raw = -2 * tile + unit() * (extent + 4 * tile)
            switch below(4) {
            case 0: return (raw / tile).rounded(.down) * tile
            case 1: return (raw / (tile / 8)).rounded(.down) * (tile / 8)
            case 2: return (raw / tile).rounded(.down) * tile - Tuning.koalaHeightPoints
            default: return raw
            }
        }
    }

    /// A random map: each tile empty, wall, spike or platform.
    func randomMap(_ random: inout Random, tile: Int, width: Int = 24, height: Int = 14, density: Double = 0.18) -> Stage {
        var walls = [UInt32](repeating: 0, count: width * height), hazards = walls, platforms = walls
        for index in walls.indices where random.unit() < density {
            switch random.below(4) {
            case 0, 1: walls[index] = 1
            case 2: hazards[index] = 2
            default: platforms[index] = 3
            }
        }
        func layer(_ name: String, _ gids: [UInt32]) -> TileLayer { TileLayer(name: name, width: width, height: height, gids: gids) }
        return Stage(name: "random", width: width, height: height, tileWidth: tile, tileHeight: tile,
                     walls: layer("walls", walls), hazards: layer("hazards", hazards), platforms: layer("platforms", platforms),
                       spawn: Vec2(Double(tile), Double(tile)), goal: Rect(x: -100, y: -100, width: 1, height: 1))
    }

    /// A tile's flags from the map's layers, as the rules define them.
    func layerFlags(_ map: Stage, column: Int, row: Int) -> UInt8 {
        if column < 0 || column >= map.width { return CollisionGrid.wall }
        if row < 0 || row >= map.height { return 0 }
        var flags: UInt8 = 0
        if map.walls.gid(column: column, row: row) != 0 { flags |= CollisionGrid.wall }
        if map.hazards.gid(column: column, row: row) != 0 { flags |= CollisionGrid.hazard }
        if map.platforms.gid(column: column, row: row) != 0 { flags |= CollisionGrid.platform }
        return flags
    }

    func testTheFramedGridReadsAsTheLayersEverywhere() {
        var random = Random(state: 1)
        for tile in [16, 8, 12] {
            let map = randomMap(&random, tile: tile)
            for row in -4..<(map.height + 4) {
                for column in -4..<(map.width + 4) {
                    let flags = map.collision.grid.flags(column: column, row: row) & (CollisionGrid.wall | CollisionGrid.hazard | CollisionGrid.platform)
                    XCTAssertEqual(flags, layerFlags(map, column: column, row: row), "tile \(column),\(row) of \(tile) px tiles")
                }
            }
        }
    }

    func testTileCountsAreTheTilesCounted() {
        var random = Random(state: 2)
        let map = randomMap(&random, tile: 16, density: 0.3)
        let occupied = CollisionGrid.wall | CollisionGrid.hazard | CollisionGrid.platform
        for _ in 0..<3000 {
            let left = random.below(map.width + 8) - 4, top = random.below(map.height + 8) - 4
            let right = left + random.below(6), bottom = top + random.below(6)
            var expected = 0
            // The rectangle clamped into the frame (whose edge tiles stand for all beyond them).
            func clamp(_ value: Int, _ upper: Int) -> Int { min(max(value, -1), upper) }
            for row in clamp(top, map.height)...clamp(bottom, map.height) {
                for column in clamp(left, map.width)...clamp(right, map.width) where layerFlags(map, column: column, row: row) & occupied != 0 {
                    expected += 1
                }
            }
            XCTAssertEqual(map.collision.grid.occupiedTiles(columns: left, right, rows: top, bottom), expected, "\(left)…\(right) × \(top)…\(bottom)")
        }
    }

    func testTheSpikeGateNeverHidesASpike() {
        var random = Random(state: 3)
        for tile in [16, 8, 32] {
            let map = randomMap(&random, tile: tile, density: 0.35)
            let collision = map.collision
            var touching = 0
            for _ in 0..<20_000 {
                let feet = Vec2(random.coordinate(upTo: map.pixelWidth, tile: Double(tile)), random.coordinate(upTo: map.pixelHeight, tile: Double(tile)))
                let box = Player(feet: feet).box
                let spikeBox = Collision.spikeBox(of: box)
                var expected = false
                let columns = Collision.floor(spikeBox.minX / Double(tile))...max(Collision.floor(spikeBox.minX / Double(tile)), Collision.ceiling(spikeBox.maxX / Double(tile)) - 1)
                let rows = Collision.floor(spikeBox.minY / Double(tile))...max(Collision.floor(spikeBox.minY / Double(tile)), Collision.ceiling(spikeBox.maxY / Double(tile)) - 1)
                for row in rows { for column in columns where layerFlags(map, column: column, row: row) & CollisionGrid.hazard != 0 { expected = true } }
                XCTAssertEqual(collision.touchesSpikes(koalaBox: box), expected, "feet \(feet) on \(tile) px tiles")
                if expected { touching += 1 }
            }
            XCTAssertGreaterThan(touching, 1000, "the cases reach spikes")
        }
    }

    /// Wherever the open-air cells say a step meets nothing, the tile-by-tile moves meet nothing
    /// and land the box on the very same bits; and they say so for a good share of steps.
    func testOpenAirIsNeverWrong() {
        var random = Random(state: 4)
        let limitX = max(Tuning.walkMaxSpeedPerTick, Tuning.dashMaxSpeedPerTick)
        let speedsX = [0, -0.0, limitX, -limitX, Tuning.walkMaxSpeedPerTick, 0.125, -1.5]
        let speedsY = [0, Tuning.gravityPerTick2, Tuning.maxFallSpeedPerTick, -Tuning.jumpSpeedPerTick, -Tuning.jumpCutSpeedPerTick, 3]
        for (tile, density) in [(16, 0.12), (16, 0.3), (8, 0.1), (32, 0.15), (12, 0.1)] {
            let map = randomMap(&random, tile: tile, density: density)
            let collision = map.collision
            var open = 0, cases = 0
            for _ in 0..<40_000 {
                let feet = Vec2(random.coordinate(upTo: map.pixelWidth, tile: Double(tile)), random.coordinate(upTo: map.pixelHeight, tile: Double(tile)))
                let dx = random.below(2) == 0 ? speedsX[random.below(speedsX.count)] : (random.unit() * 2 - 1) * limitX
                let dy = random.below(2) == 0 ? speedsY[random.below(speedsY.count)]
                    : -Tuning.jumpSpeedPerTick + random.unit() * (Tuning.jumpSpeedPerTick + Tuning.maxFallSpeedPerTick)
                let start = Player(feet: feet).box
                cases += 1
                guard collision.isOpen(around: start, dx: dx, dy: dy) else { continue }
                open += 1
                var box = start
                XCTAssertFalse(collision.moveX(&box, by: dx), "feet \(feet), dx \(dx) on \(tile) px tiles")
                XCTAssertEqual(collision.moveY(&box, by: dy), .none, "feet \(feet), dy \(dy) on \(tile) px tiles")
                XCTAssertFalse(collision.touchesSpikes(koalaBox: box), "feet \(feet) + (\(dx), \(dy)) on \(tile) px tiles")
                var added = start
                if dx != 0 { added.x += dx }
                if dy != 0 { added.y += dy }
                XCTAssertEqual(box.x.bitPattern, added.x.bitPattern)
                XCTAssertEqual(box.y.bitPattern, added.y.bitPattern)
            }
            if tile == 12 {
                XCTAssertEqual(open, 0, "other tile sizes take the tile-by-tile way")
            } else {
                XCTAssertGreaterThan(open, cases / 20, "\(tile) px tiles: the cells find open air")
            }
        }
    }

    /// Spot check on a drawn map: in mid-air the cells are open; beside a wall, over a floor
    /// about to be landed on, or next to a spike they are not.
    func testOpenAirOnADrawnMap() {
        let map = makeMap(["..........",
                           "..........",
                           "..........",
                           "..........",
                           "......#...",
                           "..........",
                           "^.........",
                           "##########"])
        let collision = map.collision
        XCTAssertTrue(collision.isOpen(around: Player(feet: Vec2(40, 48)).box, dx: 2, dy: 1), "in the air")
        XCTAssertFalse(collision.isOpen(around: Player(feet: Vec2(40, 112)).box, dx: 1, dy: Tuning.gravityPerTick2), "on the floor")
        XCTAssertFalse(collision.isOpen(around: Player(feet: Vec2(90, 80)).box, dx: 3, dy: 0), "beside the wall block")
        XCTAssertFalse(collision.isOpen(around: Player(feet: Vec2(20, 110)).box, dx: -1, dy: 0), "by the spike")
    }
}
