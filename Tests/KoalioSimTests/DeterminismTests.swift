import XCTest
import KoalioTestSupport
import KoalioCore
@testable import KoalioSim
import KoalioLevel

final class DeterminismTests: XCTestCase {
    /// A pseudo-random but fixed command list (an LCG: no global random state).
    func commands(count: Int, seed: UInt64) -> [Command] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let bits = state >> 33
            return Command(moveX: Double(Int(bits % 21) - 10) / 10, jump: bits & 0x100 != 0, dash: bits & 0x200 != 0)
        }
    }

    func testSameCommandsGiveIdenticalRuns() throws {
        let map = try Repository.level1Stage()
        let list = commands(count: 5000, seed: 42)
        func run() -> [World] {
            var w = World(stage: map)
            return list.map { w.step($0, in: map); return w }
        }
        let first = run(), second = run()
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.last?.hashValue, second.last?.hashValue)
        XCTAssertNotEqual(first[10], first[200], "the run actually moved")
    }

    func testCameraStaysInsideTheMap() throws {
        let map = try Repository.level1Stage()
        for x in stride(from: 0.0, through: map.pixelWidth, by: 50) {
            var player = Player(feet: Vec2(x, 100))
            player.position.y = 300
            let origin = Camera.origin(following: player, in: map)
            XCTAssertGreaterThanOrEqual(origin.x, 0)
            XCTAssertLessThanOrEqual(origin.x + Double(LogicalView.width), map.pixelWidth)
            XCTAssertEqual(origin.y, 0, "the map is exactly as tall as the view")
        }
    }
}
