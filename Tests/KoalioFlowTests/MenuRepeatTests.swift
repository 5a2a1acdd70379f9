@testable import KoalioFlow
import KoalioCore
import KoalioFlowTestSupport
import KoalioInput
import XCTest

/// A held direction repeats in every menu, the same for keys, d-pads and sticks: once at the
/// press, again 0.4 s later, then about 8 times a second; the system's own key repeats do not
/// add to it.
final class MenuRepeatTests: XCTestCase {
    /// Moves a direction held `ticks` ticks makes: the press, then the repeats.
    static func moves(heldFor ticks: Int) -> Int {
        let delay = FrameInputReader.repeatDelayTicks, interval = FrameInputReader.repeatIntervalTicks
        return 1 + (ticks > delay ? (ticks - 1 - delay) / interval + 1 : 0)
    }

    func testTheSchedule() {
        XCTAssertEqual(Self.moves(heldFor: 24), 1, "nothing more within 0.4 s")
        XCTAssertEqual(Self.moves(heldFor: 25), 2)
        XCTAssertEqual(Self.moves(heldFor: 24 + 60), 1 + 9, "about 8 a second after")
    }

    func testAHeldKeyRepeatsAtTheGamesPaceNotTheSystems() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let entries = FlowState.TitleEntry.allCases.count
            h.runner.apply(.keyDown(.down, isRepeat: false))
            for _ in 0..<40 {
                h.runner.apply(.keyDown(.down, isRepeat: true))  // the system's repeats, every frame
                h.tick()
            }
            XCTAssertEqual(h.flow.selection[.title], Self.moves(heldFor: 40) % entries, "4 moves in 40 ticks")
            h.runner.apply(.keyUp(.down))
            h.tick(40)
            XCTAssertEqual(h.flow.selection[.title], Self.moves(heldFor: 40) % entries, "let go: no more")
            XCTAssertEqual(h.effects.filter { $0 == .sound(.menuMove) }.count, Self.moves(heldFor: 40), "a sound a move")
        }
    }

    func testAHeldDpadOrStickRepeatsWithEveryPadKind() throws {
        try MainActor.assumeIsolated {
            for category in ProductCategory.allCases {
                let h = try FlowHarness()
                let pad = h.attach(category)
                h.set(.button(.dpadDown), pad: pad, down: true)
                h.tick(40)
                h.set(.button(.dpadDown), pad: pad, down: false)
                h.tick()
                XCTAssertEqual(h.flow.selection[.title], Self.moves(heldFor: 40), "\(category): the d-pad held repeats")
            }
        }
    }

    /// The join form's character picker: a held → keeps picking the next character.
    func testTheCharacterPickerRepeats() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let pad = h.attach(.xboxOne)
            h.flow.mode = .online(.join(JoinForm(address: "")))
            guard case let .online(.join(before)) = h.flow.mode else { return XCTFail("\(h.flow.mode)") }
            h.set(.button(.dpadRight), pad: pad, down: true)
            h.tick(40)
            guard case let .online(.join(after)) = h.flow.mode else { return XCTFail("\(h.flow.mode)") }
            let alphabet = JoinForm.Field.address.alphabet.count
            XCTAssertEqual((after.offered[.address] ?? 0) - (before.offered[.address] ?? 0), Self.moves(heldFor: 40) % alphabet,
                           "one character a move")
        }
    }
}
