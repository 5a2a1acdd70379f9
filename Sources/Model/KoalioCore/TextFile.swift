/// Text read from users' files: a UTF-8 byte-order mark is dropped and Windows (CRLF) and old
/// Mac (CR) line ends count as line ends, so a file saved by any editor reads the same.
public enum TextFile {
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes without a leading UTF-8 byte-order mark.
    public static func droppingByteOrderMark(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: byteOrderMark) ? bytes.dropFirst(byteOrderMark.count) : bytes[...]
    }

    /// The file's lines (numbered from 1 by their position), split on LF, CRLF or CR.
    public static func lines(_ bytes: [UInt8]) -> [Substring] {
        let text = String(decoding: droppingByteOrderMark(bytes), as: UTF8.self)
        // "\r\n" is one Character in Swift, so splitting on "\n" alone would not see it.
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }
}

/// Text from a file made safe to print on one terminal line: control characters (newlines,
/// escape sequences, C1 controls) are shown escaped, so a hostile file cannot move the cursor,
/// recolour the terminal or split the "one line" of an error.
public enum TerminalText {
    /// The longest piece of a file a message quotes, in characters.
    public static let excerptLimit = 80

    /// A piece of a file (a name, a value) as a message quotes it: whole up to
    /// ``excerptLimit`` characters, else cut there with an ellipsis, so one line stays short
    /// whatever the file holds.
    public static func excerpt(_ text: some StringProtocol) -> String {
        text.count <= excerptLimit ? String(text) : String(text.prefix(excerptLimit)) + "…"
    }

    /// Whether `text` holds a C0 or C1 control character (Unicode's Cc, by its ranges: the
    /// standard library's property tables weigh 12 KB of the binary).
    public static func hasControlCharacter(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    public static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
