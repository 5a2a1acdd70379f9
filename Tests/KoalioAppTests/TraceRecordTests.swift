import Foundation
import XCTest
import KoalioTestSupport
import KoalioCore
@testable import KoalioApp
@testable import KoalioFlow
@testable import KoalioSim

final class TraceRecordTests: XCTestCase {
    func testLineIsJSONWithEveryDocumentedField() throws {
        var session = Session(stage: try Repository.level1Stage())
        for _ in 0..<30 { session.advance(Command(moveX: 1, dash: true)) }
        let line = TraceRecord(session: session, hudVisible: true, controllers: 1, activeController: "Pad \"1\"\n",
                               renderer: "software").jsonLine
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["tick", "x", "y", "vx", "vy", "onGround", "dashing", "state", "hudVisible",
                                          "controllers", "activeController", "renderer", "screen", "level", "sounds", "players", "koalas",
                                          "checkpoint", "leaves", "critters", "assist", "pointerShown"])
        XCTAssertTrue(object["checkpoint"] is NSNull)
        XCTAssertTrue(object["assist"] is NSNull)
        XCTAssertEqual(object["leaves"] as? Int, 0)
        XCTAssertEqual(object["critters"] as? Int, 1, "level 1's critter")
        XCTAssertEqual(object["players"] as? Int, 1)
        let koalas = try XCTUnwrap(object["koalas"] as? [[String: Any]])
        XCTAssertEqual(koalas.count, 1)
        XCTAssertEqual(Set(koalas[0].keys), ["player", "x", "y", "state", "controller"])
        XCTAssertEqual(koalas[0]["controller"] as? String, "Pad \"1\"\n", "player 1's is the active controller")
        XCTAssertEqual(koalas[0]["state"] as? String, "alive")
        XCTAssertEqual(object["renderer"] as? String, "software")
        XCTAssertEqual(object["tick"] as? Int, 30)
        XCTAssertEqual(object["state"] as? String, "playing")
        XCTAssertEqual(object["dashing"] as? Bool, true)
        XCTAssertEqual(object["activeController"] as? String, "Pad \"1\"\n")
        XCTAssertEqual(try XCTUnwrap(object["x"] as? Double), session.world.player.position.x, accuracy: 0.001)
        XCTAssertEqual(try XCTUnwrap(object["vx"] as? Double), session.world.player.velocity.x * 60, accuracy: 0.001)
        XCTAssertGreaterThan(try XCTUnwrap(object["vx"] as? Double), 120, "pixels per second, dashing")
        XCTAssertEqual(TraceRecord.number(-0.0004), "0.000")

        session.step(Command(), partners: [PartnerCommand(player: 3, command: .idle)], MenuActions())
        var record = TraceRecord(session: session)
        record.koalas[1].controller = "Pro Controller"
        let coop = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(record.jsonLine.utf8)) as? [String: Any])
        XCTAssertEqual(coop["players"] as? Int, 2)
        let both = try XCTUnwrap(coop["koalas"] as? [[String: Any]])
        XCTAssertEqual(both.map { $0["player"] as? Int }, [1, 3], "in player order")
        XCTAssertEqual(both[1]["controller"] as? String, "Pro Controller")
        XCTAssertEqual(try XCTUnwrap(both[1]["x"] as? Double), session.world.koalas[1].body.position.x, accuracy: 0.001)
        XCTAssertEqual(TraceRecord.number(-12.3456), "-12.346")
    }

    func testTheLevelObjectsAndTheAssistAreTraced() throws {
        var map = try Repository.level1Stage()
        map.objects = LevelObjects(checkpoints: [Checkpoint(area: Rect(x: 0, y: 0, width: 16, height: 32))],
                                   leaves: [Rect(x: 0, y: 0, width: 8, height: 8), Rect(x: 30, y: 0, width: 8, height: 8)],
                                   critters: [Vec2(700, 288), Vec2(900, 288)])
        var session = Session(stage: map, assist: Assist(speedPercent: 60, invincible: true, infiniteDash: false))
        session.world.checkpoint = 0
        session.world.leavesTaken[1] = true
        session.world.critters[0].isAlive = false
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(TraceRecord(session: session).jsonLine.utf8)) as? [String: Any])
        XCTAssertEqual(object["checkpoint"] as? Int, 0)
        XCTAssertEqual(object["leaves"] as? Int, 1)
        XCTAssertEqual(object["critters"] as? Int, 1)
        let assist = try XCTUnwrap(object["assist"] as? [String: Any])
        XCTAssertEqual(assist["speed"] as? Int, 60)
        XCTAssertEqual(assist["invincible"] as? Bool, true)
        XCTAssertEqual(assist["infiniteDash"] as? Bool, false)
    }
}
