import KoalioText

/// An on-screen keypad under a page's rows: a touch user, who has no keys, types a text field
/// with it (the join form's address and code). Its keys in rows, top to bottom.
public struct Keypad: Equatable, Sendable {
    public enum Key: Equatable, Sendable {
        /// Adds the character.
        case character(Character)
        /// Takes the last character back.
        case delete
        /// On to the next row (the field is done).
        case next

        /// What the key shows: its character, or its action's word.
        public var label: Text {
            switch self {
            // Left to right whatever the language: an Arabic line would mirror "[" into "]".
            case let .character(character): .leftToRight(String(character))
            case .delete: .message(.hintDelete)
            case .next: .message(.hintNext)
            }
        }
    }

    public var rows: [[Key]]

    public init(rows: [[Key]]) {
        self.rows = rows
    }

    /// Keys for `alphabet`: its characters, `perRow` to a row, Delete ending the first row and
    /// Next the last; Next has a row of its own when the characters fill one, so the first
    /// row's keys (the digits, Delete) stand where they stand on a longer alphabet's keypad.
    public init(alphabet: [Character], perRow: Int) {
        var rows = stride(from: 0, to: alphabet.count, by: max(1, perRow)).map { start in
            alphabet[start..<min(alphabet.count, start + max(1, perRow))].map(Key.character)
        }
        if rows.isEmpty { rows = [[]] }
        rows[0].append(.delete)
        if rows.count == 1 { rows.append([]) }
        rows[rows.count - 1].append(.next)
        self.rows = rows
    }
}
