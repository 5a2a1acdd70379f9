/// Puts ``Text`` into one language's words: each message from the catalogue (or its English
/// when the catalogue has none), its `%s` / `%d` / `%1$s` filled with its arguments. What fits
/// where is the view's to say (``fits``): it knows the font and the box.
public struct Words: Sendable {
    public var language: Language
    public var catalog: Catalog

    public init(language: Language, catalog: Catalog) {
        self.language = language
        self.catalog = catalog
    }

    /// English, as the code writes it (tests, and stderr, which stays English).
    public static let english = Words(language: .english, catalog: .english)

    /// `text` in words; `fits` says whether a candidate line fits where it is drawn (for
    /// ``Text/firstFitting(_:)`` and ``Text/cutToFit(_:keeping:)``).
    public func render(_ text: Text, fits: (String) -> Bool = { _ in true }) -> String {
        switch text {
        case let .verbatim(string): return string
        case let .message(message, arguments):
            return Self.format(catalog.forms(of: message)?.first ?? message.entry.english, arguments.map { render($0) })
        case let .counted(message, count, arguments):
            let template: String
            if let forms = catalog.forms(of: message) {
                template = forms[min(catalog.plural.form(for: count), forms.count - 1)]
            } else {
                template = count == 1 ? message.entry.english : message.entry.englishPlural ?? message.entry.english
            }
            return Self.format(template, [String(count)] + arguments.map { render($0) })
        case let .joined(parts, separator):
            return parts.map { render($0, fits: fits) }.joined(separator: separator)
        case let .firstFitting(candidates):
            let lines = candidates.map { render($0, fits: fits) }
            return lines.first(where: fits) ?? Self.cut(lines.last ?? "", keeping: "", fits: fits)
        case let .cutToFit(head, tail):
            return Self.cut(render(head, fits: fits), keeping: render(tail, fits: fits), fits: fits)
        }
    }

    /// The three dots a cut line ends with (the font has no ellipsis in every language's cells).
    public static let cutMark = "..."

    /// `head` cut, with ``cutMark``, until it and `tail` fit; as it is when they already do.
    public static func cut(_ head: String, keeping tail: String, fits: (String) -> Bool) -> String {
        guard !fits(head + tail) else { return head + tail }
        var kept = Array(head)
        while !kept.isEmpty {
            kept.removeLast()
            let line = String(kept) + cutMark + tail
            if fits(line) { return line }
        }
        return cutMark + tail
    }

    /// gettext's c-format as koalio uses it: `%s` and `%d` take the arguments in order,
    /// `%N$s` / `%N$d` the Nth, `%%` is a percent sign; a missing argument is left empty.
    static func format(_ template: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var scalars = template.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else { result.unicodeScalars.append(scalar); continue }
            var digits = ""
            var conversion = scalars.next()
            while let c = conversion, ("0"..."9").contains(c) {
                digits.unicodeScalars.append(c)
                conversion = scalars.next()
            }
            if conversion == "%", digits.isEmpty { result += "%"; continue }
            var index = next
            if conversion == "$", let position = Int(digits), position >= 1 {
                index = position - 1
                conversion = scalars.next()
            } else {
                next += 1
            }
            switch conversion {
            case "s", "d": if arguments.indices.contains(index) { result += arguments[index] }
            case let other?: result += "%" + digits + String(other)
            case nil: result += "%" + digits
            }
        }
        return result
    }
}
