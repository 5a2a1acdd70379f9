import FoundationEssentials
import KoalioCore
import KoalioInput
import KoalioSystem
import KoalioUserData

/// `settings.toml` under `$XDG_CONFIG_HOME/koalio/` (by default `~/.config/koalio/`): the
/// settings menu writes it, people may edit it. docs/MANUAL.md documents every key.
///
/// Reading never fails as a whole: each bad key (an unknown name, a wrong type, a value out of
/// range, a key or button SDL has no name for) is one problem naming the file, the line and
/// the key, its setting keeps the default, and every other key still applies. A file that is
/// not TOML at all is one problem with toml++'s line. The file itself is left as it is; the
/// game only writes when a setting changes, and then keeps a file that had problems as
/// `settings.toml.damaged` first (see ``save(_:path:naming:)``).
public enum SettingsFile {
    public static let version = 1
    public static let fileName = "settings.toml"
    /// Far more than any settings file (about 1 KB).
    public static let fileBytesLimit = 1 << 20

    /// `$XDG_CONFIG_HOME/koalio`, by default `~/.config/koalio`.
    public static func directory(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return config + "/koalio" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/koalio"
    }

    /// Keys by SDL's names for them (`SDL_GetScancodeName`), which only the platform layer
    /// can look up.
    /// What reading found: the settings to use and what was wrong (empty for a good file).
    public struct Decoded: Sendable {
        public var settings: Settings
        public var problems: [UserFileError]
        /// The settings a problem made keep their default, as `table.key` (a whole table by its
        /// name): the settings menu marks them.
        public var resetKeys: Set<String> = []
        /// The file could not be read as settings at all (not TOML, not UTF-8): every setting
        /// is the default.
        public var refusedWhole = false
    }

    // MARK: - Reading

    public static func decode(_ bytes: [UInt8], file: String, naming: KeyNameTable) -> Decoded {
        /// The whole file set aside: every setting keeps its default.
        func refused(line: Int? = nil, _ reason: String) -> Decoded {
            Decoded(settings: Settings(), problems: [UserFileError(file: file, line: line, reason: "\(reason); using the default settings")],
                    refusedWhole: true)
        }
        var text = bytes
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        guard let string = String(validating: text, as: UTF8.self) else { return refused("not UTF-8 text") }
        guard !string.contains("\0") else { return refused("contains a NUL byte") }
        var problems: [UserFileError] = []
        var resetKeys: Set<String> = []
        /// One key's problem: named with its table, placed on its line; its setting is marked
        /// as reset (the version is no setting).
        func problem(_ table: String?, _ key: String, line: Int?, _ reason: String) {
            let name = table.map { "[\(TerminalText.excerpt($0))] \(TerminalText.excerpt(key))" } ?? TerminalText.excerpt(key)
            if key != "version" { resetKeys.insert(table.map { "\($0).\(key)" } ?? key) }
            problems.append(UserFileError(file: file, line: line, reason: "\(name): \(reason)"))
        }
        func problem(_ table: String?, _ key: String, _ value: TOMLValue, _ reason: String) { problem(table, key, line: value.line, reason) }
        var table = TOMLTable()
        var parsed = string
        while true {
            // Checked again after each line blanked: a blanked line can leave a header toml++
            // cannot take where an unclosed string had hidden it.
            if let bad = TOMLGate.check(parsed) { return refused(line: bad.line, "not TOML: \(bad.reason)") }
            do {
                table = try TOMLTable(parsing: parsed)
                break
            } catch {
                // A mistyped value costs that value only (see ``TOMLRecovery``); else the file is refused whole.
                guard problems.count < TOMLRecovery.linesLimit, let (bad, rest) = TOMLRecovery.blanking(line: error.line, in: parsed) else {
                    return refused(line: error.line > 0 ? error.line : nil, "not TOML: \(error.description)")
                }
                problem(bad.table, bad.key, line: error.line, "not a TOML value (\(error.description)); keeping the default")
                parsed = rest
            }
        }
        var settings = Settings()

        for key in table.keys.sorted() {
            guard let value = table[key] else { continue }
            if key == "version" {
                if value.int == nil {
                    problem(nil, key, value, "should be the whole number \(version), without quotes; reading on as version \(version)")
                } else if value.int != version {
                    problem(nil, key, value, "this koalio reads version \(version); reading on as if it were")
                }
                continue
            }
            guard let section = Section(rawValue: key) else {
                problem(nil, key, value, "unknown setting (the sections are \(Section.allCases.map { "[\($0.rawValue)]" }.joined(separator: ", ")))")
                continue
            }
            guard let entries = value.table else {
                problem(nil, key, value, "should be a table: [\(key)]")
                continue
            }
            for entry in entries.keys.sorted() {
                guard let entryValue = entries[entry] else { continue }
                if let action = Action(rawValue: entry), section == .keyboard || section == .gamepad {
                    let (names, bad) = strings(entryValue)
                    if let bad {
                        problem(key, entry, entryValue, "\(bad); keeping the default")
                        continue
                    }
                    if section == .keyboard {
                        let keys = names.map { (name: $0, key: naming.key(named: $0)) }
                        if let unknown = keys.first(where: { $0.key == nil }) {
                            problem(key, entry, entryValue, "no key is called \"\(TerminalText.excerpt(unknown.name))\" (names as SDL spells them: \"Space\", \"Left Shift\", \"Return\"); keeping the default")
                            continue
                        }
                        settings.bindings.keys[action] = keys.compactMap(\.key)
                    } else {
                        let buttons = names.map { (name: $0, button: PadBinding(name: $0)) }
                        if let unknown = buttons.first(where: { $0.button == nil }) {
                            problem(key, entry, entryValue, "no pad button is called \"\(TerminalText.excerpt(unknown.name))\" (known: \(PadBinding.all.map(\.name).joined(separator: " "))); keeping the default")
                            continue
                        }
                        settings.bindings.buttons[action] = buttons.compactMap(\.button)
                    }
                    continue
                }
                guard let field = Setting.all.first(where: { $0.section == section && $0.key == entry }) else {
                    let known = Setting.all.filter { $0.section == section }.map(\.key) + (section == .keyboard || section == .gamepad ? Action.allCases.map(\.rawValue) : [])
                    problem(key, entry, entryValue, "unknown setting (known in [\(key)]: \(known.joined(separator: ", ")))")
                    continue
                }
                if let reason = field.read(&settings, entryValue) { problem(key, entry, entryValue, "\(reason); keeping the default") }
            }
        }
        // In the file's order, as a person reads it.
        let ordered = problems.enumerated().sorted { ($0.element.line ?? .max, $0.offset) < ($1.element.line ?? .max, $1.offset) }
        return Decoded(settings: settings, problems: ordered.map(\.element), resetKeys: resetKeys)
    }

    /// A list of strings, or one string as a list of one; else what is wrong.
    private static func strings(_ value: TOMLValue) -> ([String], bad: String?) {
        if let single = value.string { return single.contains("\0") ? ([], nulInName) : ([single], nil) }
        guard let array = value.array else { return ([], "should be a list of names, like [\"a\", \"b\"]") }
        var names: [String] = []
        for element in array {
            guard let name = element.string else { return ([], "should be a list of names (in quotes)") }
            guard !name.contains("\0") else { return ([], nulInName) }
            names.append(name)
        }
        return (names, nil)
    }

    /// A NUL (`\u0000`) is read exactly, never cut: no name holds one, so the value is refused.
    static let nulInName = "contains a NUL character (\\u0000), which no name has"

    // MARK: - Writing

    public static func encode(_ settings: Settings, naming: KeyNameTable) -> String {
        func list(_ names: [String]) -> String { "[" + names.map(TOMLText.basicString).joined(separator: ", ") + "]" }
        var text = """
            # koalio settings. The game writes this file when a setting changes in its menu (Settings,
            # on the title or the pause screen); it can be edited by hand while the game is closed.
            # Keys are named as SDL spells them ("Space", "Left Shift", "Return", "Up"); pad buttons as
            # SDL's GameController layer does (\(PadBinding.all.map(\.name).joined(separator: " "))),
            # by position: "a" is the bottom face button on every pad.
            version = \(version)

            """
        for section in Section.allCases {
            text += "\n[\(section.rawValue)]\n"
            if section == .keyboard {
                for action in Action.allCases { text += "\(action.rawValue) = \(list(settings.bindings.keys[action, default: []].map(naming.name(of:))))\n" }
            } else if section == .gamepad {
                for action in Action.allCases { text += "\(action.rawValue) = \(list(settings.bindings.buttons[action, default: []].map(\.name)))\n" }
            }
            for field in Setting.all where field.section == section {
                text += "# \(field.fileComment)\n\(field.key) = \(field.write(settings))\n"
            }
        }
        return text
    }

    // MARK: - Disk

    /// What loading found: the settings, one warning line per problem, and the settings that
    /// kept their default because of one (see ``Decoded/resetKeys``).
    public struct Loaded: Sendable {
        public var settings: Settings
        public var warnings: [String]
        public var resetKeys: Set<String> = []
        /// See ``Decoded/refusedWhole``; also a file that could not be read from disk.
        public var refusedWhole = false
    }

    /// Reads the file; a missing one is the default settings, with no warning.
    public static func load(path: String, naming: KeyNameTable) -> Loaded {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, limit: fileBytesLimit) } catch {
            if error.cause == .missing { return Loaded(settings: Settings(), warnings: []) }
            return Loaded(settings: Settings(), warnings: ["\(error.description); using the default settings"], refusedWhole: true)
        }
        let decoded = decode(bytes, file: path, naming: naming)
        return Loaded(settings: decoded.settings, warnings: decoded.problems.map(\.description), resetKeys: decoded.resetKeys,
                      refusedWhole: decoded.refusedWhole)
    }

    /// Writes the settings whole or not at all, making the folder if needed. A file there that
    /// does not read back without problems is kept aside first, and a special file is never
    /// replaced (``ProtectedFile``); returns the line saying so.
    public static func save(_ settings: Settings, path: String, naming: KeyNameTable) throws(UserFileError) -> String? {
        do {
            return try ProtectedFile.write(Array(encode(settings, naming: naming).utf8), to: path, limit: fileBytesLimit) { bytes in
                decode(bytes, file: path, naming: naming).problems.isEmpty
            }
        } catch {
            throw UserFileError(file: path, reason: "cannot save settings: \(error.reason)")
        }
    }
}

// MARK: - The file's layout

extension SettingsFile {
    /// The file's tables, in the order they are written.
    public typealias Section = Setting.Section
}
