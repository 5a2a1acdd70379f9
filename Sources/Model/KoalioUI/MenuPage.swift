import KoalioCore
import KoalioText

/// One menu screen as the player sees it: a heading, entries (some locked), which is selected,
/// and a hint line. A value: the app builds it from the game's state each frame, its words as
/// ``Text`` the view puts in the player's language.
public struct MenuPage: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var label: Text
        /// Right-aligned on the entry's row: a best time, "locked", a setting's value.
        public var detail: Text?
        /// Right-aligned button glyphs (a binding's keys or buttons), after ``detail``.
        public var glyphs: Prompt?
        public var enabled: Bool
        /// Drawn in the warning colour (a binding that conflicts with another).
        public var warns: Bool
        /// A heading over this entry, in a row of its own (the level select's "World 2").
        public var section: Text?

        public init(_ label: Text, detail: Text? = nil, glyphs: Prompt? = nil, enabled: Bool = true, warns: Bool = false,
                    section: Text? = nil) {
            self.label = label
            self.detail = detail
            self.glyphs = glyphs
            self.enabled = enabled
            self.warns = warns
            self.section = section
        }
    }

    public var heading: Text
    public var subheading: Text?
    public var entries: [Entry]
    public var selection: Int
    public var hint: Prompt
    /// Small rows for long lists (the settings pages): see ``MenuLayout``.
    public var compact = false
    /// A live view of the stick beside the dead-zone setting: its raw position (x right, y up,
    /// −1…1) and the dead zone's radius (0…1).
    public var stick: (x: Double, y: Double, deadZone: Double)?
    /// An on-screen keypad under the rows (a touch user typing the selected text row).
    public var keypad: Keypad?

    public init(heading: Text, subheading: Text? = nil, entries: [Entry], selection: Int = 0, hint: Prompt, compact: Bool = false) {
        self.heading = heading
        self.subheading = subheading
        self.entries = entries
        self.selection = selection
        self.hint = hint
        self.compact = compact
    }

    public static func == (lhs: MenuPage, rhs: MenuPage) -> Bool {
        lhs.heading == rhs.heading && lhs.subheading == rhs.subheading && lhs.entries == rhs.entries && lhs.selection == rhs.selection
            && lhs.hint == rhs.hint && lhs.compact == rhs.compact && lhs.keypad == rhs.keypad && lhs.stick.map { [$0.x, $0.y, $0.deadZone] } == rhs.stick.map { [$0.x, $0.y, $0.deadZone] }
    }

    /// The selection moved by `step` (−1 up, +1 down), wrapping, over enabled entries only.
    public func selection(movedBy step: Int) -> Int {
        guard !entries.isEmpty else { return 0 }
        var index = selection
        for _ in entries.indices {
            index = (index + step + entries.count) % entries.count
            if entries[index].enabled { return index }
        }
        return selection
    }
}
