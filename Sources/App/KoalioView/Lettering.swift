import KoalioCore
import KoalioText

/// Lays out bitmap-font lettering as sprite draw items: words already put in a language (``Words``).
public enum Lettering {
    /// Width in logical pixels of a line at a scale, as drawn: each glyph its own advance, and
    /// Arabic letters measured in the joined forms they are drawn in (``VisualOrder``).
    public static func width(_ string: String, scale: Int = 1) -> Double {
        let drawn = string.unicodeScalars.contains(where: VisualOrder.isUnshapedArabic)
            ? VisualOrder.line(string, rightToLeft: true) : string
        var width = 0
        forEachAdvance(drawn) { width += $1 }
        return Double(width * scale)
    }

    /// A word space beside an Arabic letter: narrower than a cell, as the proportional letters
    /// around it are.
    static let arabicSpaceWidth = 4

    /// Each of `string`'s scalars and how far it moves the pen, unscaled: its glyph's width (a
    /// cell for one the font lacks), a space beside an Arabic letter ``arabicSpaceWidth``. Walks
    /// the line once without copying it (every line drawn, every frame, passes here).
    static func forEachAdvance(_ string: String, _ body: (Unicode.Scalar, Int) -> Void) {
        var scalars = string.unicodeScalars.makeIterator()
        var previous: Unicode.Scalar?, current = scalars.next()
        while let scalar = current {
            let next = scalars.next()
            let besideArabic = previous.map(VisualOrder.isArabicLetter) == true || next.map(VisualOrder.isArabicLetter) == true
            body(scalar, scalar == " " && besideArabic ? arabicSpaceWidth : Art.advance(scalar))
            (previous, current) = (scalar, next)
        }
    }

    /// `string`, cut with "..." where it is wider than `width` (a pad's name from its device).
    public static func fitting(_ string: String, width limit: Double, scale: Int = 1) -> String {
        Words.cut(string, keeping: "") { width($0, scale: scale) <= limit }
    }

    /// `text` in `words`, in the order it is drawn (``VisualOrder``: right-to-left runs
    /// reordered and Arabic shaped).
    public static func shown(_ text: Text, _ words: Words) -> String {
        VisualOrder.line(words.render(text), rightToLeft: words.language.isRightToLeft)
    }

    /// `text` in `words`, fitted to `width`: ``Text/firstFitting(_:)`` and
    /// ``Text/cutToFit(_:keeping:)`` choose by it, and a line still wider is cut with "..."
    /// (before it is put in visual order, so the cut is at the line's logical end).
    public static func fitted(_ text: Text, _ words: Words, width limit: Double, scale: Int = 1) -> String {
        let line = words.render(text) { width($0, scale: scale) <= limit }
        return VisualOrder.line(fitting(line, width: limit, scale: scale), rightToLeft: words.language.isRightToLeft)
    }

    /// The drop shadow's colour (its alpha is the text's).
    public static let shadowColor = Color(20, 16, 30)

    /// Appends a line of text, left-aligned at `x` or centred on it, with a one-pixel drop
    /// shadow unless `shadow` is false (text on a keycap).
    public static func draw(_ string: String, x: Double, y: Double, scale: Int = 1, color: Color = .white,
                            centered: Bool = false, shadow: Bool = true, into list: inout DrawList) {
        let left = centered ? (x - width(string, scale: scale) / 2).rounded() : x
        let passes = [(Double(scale), Color(shadowColor.r, shadowColor.g, shadowColor.b, color.a)), (0, color)]
        for (offset, tint) in shadow ? passes : [passes[1]] {
            var pen = left + offset
            forEachAdvance(string) { scalar, advance in
                if let source = Art.glyphSource(scalar), scalar != " " {
                    let destination = Rect(x: pen, y: y + offset, width: Double(source.width * scale),
                                           height: Double(Art.glyphHeight * scale))
                    list.append(.sprite(.font, source: source, destination: destination, flipped: false, tint: tint))
                }
                pen += Double(advance * scale)
            }
        }
    }
}
