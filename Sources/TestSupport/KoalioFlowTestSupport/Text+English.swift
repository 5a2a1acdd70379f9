import KoalioText
import KoalioUI

/// What the game says, in English, for tests that read it as a player would: the flow speaks
/// in ``Text`` values, the tests compare their English.
extension Text {
    package var english: String { Words.english.render(self) }
}

extension MenuPage.Entry {
    /// `label | detail`, and ` (locked)` for an entry that cannot be chosen.
    package var english: String {
        label.english + (detail.map { " | " + $0.english } ?? "") + (enabled ? "" : " (locked)")
    }
}

extension Prompt {
    /// The line with each glyph as `[glyph]`: `[keycap("Escape")] resume   [keycap("Q")] levels`.
    package var english: String {
        parts.map { part in
            switch part {
            case let .text(text): text.english
            case let .glyph(glyph): "[\(glyph)]"
            }
        }.joined()
    }
}

extension Prompt.Part {
    /// Words as they are, for a prompt a test expects.
    package static func words(_ string: String) -> Prompt.Part { .text(.verbatim(string)) }
}
