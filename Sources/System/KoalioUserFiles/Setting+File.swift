import KoalioUserData

/// A setting as `settings.toml` holds it: its comment, reading and writing its value.
extension Setting {
    /// The comment above the value, with its range or choices.
    var fileComment: String {
        switch value {
        case let .integer(_, range, _, _): "\(comment) (\(range.lowerBound)–\(range.upperBound))"
        case .boolean: "\(comment) (true or false)"
        case let .choice(choices, _, _): "\(comment): \(Self.listed(choices))"
        case .text: comment
        }
    }

    /// Sets the value read from the file; returns what is wrong with it instead.
    func read(_ settings: inout Settings, _ found: TOMLValue) -> String? {
        switch value {
        case let .integer(path, range, _, _):
            guard let number = found.int, range.contains(number) else {
                return "should be a whole number from \(range.lowerBound) to \(range.upperBound)"
            }
            settings[keyPath: path] = number
        case let .boolean(path):
            guard let flag = found.bool else { return "should be true or false" }
            settings[keyPath: path] = flag
        case let .choice(choices, _, set):
            guard let word = found.string, choices.contains(where: { $0.word == word }) else {
                return found.string?.contains("\0") == true ? SettingsFile.nulInName : "should be \(Self.listed(choices))"
            }
            set(&settings, word)
        case let .text(path, shape):
            guard let text = found.string else { return "should be \(shape)" }
            guard !text.contains("\0") else { return SettingsFile.nulInName }
            settings[keyPath: path] = text
        }
        return nil
    }

    /// The value as the file writes it.
    func write(_ settings: Settings) -> String {
        switch value {
        case let .integer(path, _, _, _): "\(settings[keyPath: path])"
        case let .boolean(path): "\(settings[keyPath: path])"
        case let .choice(_, get, _): "\"\(get(settings))\""
        case let .text(path, _): TOMLText.basicString(settings[keyPath: path])
        }
    }

    private static func listed(_ choices: [Choice]) -> String { choices.map { "\"\($0.word)\"" }.joined(separator: " or ") }
}
