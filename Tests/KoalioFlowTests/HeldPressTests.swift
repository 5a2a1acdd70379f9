@testable import KoalioFlow
import KoalioCore
import KoalioFlowTestSupport
import KoalioInput
import KoalioSim
import XCTest

/// One press, one thing, even held: a jump held from the menu that started a level (the A,
/// Space or Z that chose it) is not the koala's until let go and pressed again, with every pad
/// kind and with keys; the level's first ticks are as if nothing were pressed.
final class HeldPressTests: XCTestCase {
    /// The koala never went up over `ticks` ticks (a jump's speed is upward).
    @MainActor
    private static func neverRises(_ h: FlowHarness, ticks: Int) -> Bool {
        var rose = false
        for _ in 0..<ticks {
            h.tick()
            if h.flow.session.world.player.velocity.y < 0 { rose = true }
        }
        return !rose
    }

    func testAPadsAHeldFromTheLevelSelectJumpsOnlyWhenPressedAgain() throws {
        try MainActor.assumeIsolated {
            for category in ProductCategory.allCases {
                let h = try FlowHarness()
                let pad = h.attach(category)
                h.flow.mode = .levelSelect
                h.set(.a, pad: pad, down: true)
                h.tick()
                XCTAssertEqual(h.screen, .level, "\(category): A chose level 1")
                XCTAssertTrue(Self.neverRises(h, ticks: 90), "\(category): the A held over the start is no jump")
                XCTAssertTrue(h.flow.session.world.player.onGround)
                h.set(.a, pad: pad, down: false)
                h.tick()
                h.set(.a, pad: pad, down: true)
                h.tick(3)
                XCTAssertLessThan(h.flow.session.world.player.velocity.y, 0, "\(category): pressed again, it jumps")
            }
        }
    }

    func testAKeyHeldFromTheLevelSelectJumpsOnlyWhenPressedAgain() throws {
        try MainActor.assumeIsolated {
            for key in [Key.space, .z, .enter] {
                let h = try FlowHarness()
                h.flow.mode = .levelSelect
                h.runner.apply(.keyDown(key, isRepeat: false))
                h.tick()
                XCTAssertEqual(h.screen, .level, "\(key) chose level 1")
                XCTAssertTrue(Self.neverRises(h, ticks: 90), "\(key) held over the start is no jump")
                h.runner.apply(.keyUp(key))
                h.tick()
                h.runner.apply(.keyDown(.space, isRepeat: false))
                h.tick(3)
                XCTAssertLessThan(h.flow.session.world.player.velocity.y, 0, "after \(key), Space pressed anew jumps")
            }
        }
    }

    /// Restart chosen on the pause menu with A: the new run's first jump is a new press too.
    func testRestartChosenWithAHeldIsNoJump() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            let pad = h.attach(.switchPro)
            h.startLevel(0)
            h.tick(60)
            h.press(.start, pad: pad)
            let restart = try XCTUnwrap(FlowState.pauseEntries(h.context).firstIndex(of: .restart))
            h.flow.selection[.level] = restart
            h.set(.a, pad: pad, down: true)
            h.tick()
            XCTAssertEqual(h.flow.session.state, .playing, "restarted")
            XCTAssertTrue(Self.neverRises(h, ticks: 60), "the A that chose Restart is no jump")
        }
    }

    /// A dash (X) held over a start is not a dash either; a button not held at the start is free.
    func testOnlyWhatWasHeldOverTheStartWaits() {
        var held = HeldOverStart.all
        var snapshot = GamepadSnapshot.neutral
        snapshot.buttonX = 1
        let first = held.masking(TickInput(source: 0, snapshot: snapshot), dashPressed: false)
        XCTAssertEqual(first.snapshot.buttonX, 0, "the dash held over waits")
        snapshot.buttonA = 1
        let second = held.masking(TickInput(source: 0, snapshot: snapshot), dashPressed: false)
        XCTAssertEqual(second.snapshot.buttonA, 1, "A was up at the start: pressed now, it jumps")
        XCTAssertEqual(second.snapshot.buttonX, 0)
        snapshot.buttonX = 0
        _ = held.masking(TickInput(source: 0, snapshot: snapshot), dashPressed: false)
        XCTAssertTrue(held.isEmpty, "let go: nothing waits any more")
        snapshot.buttonX = 1
        XCTAssertEqual(held.masking(TickInput(source: 0, snapshot: snapshot), dashPressed: false).snapshot.buttonX, 1)
        var fresh = HeldOverStart.all
        snapshot.buttonA = 1
        let pressedAnew = fresh.masking(TickInput(source: 0, snapshot: snapshot, pressed: .a), dashPressed: true)
        XCTAssertEqual(pressedAnew.snapshot.buttonA, 1, "a jump pressed at the first tick (its press counted) is a new press")
        XCTAssertEqual(pressedAnew.snapshot.buttonX, 1, "and so is a dash key that went down then")
    }
}
