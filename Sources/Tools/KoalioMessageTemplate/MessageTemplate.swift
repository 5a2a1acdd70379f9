import KoalioText

/// `po/koalio.pot`, made from the message table: each message with its note and room for
/// translators, its case name as the context. `make po` writes it and merges it into every
/// language's `.po`; `make test` fails when the file in the tree is not what the table makes.
public enum MessageTemplate {
    public static var text: String {
        var lines = [
            "# koalio's messages, for translators.",
            "# Made from Sources/Model/KoalioText/Message+English.swift by `make po`: do not edit; translate po/LANG.po.",
            "#, fuzzy",
            "msgid \"\"",
            "msgstr \"\"",
            "\"Project-Id-Version: koalio\\n\"",
            "\"Report-Msgid-Bugs-To: \\n\"",
            "\"Language: \\n\"",
            "\"MIME-Version: 1.0\\n\"",
            "\"Content-Type: text/plain; charset=UTF-8\\n\"",
            "\"Content-Transfer-Encoding: 8bit\\n\"",
            "\"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n\"",
        ]
        for message in Message.allCases {
            let entry = message.entry
            lines.append("")
            lines.append("#. \(message.note)")
            if entry.place == .game { lines.append("#. At most \(entry.cells) cells of 8 pixels (a Japanese character takes one and a half).") }
            if entry.english.contains("%") || (entry.englishPlural?.contains("%") ?? false) { lines.append("#, c-format") }
            if let context = message.context { lines.append("msgctxt \(quoted(context))") }
            lines.append("msgid \(quoted(entry.english))")
            if let plural = entry.englishPlural {
                lines.append("msgid_plural \(quoted(plural))")
                lines.append("msgstr[0] \"\"")
                lines.append("msgstr[1] \"\"")
            } else {
                lines.append("msgstr \"\"")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A PO string: in quotes, with `\` and `"` escaped.
    static func quoted(_ string: String) -> String {
        "\"" + string.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }
}

extension String {
    /// Every `target` replaced (Foundation's `replacingOccurrences`, without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
