/// JSON strings the game writes itself (the trace's lines, the phone page's table of words),
/// without Foundation's encoder.
public enum JSONText {
    /// `string` as a JSON string, quotes included: quotes, backslashes and control characters
    /// escaped (`\n` as itself, others as `\u00XX`). `inScript`: also `<`, `>`, `&` and the line
    /// separators, so the string can stand inside an HTML `<script>` and never end it.
    public static func quoted(_ string: String, inScript: Bool = false) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "<", ">", "&", "\u{2028}", "\u{2029}" where inScript: out += escaped(scalar)
            case _ where scalar.value < 0x20: out += escaped(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `\uXXXX`, lowercase hexadecimal.
    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
