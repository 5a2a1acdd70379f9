import KoalioCore
import KoalioText
import KoalioUI

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

    /// Compact rows, text at the font's size: the settings pages' (under a smaller heading, up
    /// to 13 rows), and any list longer than ``rowsShown`` under a full heading (the title's
    /// seven entries, a world's levels): every entry in view, one row size on a page.
    public static let compactWidth = 460.0
    public static let compactHeight = 16.0
    public static let compactGap = 2.0
    public static let compactFirstTop = 62.0
    /// Rows of the full size a list shows; a longer list has compact rows.
    public static let rowsShown = 5
    /// Where the hint line (drawn at the view's height − 20) begins, less a 2-point margin: no
    /// row reaches it.
    public static let rowsBottom = Double(LogicalView.height) - 22

    /// Whether `count` rows (entries and section headings) are drawn compact: on a compact
    /// page, or when more than ``rowsShown`` would not fit at the full size.
    public static func compactRows(count: Int, compactPage: Bool) -> Bool { compactPage || count > rowsShown }

    /// Compact rows that fit between a page's first row and `bottom` (the hint line, or a
    /// keypad's top): 13 on a compact page, 10 under a full heading. A longer list scrolls.
    public static func compactRowsFitting(compactPage: Bool, bottom: Double = rowsBottom) -> Int {
        Int((bottom - (compactPage ? compactFirstTop : firstEntryTop) + compactGap) / (compactHeight + compactGap))
    }

    /// Whether `page`'s rows are compact (its entries then drawn at the font's size).
    public static func compactRows(_ page: MenuPage) -> Bool {
        compactRows(count: rowCount(sections: page.entries.map(\.section)), compactPage: page.compact)
    }

    /// A list's rows: one per entry, and one above each entry that opens a section.
    static func rowCount(sections: [Text?]) -> Int { sections.count + sections.count { $0 != nil } }

    /// The rectangles of `count` entries, centred, top to bottom.
    public static func entryRects(count: Int, compact: Bool = false) -> [Rect] {
        rows(sections: Array(repeating: nil, count: max(0, count)), compact: compact).entries
    }

    /// The rectangles of `page`'s entries, each section heading taking a row above its entry,
    /// the list scrolled to its selection.
    public static func entryRects(_ page: MenuPage) -> [Rect] { rows(page).entries }

    public static func rows(_ page: MenuPage) -> Rows {
        let bottom = page.keypad.map { keypadTop($0) - keypadGap } ?? rowsBottom
        return rows(sections: page.entries.map(\.section), compact: page.compact, selection: page.selection, bottom: bottom)
    }

    /// Where a list's rows are: each entry's rectangle (one scrolled out of view has an empty
    /// one, off the view, which no tap hits), the section headings in view, and whether rows
    /// are hidden above or below.
    public struct Rows {
        public var entries: [Rect]
        public var headings: [(text: Text, rect: Rect)]
        public var moreAbove = false
        public var moreBelow = false
    }

    /// The entries' rectangles and the section headings' rows, top to bottom: an entry with a
    /// section (`sections[i]` not nil) has its heading in the row above it. A list longer than
    /// the view shows the rows around `selection` (the same selection, the same rows: a
    /// function of the page alone, so a tap hits what is drawn).
    public static func rows(sections: [Text?], compact: Bool, selection: Int = 0, bottom: Double = rowsBottom) -> Rows {
        let small = compactRows(count: rowCount(sections: sections), compactPage: compact)
        let width = small ? compactWidth : entryWidth, height = small ? compactHeight : entryHeight
        let gap = small ? compactGap : entryGap, top = compact ? compactFirstTop : firstEntryTop
        let shown = small ? compactRowsFitting(compactPage: compact, bottom: bottom) : rowsShown
        // Each entry's row, counting the headings' rows.
        var rowOfEntry: [Int] = [], headingRows: [(text: Text, row: Int)] = []
        var row = 0
        for section in sections {
            if let section { headingRows.append((section, row)); row += 1 }
            rowOfEntry.append(row)
            row += 1
        }
        let selected = rowOfEntry.indices.contains(selection) ? rowOfEntry[selection] : 0
        let first = row <= shown ? 0 : min(max(0, selected - shown / 2), row - shown)
        func rect(_ row: Int) -> Rect? {
            guard row >= first, row < first + shown else { return nil }
            return Rect(x: (Double(LogicalView.width) - width) / 2, y: top + Double(row - first) * (height + gap), width: width, height: height)
        }
        let hidden = Rect(x: -1000, y: -1000, width: 0, height: 0)
        return Rows(entries: rowOfEntry.map { rect($0) ?? hidden },
                    headings: headingRows.compactMap { heading in rect(heading.row).map { (heading.text, $0) } },
                    moreAbove: first > 0, moreBelow: first + shown < row)
    }

    /// The on-screen keypad (``Keypad``): keys a fingertip can hit, rows centred, the last row
    /// just above the hint line; a character key is square-ish, an action key as wide as its word.
    public static let keypadKeyHeight = 20.0
    public static let keypadCharacterWidth = 26.0
    public static let keypadGap = 4.0

    static func keypadTop(_ keypad: Keypad) -> Double {
        rowsBottom - Double(keypad.rows.count) * (keypadKeyHeight + keypadGap) + keypadGap
    }

    /// Each key of `keypad` and where it is, row by row; an action key's width is its word's in
    /// `words` (what the view draws there).
    public static func keypadKeys(_ keypad: Keypad, words: Words) -> [(key: Keypad.Key, rect: Rect)] {
        var placed: [(key: Keypad.Key, rect: Rect)] = []
        var y = keypadTop(keypad)
        for row in keypad.rows {
            let widths = row.map { key -> Double in
                if case .character = key { return keypadCharacterWidth }
                return max(keypadCharacterWidth * 2, Lettering.width(Lettering.shown(key.label, words)) + 12)
            }
            var x = ((Double(LogicalView.width) - widths.reduce(0, +) - keypadGap * Double(max(0, row.count - 1))) / 2).rounded()
            for (key, width) in zip(row, widths) {
                placed.append((key, Rect(x: x, y: y, width: width, height: keypadKeyHeight)))
                x += width + keypadGap
            }
            y += keypadKeyHeight + keypadGap
        }
        return placed
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

    /// The entry of `page` a tap at `point` hits, if any (as drawn: compact or not, with its
    /// section headings, which are not entries).
    public static func entry(at point: Vec2, in page: MenuPage) -> Int? { entry(at: point, in: entryRects(page)) }

    /// The row of `rects` a tap at `point` hits, if any (a row scrolled out of view has none).
    public static func entry(at point: Vec2, in rects: [Rect]) -> Int? {
        rects.firstIndex { $0.width > 0 && $0.contains(point) }
    }
}
