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

    /// The rectangles of `count` entries, centred, top to bottom.
    public static func entryRects(count: Int) -> [Rect] {
        (0..<max(0, count)).map { index in
            Rect(x: (Double(LogicalView.width) - entryWidth) / 2, y: firstEntryTop + Double(index) * (entryHeight + entryGap),
                 width: entryWidth, height: entryHeight)
        }
    }

    /// The entry a tap at `point` hits, if any.
    public static func entry(at point: Vec2, count: Int) -> Int? {
        entryRects(count: count).firstIndex { $0.contains(point) }
    }
}
