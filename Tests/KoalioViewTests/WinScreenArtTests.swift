import KoalioCore
import KoalioUI
@testable import KoalioSim
import KoalioTestSupport
import XCTest

@testable import KoalioView

/// A win worth having: the koala drops to the ground and cheers, the medal won is drawn.
final class WinScreenArtTests: XCTestCase {
    /// Won mid-jump, the koala falls (jump frame) to the ground under it, then hops in the
    /// cheer frame, never below the ground nor more than a hop above it.
    func testTheKoalaDropsToTheGroundAndCheers() throws {
        let stage = try Repository.level1Stage()
        var koala = Session(stage: stage).world.player
        let ground = koala.position.y
        koala.position.y -= 40
        let start = Cheer.pose(koala, on: stage, steps: 0)
        XCTAssertEqual(start.position.y, koala.position.y, "where it touched the flag")
        XCTAssertEqual(start.frame, Art.jumpFrame)
        let falling = Cheer.pose(koala, on: stage, steps: 8)
        XCTAssertGreaterThan(falling.position.y, koala.position.y, "dropping")
        let heights = (40...200).map { Cheer.pose(koala, on: stage, steps: $0) }
        XCTAssertTrue(heights.allSatisfy { $0.frame == Art.cheerFrame && $0.position.y <= ground && $0.position.y >= ground - Cheer.hopPixels })
        XCTAssertGreaterThan(Set(heights.map(\.position.y)).count, 5, "hopping, not standing still")
        XCTAssertEqual(heights.map(\.position.y).max() ?? 0, ground, accuracy: 0.5, "each hop lands on the ground")
    }

    /// A koala won on a ledge's edge (its centre past the edge, its box still on it) cheers on
    /// the ledge, not on the ground below it.
    func testAKoalaOnALedgesEdgeCheersOnTheLedge() throws {
        let stage = try Repository.level1Stage()
        let (row, column) = try XCTUnwrap((1..<stage.height).lazy.compactMap { row in
            (1..<(stage.width - 1)).first { column in
                stage.walls.gid(column: column, row: row) != 0 && stage.walls.gid(column: column + 1, row: row) == 0
                    && stage.walls.gid(column: column, row: row - 1) == 0 && (row + 1..<stage.height).contains { stage.walls.gid(column: column + 1, row: $0) != 0 }
            }.map { (row, $0) }
        }.first, "a ledge with lower ground beside it")
        var koala = Session(stage: stage).world.player
        let top = Double(row * stage.tileHeight)
        koala.position = Vec2(Double((column + 1) * stage.tileWidth) + 2, top)  // centre 2 px past the edge
        XCTAssertLessThan(koala.box.minX, Double((column + 1) * stage.tileWidth), "its box still over the ledge")
        let poses = (0...60).map { Cheer.pose(koala, on: stage, steps: $0).position.y }
        XCTAssertTrue(poses.allSatisfy { $0 <= top && $0 >= top - Cheer.hopPixels }, "on the ledge: \(poses.max() ?? 0) vs \(top)")
    }

    /// The scene draws the cheer frame once the level is won, the state's frame before.
    func testTheWonSceneDrawsTheCheer() throws {
        let file = try Repository.file(named: "level1")
        var session = Session(stage: file.stage)
        func frames() -> [Int] {
            Scene.drawList(session, on: file.map).items.compactMap {
                if case let .sprite(.koala, source, _, _, _) = $0, source.y == 0 { source.x / Art.koalaCellWidth } else { nil }
            }
        }
        XCTAssertFalse(frames().contains(Art.cheerFrame), "no cheer while playing")
        session.world.state = .won
        for _ in 0..<40 { session.advance(Command()) }
        XCTAssertEqual(frames(), [Art.cheerFrame])
    }

    /// The medal won sits before its line and, large, either side of "You Won!"; a run
    /// without a medal draws none.
    func testTheMedalWonIsDrawn() throws {
        let file = try Repository.file(named: "level1")
        var session = Session(stage: file.stage)
        session.world.state = .won
        var overlay = Scene.Overlay()
        overlay.resultLines = [Scene.Line(.verbatim("Time 0:09.3")), Scene.Line(.verbatim("Gold medal"), medal: .gold)]
        func medals(_ overlay: Scene.Overlay) -> [Rect] {
            Scene.drawList(session, on: file.map, overlay: overlay).items.compactMap {
                if case let .sprite(.objects, source, destination, _, _) = $0, source == Art.medal(.gold) { destination } else { nil }
            }
        }
        let drawn = medals(overlay)
        XCTAssertEqual(drawn.count, 3)
        XCTAssertEqual(drawn.filter { $0.width == Double(Art.medalSide * Scene.wonMedalScale) }.count, 2, "two large, beside the heading")
        overlay.resultLines.removeLast()
        XCTAssertEqual(medals(overlay), [])
        XCTAssertNotEqual(Art.medal(.gold), Art.medal(.silver))
    }
}

/// Prompts in one place: under the pause menu the hint line sits at the foot of the view, as
/// every menu's does, and a notice that explains the pause takes the line under "Paused".
final class PausePromptPlaceTests: XCTestCase {
    func testThePauseMenusLineIsAtTheFootAndANoticeUnderTheHeading() throws {
        let file = try Repository.file(named: "level1")
        var session = Session(stage: file.stage)
        session.togglePause()
        var overlay = Scene.Overlay()
        overlay.pausePrompt = Prompt([.text(.verbatim("HINT"))])
        overlay.notice = .verbatim("NOTICE")
        overlay.pauseMenu = MenuPage(heading: .message(.paused), entries: [MenuPage.Entry(.message(.resume))], hint: Prompt([]))
        func rows(_ overlay: Scene.Overlay) -> [Double] {
            Set(Scene.drawList(session, on: file.map, overlay: overlay).items.compactMap {
                if case let .sprite(.font, _, destination, _, tint) = $0, tint != Color(Lettering.shadowColor.r, Lettering.shadowColor.g, Lettering.shadowColor.b, tint.a) { destination.y } else { nil }
            }).sorted()
        }
        let withMenu = rows(overlay)
        XCTAssertTrue(withMenu.contains(MenuView.hintY), "the hint at the foot: \(withMenu)")
        let entryTop = MenuLayout.pauseEntryRects(count: 1)[0].y
        let heading = Scene.viewHeight / 2 - Scene.stateTitleAbove
        XCTAssertTrue(withMenu.contains { $0 > heading && $0 < entryTop }, "the notice between the heading and the entries")
        overlay.pauseMenu = nil  // a replay's pause screen has no menu: its line stays under the heading
        let withoutMenu = rows(overlay)
        XCTAssertFalse(withoutMenu.contains(MenuView.hintY))
        XCTAssertTrue(withoutMenu.contains(Scene.noticeY), "and the notice keeps the foot")
    }
}
