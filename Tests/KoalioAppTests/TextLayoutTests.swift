import CSDL2
@testable import KoalioApp
@testable import KoalioFlow
import KoalioCore
import KoalioInput
import KoalioSim
import KoalioTestSupport
import KoalioText
import KoalioView
import KoalioSDL
import XCTest
import KoalioUI

/// No line of text is drawn over another, or off the view, on any screen, with the longest
/// pad name SDL knows. Checked in the logical view (`--scale 1` shows it pixel for pixel; other
/// scales enlarge it whole).
final class TextLayoutTests: XCTestCase {
    /// The longest controller name in SDL's own mapping database.
    static func longestPadName() throws -> String {
        TestEnvironment.isolate()
        XCTAssertEqual(SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER), 0)
        defer { SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER) }
        let names = (0..<SDL_GameControllerNumMappings()).compactMap { index -> String? in
            guard let mapping = SDL_GameControllerMappingForIndex(index) else { return nil }
            defer { SDL_free(mapping) }
            let fields = String(cString: mapping).split(separator: ",", maxSplits: 2)
            return fields.count > 1 ? String(fields[1]) : nil
        }
        XCTAssertGreaterThan(names.count, 100, "SDL's database")
        return try XCTUnwrap(names.max { $0.count < $1.count })
    }

    /// The main pass of every glyph of text (not its shadow) in a draw list.
    static func glyphs(_ list: DrawList) -> [Rect] {
        list.items.compactMap { item in
            let shadow = Lettering.shadowColor
            guard case let .sprite(.font, _, destination, _, tint) = item, !(tint.r == shadow.r && tint.g == shadow.g && tint.b == shadow.b) else {
                return nil
            }
            return destination
        }
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    func check(_ list: DrawList, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let glyphs = Self.glyphs(list)
        XCTAssertFalse(glyphs.isEmpty, what, file: file, line: line)
        for glyph in glyphs {
            XCTAssertTrue(glyph.x >= 0 && glyph.x + glyph.width <= Scene.viewWidth && glyph.y >= 0 && glyph.y + glyph.height <= Scene.viewHeight,
                          "\(what): a glyph off the view at \(glyph)", file: file, line: line)
        }
        for (index, a) in glyphs.enumerated() {
            if let b = glyphs[(index + 1)...].first(where: { Self.overlaps(a, $0) }) {
                return XCTFail("\(what): text over text at \(a) and \(b)", file: file, line: line)
            }
        }
    }

    func testNoTextOverlapsOnAnyScreenWithTheLongestPadName() throws {
        let name = try Self.longestPadName()
        let file = try Repository.file(named: "level1"), map = file.map
        var playing = Session(stage: file.stage)
        for _ in 0..<30 { playing.step(TickInput(source: 0, snapshot: .neutral)) }
        var paused = playing
        paused.togglePause()
        var died = Session(stage: file.stage)
        while died.state == .playing && died.world.tick < 3000 {  // into the first pit
            died.step(TickInput(source: 0, snapshot: Repository.level1IntoThePitPad(tick: died.world.tick)))
        }

        let pad = Controller(id: .pad(1), vendorName: name, productCategory: .dualSense, hasLight: true, hasRumble: true)
        let prompts = Prompts(controller: pad, bindings: Bindings(), keyNames: KeyNames.table)
        let joinPrompt = ControllerPresence.joinPrompt(pad, bindings: Bindings(), keyNames: KeyNames.table)
        var overlay = Scene.Overlay(notice: .message(.padDisconnected, [.verbatim(name)]), lowBatteryPad: name)
        overlay.joinPrompts = [joinPrompt, joinPrompt, joinPrompt]
        check(Scene.drawList(playing, on: map, overlay: overlay), "playing, a notice, a low battery and three join prompts")

        var replay = Scene.Overlay(notice: .message(.padConnected, [.verbatim(name)]), lowBatteryPad: name)
        replay.badge = .message(.replayBadge)
        check(Scene.drawList(playing, on: map, overlay: replay), "a replay with a notice and a low battery")
        replay.playbackPaused = true
        replay.pausePrompt = prompts.paused(canLeave: false)
        replay.padBattery = .message(.padBattery, [.verbatim(name), .message(.batteryLowShort)])
        check(Scene.drawList(playing, on: map, overlay: replay), "a replay's playback paused")

        overlay.joinPrompts = []
        overlay.joinHints = Array(repeating: ControllerPresence.joinHint(pad, bindings: Bindings(), keyNames: KeyNames.table), count: 3)
        check(Scene.drawList(playing, on: map, overlay: overlay), "playing, three join hints in the corner")

        overlay.padBattery = .message(.padBattery, [.verbatim(name), .message(.batteryUnknown)])
        overlay.pausePrompt = prompts.paused(canLeave: true)
        overlay.padsAway = ControllerPresence.padsAwayLine([2, 3, 4])
        XCTAssertEqual(overlay.padsAway?.english, "Players 2, 3 and 4: pads gone: plug them back in, or A on free pads")
        let entries: [FlowState.PauseEntry] = [.resume, .settings, .levels, .leave(player: 2), .leave(player: 3), .leave(player: 4), .quit]
        overlay.pauseMenu = MenuPage(heading: .message(.paused), entries: entries.map { MenuPage.Entry($0.title) },
                                     hint: Prompt([]), compact: true)
        check(Scene.drawList(paused, on: map, overlay: overlay), "paused with four players, three of them away")

        overlay.diedPrompt = prompts.died(inGame: true)
        overlay.playerTimes = (1...4).map { .joined([.message(.playerTime, [.number($0), .verbatim("1:23.4")]), .message(.reachedTheFlag)], separator: "  ") }
        check(Scene.drawList(died, on: map, overlay: overlay), "the end screen with four players' times")
    }
}
