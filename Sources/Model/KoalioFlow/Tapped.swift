import KoalioUI

/// What a tap or click landed on, as the view's layout reads it (``FlowRunner/tapTarget(at:_:)``):
/// the state machine never sees a position, so it does not depend on where the view puts things.
package enum Tapped: Equatable, Sendable {
    /// The entry at this index of what is on screen (a menu's entries, the pause screen's,
    /// the quit question's answers), on the right or left half of its row (a setting's value
    /// goes up or down).
    case entry(Int, rightHalf: Bool)
    /// A key of the page's on-screen keypad.
    case key(Keypad.Key)
    /// Somewhere that is no entry (an end screen takes any tap).
    case elsewhere

    /// The entry's index, if the tap hit one.
    package var entry: Int? {
        if case let .entry(index, _) = self { return index }
        return nil
    }
}
