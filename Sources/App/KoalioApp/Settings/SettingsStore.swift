import KoalioSDL
import KoalioUserData
import KoalioUserFiles
import KoalioFlow
import KoalioText

/// The player's settings as this run uses them: the file's (`settings.toml`, or `--config`),
/// with the command line's options on top for this run only. The settings menu changes the
/// file's values; a change to one the command line set also ends that option's hold on it.
/// Saved on the background writer, only when something changed.
struct SettingsStore {
    /// What the command line set, each overriding the file for this run.
    struct Overrides: Sendable {
        /// The settings the command line can set.
        enum Field: CaseIterable, Sendable {
            case fullscreen, windowScale, musicVolume, effectsVolume, ghost, phones, language, rendezvous, rendezvousCa, hideMyAddress

            /// Sets this setting of `target` to `source`'s.
            func copy(from source: Settings, to target: inout Settings) {
                switch self {
                case .fullscreen: target.fullscreen = source.fullscreen
                case .windowScale: target.windowScale = source.windowScale
                case .musicVolume: target.musicVolume = source.musicVolume
                case .effectsVolume: target.effectsVolume = source.effectsVolume
                case .ghost: target.ghost = source.ghost
                case .phones: target.phones = source.phones
                case .language: target.language = source.language
                case .rendezvous: target.rendezvous = source.rendezvous
                case .rendezvousCa: target.rendezvousCa = source.rendezvousCa
                case .hideMyAddress: target.hideMyAddress = source.hideMyAddress
                }
            }
        }

        /// The command line's values, for the fields it set (``held``).
        private var values = Settings()
        private var held: Set<Field> = []

        /// - Parameter phones: `--phones` (or `--phones-listen`): phone pads on for this run, whatever
        ///   the file says, until the player turns them off in the menu.
        init(fullscreen: Bool? = nil, windowScale: Int? = nil, musicVolume: Int? = nil, effectsVolume: Int? = nil, ghost: Bool? = nil,
             phones: Bool? = nil, language: Language?? = nil, rendezvous: String? = nil, rendezvousCa: String? = nil, hideMyAddress: Bool? = nil) {
            if let fullscreen { values.fullscreen = fullscreen; held.insert(.fullscreen) }
            if let windowScale { values.windowScale = windowScale; held.insert(.windowScale) }
            if let musicVolume { values.musicVolume = musicVolume; held.insert(.musicVolume) }
            if let effectsVolume { values.effectsVolume = effectsVolume; held.insert(.effectsVolume) }
            if let ghost { values.ghost = ghost; held.insert(.ghost) }
            if let phones { values.phones = phones; held.insert(.phones) }
            if let language { values.language = language; held.insert(.language) }
            if let rendezvous { values.rendezvous = rendezvous; held.insert(.rendezvous) }
            if let rendezvousCa { values.rendezvousCa = rendezvousCa; held.insert(.rendezvousCa) }
            if let hideMyAddress { values.hideMyAddress = hideMyAddress; held.insert(.hideMyAddress) }
        }

        /// `settings` with the command line's values where it set them.
        func applied(to settings: Settings) -> Settings { kept(from: values, in: settings) }

        /// `settings` with `source`'s values in the fields the command line still holds.
        func kept(from source: Settings, in settings: Settings) -> Settings {
            var result = settings
            for field in held { field.copy(from: source, to: &result) }
            return result
        }

        /// Lets go of the options whose settings differ between `old` and `new`.
        mutating func release(changedFrom old: Settings, to new: Settings) {
            held = held.filter { field in
                var probe = old
                field.copy(from: new, to: &probe)
                return probe == old
            }
        }
    }

    /// SDL's key names, for the file.
    static let naming = KeyNames.table

    /// The file's settings (what a save writes).
    private(set) var saved: Settings
    var overrides: Overrides
    /// Where they are saved; nil: not saved (no home folder). A file there that had problems
    /// is kept aside by the save (``SettingsFile/save(_:path:naming:)``).
    let path: String?
    /// The settings the file had wrong, which kept their defaults (`audio.music`): the menu marks
    /// them until a change is saved (the file written then has no problems).
    private(set) var resetKeys: Set<String>

    init(saved: Settings = Settings(), overrides: Overrides = Overrides(), path: String? = nil, resetKeys: Set<String> = []) {
        self.saved = saved
        self.overrides = overrides
        self.path = path
        self.resetKeys = resetKeys
    }

    /// What the game uses now.
    var effective: Settings { overrides.applied(to: saved) }

    /// Reads the file at `path` (a missing one is the defaults); its warnings are for stderr.
    static func load(path: String?, overrides: Overrides) -> (SettingsStore, warnings: [String], notice: FileNotice?) {
        guard let path else { return (SettingsStore(overrides: overrides), [], nil) }
        let loaded = SettingsFile.load(path: path, naming: naming)
        return (SettingsStore(saved: loaded.settings, overrides: overrides, path: path, resetKeys: loaded.resetKeys), loaded.warnings,
                notice(loaded))
    }

    /// The title's line about the file's problems (nil when it had none): true to what the
    /// player will find — the defaults, marked settings, or only the terminal's lines.
    static func notice(_ loaded: SettingsFile.Loaded) -> FileNotice? {
        guard !loaded.warnings.isEmpty else { return nil }
        if loaded.refusedWhole { return .settingsUnreadable }
        return .settingsProblems(count: loaded.warnings.count, marked: !loaded.resetKeys.isEmpty)
    }

    /// Makes `new` the effective settings (from the menu); returns whether anything changed,
    /// and queues the save if so.
    @discardableResult
    mutating func change(to new: Settings, writer: BackgroundWriter) -> Bool {
        let old = effective
        guard new != old else { return false }
        overrides.release(changedFrom: old, to: new)
        // What the command line still holds keeps the file's value; the rest is the new one.
        let file = overrides.kept(from: saved, in: new)
        guard file != saved else { return true }
        saved = file
        resetKeys = []
        if let path { writer.enqueue { [file] in try SettingsFile.save(file, path: path, naming: Self.naming) } }
        return true
    }
}
