import KoalioUserData
/// One mistyped value in a settings file (`left_handed = ture`) should cost that value only.
/// toml++ stops at the first syntax error; when that error stands on a plain `key = value` line,
/// the line is blanked and the text parsed again, so every other setting still applies and the
/// problem names the key. Anything else (a broken header, an unclosed string or array spanning
/// lines) stays a whole-file error with its line.
enum TOMLRecovery {
    /// How many bad lines one file may lose before it is refused whole.
    static let linesLimit = 10

    /// A bad `key = value` line: its table (from the nearest header above; nil at the top) and key.
    struct BadLine: Equatable {
        var table: String?
        var key: String
    }

    /// The assignment on 1-based `line` of `text`, and the text with that line blanked (lines
    /// joined with LF, so every other line keeps its number); nil when the line is no one-line
    /// `key = value` outside a header, a multi-line string or an array.
    static func blanking(line: Int, in text: String) -> (BadLine, String)? {
        // By Character: Swift reads "\r\n" as one, which a split on "\n" alone would not cut.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        guard line >= 1, line <= lines.count else { return nil }
        let bad = lines[line - 1].trimmingBlanks()
        guard let equals = bad.firstIndex(of: "="), !bad.hasPrefix("["), !bad.hasPrefix("#") else { return nil }
        let rawKey = String(bad[..<equals]).trimmingBlanks()
        let key = rawKey.trimmingQuotes()
        let value = String(bad[bad.index(after: equals)...]).trimmingBlanks()
        // A value that opens something the next lines close cannot be cut at this line alone.
        guard isKey(rawKey), !value.hasPrefix("[") || value.hasSuffix("]"), !value.hasPrefix("\"\"\""), !value.hasPrefix("'''") else {
            return nil
        }
        var table: String?
        for above in lines[..<(line - 1)].reversed() {
            let trimmed = above.trimmingBlanks()
            if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") {
                table = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close]).trimmingBlanks()
                break
            }
        }
        lines[line - 1] = ""
        return (BadLine(table: table, key: key), lines.joined(separator: "\n"))
    }
}

extension TOMLRecovery {
    /// A bare key as TOML allows it (letters, digits, `_`, `-`; dotted parts likewise), or one
    /// in quotes: a line of another language (`<?xml version="1.0"?>`) is no assignment.
    static func isKey(_ text: String) -> Bool {
        if text.count >= 2, let first = text.first, first == "\"" || first == "'" { return true }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { $0.trimmingBlanks() }
        return !parts.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
        }
    }
}

private extension StringProtocol {
    func trimmingBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }

    func trimmingQuotes() -> String {
        guard count >= 2, let first = first, first == last, first == "\"" || first == "'" else { return String(self) }
        return String(dropFirst().dropLast())
    }
}
