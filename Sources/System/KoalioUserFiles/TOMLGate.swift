import KoalioUserData
/// What toml++ (3.3 in Debian 12, 3.4 alike) must not be given: a table header whose `[` or `[[` is not
/// followed by a name, such as `[[[` or a `[` at the end of a line. toml++ then reads a key
/// where there is none and stops the process on an internal assertion (a release build would
/// assume it away and read on undefined): an eight-byte settings file, `[[[kk[kk`, killed the
/// game (found by `tools/fuzz`). This gate finds such headers first, so the file gets the same
/// one-line "not TOML" as any other syntax error.
///
/// Likewise an array whose next value starts with `}` (`a = [}`, `a = [1, }`): toml++ asserts
/// that a value does not begin with a terminator (found by `fuzz-pack-manifest`; a settings
/// file `a = [}` stopped the game the same way).
///
/// It follows strings (basic, literal, multi-line) and comments, and counts brackets, so a `[`
/// inside a value (an array spanning lines) is never taken for a header.
enum TOMLGate {
    /// The 1-based line of the first header toml++ cannot take, and why; nil when there is none.
    static func check(_ text: String) -> (line: Int, reason: String)? {
        let scalars = Array(text.unicodeScalars)
        var index = 0, line = 1, depth = 0
        var atLineStart = true
        /// Inside an array, after its `[` or a `,`: what comes next must be a value or `]`.
        var valueNext = false
        func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        func isKeyStart(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            return scalar == "\"" || scalar == "'" || scalar == "_" || scalar == "-"
                || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        /// Skips a string starting at `index` (its opening quote); counts the lines it spans.
        func skipString() {
            let quote = scalars[index]
            let multiLine = peek(1) == quote && peek(2) == quote
            index += multiLine ? 3 : 1
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\\" && quote == "\"" {
                    index += 2
                    continue
                }
                if scalar == "\n" {
                    if !multiLine { return }  // an unclosed one-line string: toml++ reports it
                    line += 1
                }
                if scalar == quote && (!multiLine || (peek(1) == quote && peek(2) == quote)) {
                    index += multiLine ? 3 : 1
                    return
                }
                index += 1
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\n":
                line += 1
                atLineStart = true
                index += 1
                continue
            case " ", "\t", "\r":
                index += 1
                continue
            case "#":
                while index < scalars.count && scalars[index] != "\n" { index += 1 }
                continue
            case "\"", "'":
                skipString()
            case "}" where valueNext:
                return (line, "an array needs a value or ']' before '}'")
            case "," where depth > 0:
                valueNext = true
                index += 1
                atLineStart = false
                continue
            case "[":
                if atLineStart && depth == 0 {
                    // A table header: `[` or `[[`, blanks, then a name.
                    var offset = 1
                    if peek(offset) == "[" { offset += 1 }
                    while peek(offset) == " " || peek(offset) == "\t" { offset += 1 }
                    if peek(offset) != "]" && !isKeyStart(peek(offset)) {
                        return (line, "a table header needs a name after its '['")
                    }
                }
                let header = atLineStart && depth == 0
                depth += 1
                index += 1
                valueNext = !header
                atLineStart = false
                continue
            case "]":
                depth = max(0, depth - 1)
                index += 1
            default:
                index += 1
            }
            valueNext = false
            atLineStart = false
        }
        return nil
    }
}
