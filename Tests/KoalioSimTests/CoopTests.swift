import XCTest
import KoalioCore
@testable import KoalioSim

/// Players 2–4 in the world: joining beside player 1, walking on their own, dying and coming
/// back, being brought along, and how a run is won and lost together.
final class CoopTests: XCTestCase {
    /// 120 tiles of floor with a spike pit at columns 30–31 and a goal at column 110.
    let map: Stage = {
        var floor = Array(repeating: Character("#"), count: 120)
        floor[30] = "^"
        floor[31] = "^"
        var above = Array(repeating: Character("."), count: 120)
        above[30] = "^"
        above[31] = "^"
        return makeMap([String](repeating: String(repeating: ".", count: 120), count: 18) + [String(above), String(floor)],
                       spawn: Vec2(100, 18 * 16), goal: Rect(x: 110 * 16, y: 16 * 16, width: 16, height: 32))
    }()

    func partner(_ player: Int, _ command: Command = .idle) -> PartnerCommand { PartnerCommand(player: player, command: command) }

    /// A world stood on the floor for a while, with these partners in play.
    func settled(partners: [Int]) -> World {
        var world = World(stage: map)
        for _ in 0..<10 { world.step(.idle, partners: partners.map { partner($0) }, in: map) }
        return world
    }

    func testAPartnerJoinsBesidePlayerOneAndLeavesWhenNoLongerGiven() {
        var world = World(stage: map)
        world.step(.idle, in: map)
        XCTAssertEqual(world.koalas.map(\.number), [1])
        world.step(.idle, partners: [partner(3), partner(2)], in: map)
        XCTAssertEqual(world.koalas.map(\.number), [1, 2, 3], "in player order")
        let one = world.koalas[0].body.position, two = world.koalas[1].body.position, three = world.koalas[2].body.position
        XCTAssertEqual(three.x, one.x - Tuning.besideOffsetPoints, accuracy: 0.001, "the first seated goes behind player 1 (who faces right)")
        XCTAssertEqual(two.x, one.x + Tuning.besideOffsetPoints, accuracy: 0.001, "the next in front: no koala on top of another")
        XCTAssertEqual(two.y, one.y, accuracy: 2)
        XCTAssertEqual(world.koala(of: 2)?.joinedAtTick, 2)
        world.step(.idle, partners: [partner(3)], in: map)
        XCTAssertEqual(world.koalas.map(\.number), [1, 3], "player 2 left")
        XCTAssertNil(world.koala(of: 2))
    }

    func testKoalasWalkOnTheirOwnAndPassThroughEachOther() {
        var world = settled(partners: [2])
        let start = world.koalas.map(\.body.position.x)
        for _ in 0..<60 { world.step(Command(moveX: -1), partners: [partner(2, Command(moveX: 1))], in: map) }
        XCTAssertLessThan(world.koalas[0].body.position.x, start[0] - 40, "player 1 walked left")
        XCTAssertGreaterThan(world.koalas[1].body.position.x, start[1] + 40, "player 2 walked right, through player 1")
        XCTAssertGreaterThan(world.koalas[1].body.position.x, world.koalas[0].body.position.x)
    }

    func testADeadKoalaComesBackBesideATeammateAfterTwoSeconds() {
        var world = settled(partners: [2])
        var ticks = 0
        while world.koala(of: 2)?.isAlive == true && ticks < 600 {  // player 2 walks into the spikes
            let events = world.step(.idle, partners: [partner(2, Command(moveX: 1))], in: map)
            ticks += 1
            if world.koala(of: 2)?.isAlive == false { XCTAssertTrue(events.contains(.koalaLost)) }
        }
        XCTAssertEqual(world.koala(of: 2)?.isAlive, false)
        XCTAssertEqual(world.state, .playing, "a teammate lives: the run goes on")
        for _ in 0..<(Tuning.respawnTicks - 1) { world.step(.idle, partners: [partner(2)], in: map) }
        XCTAssertEqual(world.koala(of: 2)?.isAlive, false, "still waiting one tick before the two seconds")
        world.step(.idle, partners: [partner(2)], in: map)
        let back = try! XCTUnwrap(world.koala(of: 2))
        XCTAssertTrue(back.isAlive)
        XCTAssertEqual(abs(back.body.position.x - world.player.position.x), Tuning.besideOffsetPoints, accuracy: 0.001)
    }

    func testTheRunIsLostOnlyWhenEveryKoalaIsDeadAtOnce() {
        var world = settled(partners: [2])
        var ticks = 0
        while world.state == .playing && ticks < 600 {  // both walk into the spikes together
            world.step(Command(moveX: 1), partners: [partner(2, Command(moveX: 1))], in: map)
            ticks += 1
            if world.koalas.contains(where: { !$0.isAlive }) && world.state == .playing {
                XCTAssertTrue(world.koalas.contains(where: \.isAlive), "one is dead, the other is not: still playing")
            }
        }
        XCTAssertEqual(world.state, .died)
        XCTAssertTrue(world.koalas.allSatisfy { !$0.isAlive })
    }

    func testOneKoalaAtTheGoalWinsForEveryone() {
        var world = settled(partners: [2])
        world.koalas[1].body.position = Vec2(110 * 16 - 10, 18 * 16)  // player 2 just before the goal
        var ticks = 0
        while world.state == .playing && ticks < 120 {
            world.step(.idle, partners: [partner(2, Command(moveX: 1))], in: map)
            ticks += 1
        }
        XCTAssertEqual(world.state, .won)
        XCTAssertEqual(world.winner, 2)
    }

    func testAKoalaLeftBehindOffScreenIsBroughtToTheLeaderAfterOneSecond() {
        var world = settled(partners: [2])
        world.koalas[0].body.position.x = 90 * 16  // player 1 far ahead, nearer the goal
        world.step(.idle, partners: [partner(2)], in: map)
        XCTAssertEqual(world.koala(of: 2)?.offscreenTicks, 1, "out of the view that keeps the leader in it")
        let view = Camera.origin(framing: world, in: map)
        XCTAssertTrue(world.player.box.intersects(Rect(x: view.x, y: view.y, width: 568, height: 320)), "the leader is in view")
        for _ in 0..<(Tuning.catchUpTicks - 2) { world.step(.idle, partners: [partner(2)], in: map) }
        XCTAssertEqual(world.koala(of: 2)?.offscreenTicks, Tuning.catchUpTicks - 1)
        XCTAssertLessThan(world.koala(of: 2)?.body.position.x ?? 0, 40 * 16, "still behind")
        world.step(.idle, partners: [partner(2)], in: map)
        XCTAssertEqual(abs((world.koala(of: 2)?.body.position.x ?? 0) - world.player.position.x), Tuning.besideOffsetPoints, accuracy: 0.001,
                       "beside the leader after one second")
        XCTAssertEqual(world.koala(of: 2)?.offscreenTicks, 0)
    }

    func testTheCameraFramesTheGroupAndFollowsOneKoalaAsBefore() {
        var world = settled(partners: [])
        XCTAssertEqual(Camera.origin(framing: world, in: map), Camera.origin(following: world.player, in: map), "alone: as before")
        world = settled(partners: [2])
        world.koalas[0].body.position.x = 40 * 16
        world.koalas[1].body.position.x = 55 * 16
        let origin = Camera.origin(framing: world, in: map)
        XCTAssertEqual(origin.x + 284, (40 * 16 + 55 * 16) / 2, accuracy: 0.001, "centred on the group")
        for koala in world.koalas {
            XCTAssertTrue(Rect(x: origin.x, y: origin.y, width: 568, height: 320).contains(koala.body.position), "both in view")
        }
    }

    /// The catch-up's shortcut (every koala surely in view, found without the leader or the view)
    /// never says so of a koala the camera's view leaves out, on maps taller, shorter, wider and
    /// narrower than the view; and it says so for most groups that stay together.
    func testTheInViewShortcutAgreesWithTheCamera() {
        var random = CollisionShortcutTests.Random(state: 7)
        var sure = 0, together = 0
        for (columns, rows) in [(120, 20), (120, 40), (30, 12), (200, 20), (20, 40)] {
            let map = makeMap([String](repeating: String(repeating: ".", count: columns), count: rows - 1) + [String(repeating: "#", count: columns)],
                              goal: Rect(x: Double(columns - 2) * 16, y: 0, width: 16, height: 16))
            for _ in 0..<5000 {
                var world = World(stage: map)
                let spread = random.below(3) == 0 ? 2000.0 : 300.0
                let anchor = Vec2(random.unit() * map.pixelWidth, random.unit() * (map.pixelHeight + 100) - 50)
                world.koalas = (1...(2 + random.below(3))).map { number in
                    var koala = Koala(number: number, body: Player(feet: Vec2(anchor.x + (random.unit() - 0.5) * spread,
                                                                              anchor.y + (random.unit() - 0.5) * spread / 4)))
                    if random.below(8) == 0 { koala.respawnTicksLeft = 1 + random.below(Tuning.respawnTicks) }
                    return koala
                }
                if spread < 1000 { together += 1 }
                guard world.isSurelyInView(in: map) else { continue }
                sure += 1
                let origin = Camera.origin(framing: world, in: map)
                let view = Rect(x: origin.x, y: origin.y, width: Double(LogicalView.width), height: Double(LogicalView.height))
                for koala in world.koalas where koala.isAlive {
                    XCTAssertTrue(koala.body.box.intersects(view), "koala \(koala.number) at \(koala.body.position) on a \(columns)×\(rows) map")
                }
            }
        }
        XCTAssertGreaterThan(sure, together / 3, "the shortcut is taken for groups that stay together")
    }

    func testAJoinAfterARestartStartsBesideTheSpawn() {
        var world = World(stage: map)
        world.step(.idle, partners: [partner(4)], in: map)
        XCTAssertEqual(world.koalas.map(\.number), [1, 4])
        XCTAssertEqual(world.koala(of: 4)?.body.facingLeft, false)
        XCTAssertNotEqual(world.koala(of: 4)?.body.position, world.player.position, "beside, not on top, where there is room")
    }
}
