import KoalioSDL
import KoalioUserData

/// The player's settings as this run uses them: the file's (`settings.toml`, or `--config`),
/// with the command line's options on top for this run only. The settings menu changes the
/// file's values; a change to one the command line set also ends that option's hold on it.
/// Saved on the background writer, only when something changed.
struct SettingsStore {
    /// What the command line set, each overriding the file for this run.
    struct Overrides: Sendable {
        var fullscreen: Bool?
        var windowScale: Int?
        var musicVolume: Int?
        var effectsVolume: Int?
        var ghost: Bool?

        func applied(to settings: Settings) -> Settings {
            var result = settings
            if let fullscreen { result.fullscreen = fullscreen }
            if let windowScale { result.windowScale = windowScale }
            if let musicVolume { result.musicVolume = musicVolume }
            if let effectsVolume { result.effectsVolume = effectsVolume }
            if let ghost { result.ghost = ghost }
            return result
        }

        /// Lets go of the options whose settings differ between `old` and `new`.
        mutating func release(changedFrom old: Settings, to new: Settings) {
            if old.fullscreen != new.fullscreen { fullscreen = nil }
            if old.windowScale != new.windowScale { windowScale = nil }
            if old.musicVolume != new.musicVolume { musicVolume = nil }
            if old.effectsVolume != new.effectsVolume { effectsVolume = nil }
            if old.ghost != new.ghost { ghost = nil }
        }
    }

    /// SDL's key names, for the file.
    static let naming = SettingsFile.KeyNaming(key: KeyNames.key(named:), name: KeyNames.name(of:))

    /// The file's settings (what a save writes).
    private(set) var saved: Settings
    var overrides: Overrides
    /// Where they are saved; nil: not saved (no home folder).
    let path: String?
    /// The file there had problems: the first save keeps it aside.
    private(set) var fileDamaged: Bool

    init(saved: Settings = Settings(), overrides: Overrides = Overrides(), path: String? = nil, fileDamaged: Bool = false) {
        self.saved = saved
        self.overrides = overrides
        self.path = path
        self.fileDamaged = fileDamaged
    }

    /// What the game uses now.
    var effective: Settings { overrides.applied(to: saved) }

    /// Reads the file at `path` (a missing one is the defaults); its warnings are for stderr.
    static func load(path: String?, overrides: Overrides) -> (SettingsStore, warnings: [String]) {
        guard let path else { return (SettingsStore(overrides: overrides), []) }
        let loaded = SettingsFile.load(path: path, naming: naming)
        return (SettingsStore(saved: loaded.settings, overrides: overrides, path: path, fileDamaged: loaded.isDamaged), loaded.warnings)
    }

    /// Makes `new` the effective settings (from the menu); returns whether anything changed,
    /// and queues the save if so.
    @discardableResult
    mutating func change(to new: Settings, writer: BackgroundWriter) -> Bool {
        let old = effective
        guard new != old else { return false }
        overrides.release(changedFrom: old, to: new)
        // What the command line still holds keeps the file's value; the rest is the new one.
        var file = new
        if overrides.fullscreen != nil { file.fullscreen = saved.fullscreen }
        if overrides.windowScale != nil { file.windowScale = saved.windowScale }
        if overrides.musicVolume != nil { file.musicVolume = saved.musicVolume }
        if overrides.effectsVolume != nil { file.effectsVolume = saved.effectsVolume }
        if overrides.ghost != nil { file.ghost = saved.ghost }
        guard file != saved else { return true }
        saved = file
        if let path {
            let replacing = fileDamaged
            fileDamaged = false
            writer.enqueue { [file] in
                if let warning = try SettingsFile.save(file, path: path, naming: Self.naming, replacingDamaged: replacing) {
                    StandardError.writeLine("koalio: warning: \(warning)")
                }
            }
        }
        return true
    }
}
