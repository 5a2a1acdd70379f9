@testable import KoalioFlow
import KoalioInput
import Testing
import KoalioFlowTestSupport

/// Every prompt on every kind of controller does what it says, with one press making one
/// transition: driven through the game's own ``FlowRunner`` with input frames and no SDL. One
/// case per stage and controller, so a broken promise names its place and hides no other.
@MainActor
@Suite struct PromptPromiseTests {
    @Test("every prompt does what it says", arguments: FlowChecks.Stage.allCases, FlowChecks.controllers.map(\.name))
    func everyPromptDoesWhatItSays(at stage: FlowChecks.Stage, on controllerName: String) throws {
        let controller = try #require(FlowChecks.controllers.first { $0.name == controllerName })
        let (problems, promises) = try FlowChecks.check(stage: stage, controller)
        #expect(promises > 0, "a prompt with a promise")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The cases above are 12 stages × 10 kinds of controller, each named once (a controller
    /// found by a name it shares with another would be checked twice and the other never), and
    /// the promises they check are 36 on each kind of controller: 360 (220 before the two level
    /// pack pages, which promise 4 each; 300 before Add a phone's New code, 4 more; 340 before the
    /// pause menu's line said how to move and choose, as every menu's does, 2 more).
    @Test func thereAre120CasesAnd360Promises() throws {
        let names = FlowChecks.controllers.map(\.name)
        #expect(FlowChecks.Stage.allCases.count == 12)
        #expect(names.count == 10)
        #expect(Set(names).count == names.count, "controller names are the cases' arguments: each must be unique")
        var count = 0
        for controller in FlowChecks.controllers {
            for stage in FlowChecks.Stage.allCases {
                let (shown, pad) = try FlowChecks.harness(at: stage, controller)
                count += FlowChecks.promises(try FlowChecks.prompt(at: stage, shown, pad: pad)).count
            }
        }
        #expect(count == 360, "36 promises on each of 10 controllers")
    }
}
