/// XML text the game writes itself (a LiveSplit splits file, the stanzas said to a rendezvous's
/// rooms), without Foundation's encoder.
public enum XMLText {
    /// `text` safe inside an XML element or attribute: `& < > " '` escaped, scalar by scalar (a
    /// quote followed by a combining mark is one Character but still a quote), and the control
    /// characters XML 1.0 has no place for left out.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
