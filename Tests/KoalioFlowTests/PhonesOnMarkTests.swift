@testable import KoalioFlow
import KoalioCore
import KoalioFlowTestSupport
import KoalioView
import XCTest

/// Phones only when asked: their card shows on Add a phone alone; the title marks, small, in
/// its top corner, that the phones' server runs (phones may join or play).
final class PhonesOnMarkTests: XCTestCase {
    func testTheTitleMarksPhonesOnAndOnlyWhileTheServerRuns() throws {
        try MainActor.assumeIsolated {
            let h = try FlowHarness()
            @MainActor func marks() -> Int {
                h.runner.view(h.context, ghost: nil, problem: nil).items.count {
                    if case .sprite(.font, _, _, _, MenuView.phonesOnColor) = $0 { true } else { false }
                }
            }
            XCTAssertEqual(h.flow.mode, .title)
            XCTAssertEqual(marks(), 0, "no server, no mark")
            h.pairingCard = FlowChecks.card
            XCTAssertEqual(marks(), 0, "a card alone is not the server running")
            h.phonesOn = true
            XCTAssertEqual(marks(), "phones on".filter { $0 != " " }.count, "the mark, its letters drawn")
            h.flow.mode = .addPhone(exit: .title)
            XCTAssertEqual(marks(), 0, "Add a phone shows the card itself")
        }
    }
}
