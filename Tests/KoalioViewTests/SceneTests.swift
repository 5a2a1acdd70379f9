import XCTest
import KoalioLevel
import KoalioLevelFile
import KoalioTestSupport
import KoalioCore
import KoalioText
@testable import KoalioView
@testable import KoalioSim

final class SceneTests: XCTestCase {
    func dimLayers(_ list: DrawList) -> [DrawItem] {
        list.items.filter {
            if case let .fill(rect, color) = $0 {
                return rect == Rect(x: 0, y: 0, width: 568, height: 320) && color.a == Scene.dimAlpha
            }
            return false
        }
    }

    func testPauseAndEndScreensDimTheWholeViewOverTheScene() throws {
        var session = Session(stage: try Repository.level1Stage())
        XCTAssertTrue(dimLayers(try drawList(session)).isEmpty)
        session.togglePause()
        let paused = try drawList(session)
        XCTAssertEqual(dimLayers(paused).count, 1)
        let dimIndex = try XCTUnwrap(paused.items.firstIndex { dimLayers(DrawList(items: [$0])).count == 1 })
        XCTAssertTrue(paused.items[..<dimIndex].contains { if case .sprite(.koala, _, _, _, _) = $0 { return true }; return false },
                      "the scene is drawn beneath the dim layer")
        XCTAssertGreaterThan(paused.items.count - dimIndex, 5, "text is drawn over it")
    }

    /// The top bar (level and time) and the pad lines never share a row: with the longest pad
    /// name SDL knows, every glyph the pad lines add lies below the top bar's line.
    func testPadLinesKeepOffTheTopBar() throws {
        var session = Session(stage: try Repository.level1Stage())
        let longest = "PowerA Enhanced Wireless Controller for Nintendo Switch"
        func addedGlyphs(_ base: DrawList, _ with: DrawList) -> [Rect] {
            with.items.dropFirst(0).compactMap { item -> Rect? in
                guard case let .sprite(.font, _, destination, _, _) = item else { return nil }
                return destination
            }.filter { rect in !base.items.contains { if case let .sprite(.font, _, other, _, _) = $0 { return other == rect }; return false } }
        }
        let topBarBottom = Scene.statusY + Double(Art.glyphHeight) + 2  // glyph and shadow
        let playing = addedGlyphs(try drawList(session), try drawList(session, overlay: Scene.Overlay(lowBatteryPad: longest)))
        XCTAssertFalse(playing.isEmpty)
        XCTAssertTrue(playing.allSatisfy { $0.y >= topBarBottom }, "the low-battery line is under the top bar")
        XCTAssertTrue(playing.allSatisfy { $0.x >= 0 && $0.x + $0.width <= 568 }, "and fits the view")
        session.togglePause()
        var overlay = Scene.Overlay()
        overlay.padBattery = .verbatim(longest + ": battery unknown")
        let paused = addedGlyphs(try drawList(session), try drawList(session, overlay: overlay))
        XCTAssertFalse(paused.isEmpty)
        XCTAssertTrue(paused.allSatisfy { $0.y >= topBarBottom }, "the pause screen's pad line is not on the top bar")
        XCTAssertTrue(paused.allSatisfy { $0.x >= 0 && $0.x + $0.width <= 568 })
    }

    /// The host gone while the game was paused: the online game's end screen stands in for the
    /// pause screen, not over it ("The host is gone" once drawn across "Paused").
    func testAnOnlineEndScreenReplacesThePauseScreen() throws {
        var session = Session(stage: try Repository.level1Stage())
        session.togglePause()
        var overlay = Scene.Overlay()
        overlay.onlineLines = [.verbatim("The host is gone: the online game is over")]
        overlay.onlineDims = true
        let list = try drawList(session, overlay: overlay)
        XCTAssertEqual(dimLayers(list).count, 1, "one dim layer, one screen")
        let titleHeight = Double(Art.glyphHeight * Scene.stateTitleScale)
        XCTAssertFalse(list.items.contains { if case let .sprite(.font, _, rect, _, _) = $0 { rect.height == titleHeight } else { false } },
                       "no \"Paused\" under the online lines")
        XCTAssertEqual(dimLayers(try drawList(session)).count, 1, "paused alone: its own screen")
    }

    func testNoticeAndLowBatteryAreDrawnOverThePlayingScene() throws {
        var session = Session(stage: try Repository.level1Stage())
        let plain = try drawList(session)
        let warned = try drawList(session, overlay: Scene.Overlay(notice: .verbatim("Pad connected"), lowBatteryPad: "Pad"))
        let warningGlyphs = warned.items.filter { if case .sprite(.font, _, _, _, Scene.warningColor) = $0 { return true }; return false }
        XCTAssertEqual(warningGlyphs.count, "Pad: battery low".filter { $0 != " " }.count, "the warning, in the warning colour")
        XCTAssertEqual(warned.items.count - plain.items.count, 2 * ("Pad connected" + "Pad: battery low").filter { $0 != " " }.count,
                       "notice and warning, each glyph with its shadow")
        session.togglePause()
        var pausedOverlay = Scene.Overlay(lowBatteryPad: "Pad")
        pausedOverlay.padBattery = .verbatim("Pad: battery low")
        let paused = try drawList(session, overlay: pausedOverlay)
        let dim = try XCTUnwrap(paused.items.firstIndex { !dimLayers(DrawList(items: [$0])).isEmpty })
        XCTAssertTrue(paused.items[dim...].contains { if case .sprite(.font, _, _, _, Scene.warningColor) = $0 { return true }; return false },
                      "the pause screen names the pad with the low battery, above the dim layer")
    }

    func testPitsAreShadedOnlyWhereThereIsNoFloor() throws {
        let list = try drawList(Session(stage: try Repository.level1Stage()))  // the view shows the first pit, columns 34–36
        let shades = list.items.compactMap { item -> Rect? in
            if case let .fill(rect, color) = item, Scene.pitShade.contains(color) { return rect }
            return nil
        }
        XCTAssertEqual(shades.count, Scene.pitShadeRows, "one run, one rectangle per shaded row")
        XCTAssertEqual(shades.first, Rect(x: 34 * 16, y: 17 * 16, width: 2 * 16, height: 16), "the pit's columns in view, 34 and 35")
    }

    /// At the start the camera shows columns 0…35 of level 1's 132: only their tiles are drawn,
    /// each inside the view, and far fewer than the map holds.
    func testOnlyVisibleTilesAreDrawn() throws {
        let file = try Repository.file(named: "level1"), map = file.map
        let list = try drawList(Session(stage: file.stage))
        let destinations = list.items.compactMap { item -> Rect? in
            if case let .sprite(.file, _, destination, _, _) = item { return destination }
            return nil
        }
        func tiles(columns: Range<Int>) -> Int {
            map.layers.compactMap { if case let .tiles(layer) = $0.content { layer } else { nil } }.reduce(0) { sum, layer in
                sum + (0..<map.height).reduce(0) { rowSum, row in rowSum + columns.filter { layer.gid(column: $0, row: row) != 0 }.count }
            }
        }
        let view = Rect(x: 0, y: 0, width: Double(LogicalView.width), height: Double(LogicalView.height))
        XCTAssertTrue(destinations.allSatisfy { $0.intersects(view) }, "every tile drawn is in view")
        XCTAssertEqual(destinations.count, tiles(columns: 0..<36), "every tile of the visible columns, and only those")
        XCTAssertLessThan(destinations.count * 3, tiles(columns: 0..<map.width), "a small part of the map's tiles")
    }

    /// The ghost is its own pale sprite (the ghost rows of koala.png: a sheet, no legs), see
    /// through, over its outline, drawn before the player's koala.
    func testTheGhostIsATranslucentSheetDrawnBeforeThePlayers() throws {
        let session = Session(stage: try Repository.level1Stage())
        var ghost = session.world.player
        ghost.position.x += 100
        var overlay = Scene.Overlay()
        overlay.ghost = ghost
        let items = try drawList(session, overlay: overlay).items
        let cell = Art.koalaCellHeight
        let koalas = items.compactMap { item -> (Rect, Color)? in
            if case let .sprite(.koala, source, destination, _, tint) = item, source.y == 0 || source.y == 2 * cell { return (destination, tint) }
            return nil
        }
        let outlines = items.compactMap { item -> (Rect, Color)? in
            if case let .sprite(.koala, source, destination, _, tint) = item, source.y == cell || source.y == 3 * cell { return (destination, tint) }
            return nil
        }
        let ghostSprites = items.filter { if case let .sprite(.koala, source, _, _, _) = $0 { source.y >= 2 * cell } else { false } }
        XCTAssertEqual(ghostSprites.count, 2, "the ghost's own sprite and its outline, not the koala's")
        XCTAssertEqual(koalas.count, 2)
        XCTAssertEqual(outlines.map(\.0), koalas.map(\.0), "each over its outline")
        XCTAssertEqual(outlines.map(\.1), [Scene.ghostOutline(.meadow), Scene.koalaOutline])
        XCTAssertEqual(koalas.first?.1, Scene.ghostTint, "the ghost first, so the player's koala is on top")
        XCTAssertLessThan(Scene.ghostTint.a, 255)
        XCTAssertEqual(koalas.last?.1, .white)
        XCTAssertEqual((koalas.first?.0.x ?? 0) - (koalas.last?.0.x ?? 0), 100)
        XCTAssertEqual(try drawList(session).items.filter { if case .sprite(.koala, _, _, _, _) = $0 { return true }; return false }.count, 2,
                       "without a ghost: the koala and its outline")
    }

    /// Alone the koala is drawn as it always was; in co-op each koala takes its player's tint
    /// and number, a dead one is gone until it comes back, and the camera frames them all.
    func testCoopKoalasAreTintedAndNumberedInTheirPlayersColours() throws {
        let map = try Repository.level1Stage()
        func koalaTints(_ list: DrawList) -> [Color] {
            list.items.compactMap { if case let .sprite(.koala, source, _, _, tint) = $0, source.y == 0 { return tint }; return nil }
        }
        var session = Session(stage: map)
        session.step(Command(), MenuActions())
        XCTAssertEqual(koalaTints(try drawList(session)), [.white], "one player: untinted")
        let partners = (2...4).map { PartnerCommand(player: $0, command: .idle) }
        session.step(Command(), partners: partners, MenuActions())
        let four = try drawList(session)
        XCTAssertEqual(Set(koalaTints(four)), Set((1...4).map(PlayerColors.koalaTint)), "each in its player's colour")
        XCTAssertEqual(koalaTints(four).last, PlayerColors.koalaTint(1), "player 1's drawn last, on top")
        for number in 1...4 {
            XCTAssertTrue(four.items.contains { if case .sprite(.font, _, _, _, PlayerColors.koalaTint(number)) = $0 { return true }; return false },
                          "player \(number)'s number above the koala")
        }
        session.world.koalas[2].respawnTicksLeft = 30
        XCTAssertEqual(koalaTints(try drawList(session)).count, 3, "a dead koala is not drawn while it waits")
    }

    func testEachThemeHasItsBackdropAndPlatformsAreDrawn() throws {
        let file = try LevelFile.load(Repository.path("Levels/level2.tmx")), level2 = file.map
        let list = try drawList(Session(stage: file.stage))
        let textures = Set(list.items.compactMap { item -> TextureID? in
            if case let .sprite(id, _, _, _, _) = item { return id }
            return nil
        })
        XCTAssertTrue(textures.contains(.resource("sky-dusk.png")) && textures.contains(.resource("hills-dusk.png")))
        XCTAssertFalse(textures.contains(.sky), "not the meadow's")
        XCTAssertEqual(list.clearColor, Art.backdrops(.dusk).clear)
        let boards = list.items.filter { item in
            if case let .sprite(.file(path), source, _, _, _) = item { return path.hasSuffix("tiles.png") && source == level2.tilesets[0].sourceRect(for: 17) }
            return false
        }
        XCTAssertGreaterThan(boards.count, 3, "the branches in view are drawn")
        XCTAssertEqual(Set(Art.textures(for: level2)).count, 3, "two backdrops and the tileset")
    }

    func testAMenuRowFitsALevelNameAndItsBestTimeApart() {
        // The level select's widest row: a two-digit level and a time of ten minutes or more.
        let label = Lettering.width("Level 10", scale: 2), detail = Lettering.width("best 10:00.0", scale: 2)
        XCTAssertLessThanOrEqual(10 + label + Double(Art.glyphWidth * 2) + detail + 10, MenuLayout.entryWidth,
                                 "a space's width between them at least")
        XCTAssertLessThanOrEqual(MenuLayout.entryWidth, Scene.viewWidth - 40)
    }
}

/// What a level is called: the shipped levels' titles are the table's (so every catalogue
/// translates them), drawn on the status line in place of the file name and over "You Won!".
final class LevelTitleSceneTests: XCTestCase {
    func glyphs(_ list: DrawList) -> [Rect] {
        list.items.compactMap { if case let .sprite(.font, _, destination, _, _) = $0 { destination } else { nil } }
    }

    func testEveryShippedLevelIsCalledByATitleTheCataloguesTranslate() throws {
        let titles = try (1...6).map { try Repository.file(named: "level\($0)").map.title }
        XCTAssertEqual(titles, Message.levelTitles.map(\.entry.english))
        XCTAssertEqual(Text.levelTitle("The meadow", name: "level1"), .message(.levelMeadow))
        XCTAssertEqual(Text.levelTitle("Up high", name: "classic/first"), .verbatim("Up high"), "a pack's title as its author wrote it")
        XCTAssertEqual(Text.levelTitle(nil, name: "classic/first"), .verbatim("classic/first"), "no title: the file name")
    }

    func testTheTitleIsOnTheStatusLineAndOverTheWin() throws {
        let file = try Repository.file(named: "level1")
        var session = Session(stage: file.stage)
        var overlay = Scene.Overlay()
        overlay.levelTitle = .levelTitle(file.map.title, name: file.map.name)
        var status = DrawList()
        Lettering.draw("The meadow  0:00.0", x: Scene.margin, y: Scene.statusY, into: &status)
        let playing = glyphs(Scene.drawList(session, on: file.map, overlay: overlay))
        XCTAssertTrue(glyphs(status).allSatisfy(playing.contains), "the status line names the level by its title")
        let heading = Scene.viewHeight / 2 - Scene.stateTitleAbove
        XCTAssertFalse(playing.contains { $0.maxY <= heading && $0.minY > Scene.statusY + 20 }, "no title over the level while playing")
        session.world.state = .won
        let won = glyphs(Scene.drawList(session, on: file.map, overlay: overlay))
        let over = won.filter { $0.maxY <= heading && $0.minY > Scene.statusY + 20 }
        XCTAssertEqual(over.count, 2 * "The meadow".filter { $0 != " " }.count, "You Won! says what was won, above it (glyphs and shadows)")
        let centre = ((over.map(\.minX).min() ?? 0) + (over.map(\.maxX).max() ?? 0)) / 2
        XCTAssertEqual(centre, Scene.viewWidth / 2, accuracy: Double(Art.glyphWidth), "centred")
    }
}

/// The scene of `session` on its shipped level's map (the level named as its stage is).
private func drawList(_ session: Session, overlay: Scene.Overlay = Scene.Overlay()) throws -> DrawList {
    Scene.drawList(session, on: try Repository.file(named: session.stage.name).map, overlay: overlay)
}

/// The speedrun timer in the top bar: `m:ss.mmm` of the run's in-game time, glyph for glyph
/// where the level's own clock would be, and a split's delta under it in its colour.
final class SpeedrunTimerSceneTests: XCTestCase {
    func glyphs(_ list: DrawList) -> [DrawItem] {
        list.items.filter { if case .sprite(.font, _, _, _, _) = $0 { true } else { false } }
    }

    func testTheTimerReadsTheRunsInGameTime() throws {
        let file = try Repository.file(named: "level1")
        let session = Session(stage: file.stage)
        var overlay = Scene.Overlay()
        overlay.timerTicks = 6505
        let drawn = glyphs(Scene.drawList(session, on: file.map, overlay: overlay))
        var expected = DrawList()
        Lettering.draw("level1  1:48.416", x: Scene.margin, y: Scene.statusY, into: &expected)
        for glyph in glyphs(expected) { XCTAssertTrue(drawn.contains(glyph), "the timer's glyph \(glyph)") }
        var plain = DrawList()
        Lettering.draw("level1  0:00.0", x: Scene.margin, y: Scene.statusY, into: &plain)
        XCTAssertTrue(glyphs(Scene.drawList(session, on: file.map)).starts(with: glyphs(plain).prefix(6)), "without it, the level's clock")
        overlay.splitDelta = ("-0.500", true, true)
        let split = Scene.drawList(session, on: file.map, overlay: overlay)
        XCTAssertTrue(split.items.contains { if case let .sprite(.font, _, destination, _, tint) = $0 { destination.y >= Scene.padLineY && tint == Scene.goldColor } else { false } },
                      "a gold delta under the timer")
    }
}
