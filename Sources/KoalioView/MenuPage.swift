import KoalioCore

/// One menu screen as the player sees it: a heading, entries (some locked), which is selected,
/// and a hint line. A value: the app builds it from the game's state each frame.
public struct MenuPage: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var label: String
        /// Right-aligned on the entry's row: a best time, "locked".
        public var detail: String?
        public var enabled: Bool

        public init(_ label: String, detail: String? = nil, enabled: Bool = true) {
            self.label = label
            self.detail = detail
            self.enabled = enabled
        }
    }

    public var heading: String
    public var subheading: String?
    public var entries: [Entry]
    public var selection: Int
    public var hint: Prompt

    public init(heading: String, subheading: String? = nil, entries: [Entry], selection: Int = 0, hint: Prompt) {
        self.heading = heading
        self.subheading = subheading
        self.entries = entries
        self.selection = selection
        self.hint = hint
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
