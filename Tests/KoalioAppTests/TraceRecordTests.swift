import Foundation
import XCTest
import KoalioTestSupport
import KoalioCore
@testable import KoalioApp
import KoalioSim

final class TraceRecordTests: XCTestCase {
    func testLineIsJSONWithEveryDocumentedField() throws {
        var session = Session(map: try Repository.level1Map())
        for _ in 0..<30 { session.advance(Command(moveX: 1, dash: true)) }
        let line = TraceRecord(session: session, hudVisible: true, controllers: 1, activeController: "Pad \"1\"\n",
                               renderer: "software").jsonLine
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["tick", "x", "y", "vx", "vy", "onGround", "dashing", "state", "hudVisible",
                                          "controllers", "activeController", "renderer", "screen", "level", "sounds", "players", "koalas"])
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
}
