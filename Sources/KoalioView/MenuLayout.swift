import KoalioCore

/// Where a menu's entries sit in the 568×320 view: one place for drawing them and for finding
/// which one a tap hit.
public enum MenuLayout {
    /// Entry rows: width, height and the gap between them, in logical pixels. Wide enough for a
    /// level's name and its best time side by side at twice the font's size.
    public static let entryWidth = 400.0
    public static let entryHeight = 26.0
    public static let entryGap = 6.0
    /// The first entry's top, below the heading.
    public static let firstEntryTop = 118.0

    /// Compact rows (settings pages: up to 11 under a smaller heading, text at the font's size).
    public static let compactWidth = 460.0
    public static let compactHeight = 18.0
    public static let compactGap = 3.0
    public static let compactFirstTop = 62.0

    /// The rectangles of `count` entries, centred, top to bottom.
    public static func entryRects(count: Int, compact: Bool = false) -> [Rect] {
        rows(sections: Array(repeating: nil, count: max(0, count)), compact: compact).entries
    }

    /// The rectangles of `page`'s entries, each section heading taking a row above its entry.
    public static func entryRects(_ page: MenuPage) -> [Rect] {
        rows(sections: page.entries.map(\.section), compact: page.compact).entries
    }

    /// The entries' rectangles and the section headings' rows, top to bottom: an entry with a
    /// section (`sections[i]` not nil) has its heading in the row above it.
    public static func rows(sections: [String?], compact: Bool) -> (entries: [Rect], headings: [(text: String, rect: Rect)]) {
        let width = compact ? compactWidth : entryWidth, height = compact ? compactHeight : entryHeight
        let gap = compact ? compactGap : entryGap, top = compact ? compactFirstTop : firstEntryTop
        var entries: [Rect] = [], headings: [(text: String, rect: Rect)] = []
        var row = 0
        func next() -> Rect {
            defer { row += 1 }
            return Rect(x: (Double(LogicalView.width) - width) / 2, y: top + Double(row) * (height + gap), width: width, height: height)
        }
        for section in sections {
            if let section { headings.append((section, next())) }
            entries.append(next())
        }
        return (entries, headings)
    }

    /// The pause screen's entries (Resume, Settings, …): compact rows under its prompt.
    public static let pauseEntryWidth = 200.0
    public static let pauseFirstTop = 200.0
    /// Entries the pause screen holds at its usual place; with more (co-op players' "leaves"),
    /// the screen moves up by a row for each, so the last stays above the notice line.
    public static let pauseEntriesInPlace = 4

    /// How far up the pause screen (title, prompt, entries) moves for `count` entries.
    public static func pauseLift(count: Int) -> Double {
        Double(max(0, count - pauseEntriesInPlace)) * (compactHeight + compactGap)
    }

    public static func pauseEntryRects(count: Int) -> [Rect] {
        (0..<max(0, count)).map { index in
            Rect(x: (Double(LogicalView.width) - pauseEntryWidth) / 2,
                 y: pauseFirstTop - pauseLift(count: count) + Double(index) * (compactHeight + compactGap),
                 width: pauseEntryWidth, height: compactHeight)
        }
    }

    /// The entry a tap at `point` hits, if any.
    public static func entry(at point: Vec2, count: Int, compact: Bool = false) -> Int? {
        entryRects(count: count, compact: compact).firstIndex { $0.contains(point) }
    }

    /// The entry of `page` a tap at `point` hits, if any (as drawn: compact or not, with its
    /// section headings, which are not entries).
    public static func entry(at point: Vec2, in page: MenuPage) -> Int? {
        entryRects(page).firstIndex { $0.contains(point) }
    }
}
