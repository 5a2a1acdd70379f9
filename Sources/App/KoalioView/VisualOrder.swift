import CFriBidi

/// A line of text as it is drawn, left to right: GNU FriBidi's `fribidi_log2vis` puts
/// right-to-left runs (Arabic) in visual order, with Latin words and numbers inside them the
/// right way round, and shapes Arabic letters into their joined presentation forms (the font's
/// cells hold those forms, not the letters). A line with nothing right to left in a
/// left-to-right language is returned as it is, without a call.
public enum VisualOrder {
    /// `line` in visual order; `rightToLeft`: the paragraph is right to left (an Arabic UI),
    /// so a line starting with a Latin name still reads from the right.
    public static func line(_ line: String, rightToLeft: Bool) -> String {
        guard rightToLeft || line.unicodeScalars.contains(where: isRightToLeft) else {
            guard line.unicodeScalars.contains(where: isFormatting) else { return line }
            return String(String.UnicodeScalarView(line.unicodeScalars.filter { !isFormatting($0) }))
        }
        let logical = line.unicodeScalars.map { FriBidiChar($0.value) }
        guard !logical.isEmpty, logical.count < Int(Int32.max) else { return line }
        var visual = [FriBidiChar](repeating: 0, count: logical.count)
        var direction = rightToLeft ? koalio_fribidi_par_rtl() : koalio_fribidi_par_ltr()
        let ok = fribidi_log2vis(logical, FriBidiStrIndex(logical.count), &direction, &visual, nil, nil, nil)
        guard ok != 0 else { return line }
        var shown = String.UnicodeScalarView()
        // A ligature (lam-alef) leaves its second letter's place as a zero-width filler: dropped.
        // The marks that steered the order (an address kept left to right) are not drawn.
        for value in visual where value != 0xFEFF && !isFormatting(Unicode.Scalar(value) ?? " ") {
            if let scalar = Unicode.Scalar(value) { shown.append(scalar) }
        }
        return String(shown)
    }

    /// Bidi marks, embeddings and isolates: they order the line, and have no glyph.
    static func isFormatting(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// An Arabic letter as written, which shaping turns into the joined form that is drawn.
    static func isUnshapedArabic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0622...0x064A, 0x0671...0x06D3: true
        default: false
        }
    }

    /// An Arabic letter, written or in its drawn presentation form.
    static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        isUnshapedArabic(scalar) || (0xFE70...0xFEFC).contains(scalar.value) || scalar.value == 0x0621
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: letters read right to left.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: true
        default: false
        }
    }
}
