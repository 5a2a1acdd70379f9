@testable import KoalioFlow
import KoalioInput
import Testing

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

    /// The promises the cases above check: 22 on each of the 10 kinds of controller.
    @Test func thereAre220Promises() throws {
        var count = 0
        for controller in FlowChecks.controllers {
            for stage in FlowChecks.Stage.allCases {
                let (shown, pad) = try FlowChecks.harness(at: stage, controller)
                count += FlowChecks.promises(try FlowChecks.prompt(at: stage, shown, pad: pad)).count
            }
        }
        #expect(count == 220)
    }
}
