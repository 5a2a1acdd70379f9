/// Words the game shows, kept as a value until the view puts them in the player's language
/// (``Words/render(_:)``): a message of the table with what it names, a name or number shown as
/// it is, or several of these on one line. The flow and the tests compare these, not English.
public indirect enum Text: Hashable, Sendable {
    /// A message of the table, its `%s` / `%d` filled with `arguments` in order.
    case message(Message, [Text] = [])
    /// A message whose form depends on `count` (the language's plural rule chooses it); `count`
    /// is also its first `%d`.
    case counted(Message, count: Int, [Text] = [])
    /// Shown as it is, in every language: a level's or a pad's name, a key's name, a time.
    case verbatim(String)
    /// Several pieces on one line, `separator` between them (a separator is not translated:
    /// two spaces, a comma).
    case joined([Text], separator: String)
    /// The first of these that fits where it is drawn; the last, cut to fit, if none does (the
    /// title's notice: every file's line, else the first alone).
    case firstFitting([Text])
    /// `head` cut with "..." so that `head` and `tail` together fit where they are drawn (a
    /// problem's line cut, its "(and 2 more)" kept).
    case cutToFit(Text, keeping: Text)

    /// What a level is called on screen: a shipped level's title in the player's words (the
    /// catalogues translate the English titles of ``Message/levelTitles``), any other title as
    /// its author wrote it, and a level without one by its file name.
    public static func levelTitle(_ title: String?, name: String) -> Text {
        guard let title else { return .verbatim(name) }
        return Message.levelTitles.first { $0.entry.english == title }.map { .message($0) } ?? .verbatim(title)
    }

    /// Items in a list, each language's comma between them (`2, 3`; Arabic's `،`, Japanese `、`).
    public static func list(_ items: [Text]) -> Text {
        guard var list = items.first else { return .empty }
        for item in items.dropFirst() { list = .message(.listComma, [list, item]) }
        return list
    }

    /// A pad's name as the player reads it: a phone's pad (named ``phonePadName(seat:)`` on the
    /// machine, in English, as SDL and the trace know it) in the player's words; any other
    /// pad's name (its maker's) as it is.
    public static func padName(_ name: String) -> Text {
        let prefix = "Phone "
        guard name.hasPrefix(prefix), let seat = Int(name.dropFirst(prefix.count)), String(seat) == name.dropFirst(prefix.count) else {
            return .verbatim(name)
        }
        return .message(.phonePadName, [.number(seat)])
    }

    /// The name a phone's pad is given on the machine (SDL's virtual pad, the trace's controller).
    public static func phonePadName(seat: Int) -> String { Words.english.render(.message(.phonePadName, [.number(seat)])) }

    /// A number, shown with Western digits in every language.
    public static func number(_ value: Int) -> Text { .verbatim(String(value)) }

    /// Nothing (an empty line).
    public static let empty = Text.verbatim("")
}

extension Text {
    /// A run that reads left to right in any line (an address, which the bidi algorithm would
    /// take apart at its colons and brackets in an Arabic line): as it is, in a left-to-right
    /// isolate (the view drops the marks once the line is ordered).
    public static func leftToRight(_ run: String) -> Text { .verbatim("\u{2066}" + run + "\u{2069}") }
}
