import KoalioInput
import KoalioSim

extension Session {
    /// One loop step with one tick's input, as recorded: its menu actions, then every player's command.
    /// The game loop, the verifier and every replay step through here.
    @discardableResult
    public mutating func step(_ input: TickInput) -> StepResult {
        step(input.command, partners: input.partners.map(\.command), input.actions)
    }
}
