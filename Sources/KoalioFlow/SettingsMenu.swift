import KoalioCore
import KoalioInput
import KoalioUserData
import KoalioView

/// One row of a settings page: what it shows and what choosing or adjusting it does.
package struct SettingsRow {
    package enum Kind {
        /// Opens another settings page.
        case open(Screen)
        /// Left and right step the value (−1, +1); choosing steps it forward.
        case adjust((inout Settings, Int) -> Void)
        /// Waits for the key or pad button to do the action (see ``BindingCapture``).
        case bind(Action)
        /// The page's bindings back to the defaults.
        case reset
        case back
    }

    package var entry: MenuPage.Entry
    package var kind: Kind
    /// Where the setting lives in `settings.toml` (`audio.music`, `keyboard.jump`); a page's
    /// row names its table (`touch`). Rows whose setting had to be reset are marked.
    package var fileKey: String?
}

/// Waiting for the key or pad button a player presses to rebind an action.
package enum BindingCapture: Equatable {
    case key(Action)
    /// Started at `tick` of the loop: a pad capture gives up after ``SettingsMenu/padCaptureTicks``.
    case pad(Action, since: Int)
}

/// The settings pages: the main page, keyboard keys, pad buttons, on-screen controls, video.
/// Rows are built from the settings each frame, so what they show is what the game uses.
package enum SettingsMenu {
    /// How long a pad rebind waits for a button (Esc cancels sooner).
    package static let padCaptureTicks = 5 * 60

    /// What the rows need besides the settings.
    package struct Context {
        package var settings: Settings
        /// The glyphs of the pad in use (Xbox's when there is none), for the pad buttons page.
        package var padStyle: ButtonStyle
        package var padCategory: ProductCategory
        /// SDL's displays by name.
        package var displays: [String]
        /// The display's refresh rate in Hz (nil: none reported, taken as 60).
        package var refreshRate: Int? = nil
        /// The settings the file had wrong, which kept their defaults (`audio.music`).
        package var resetKeys: Set<String> = []
        package var keyNames = KeyNameTable()
    }

    package static func heading(_ screen: Screen) -> String {
        switch screen {
        case .keyboardControls: return "Keyboard keys"
        case .padControls: return "Pad buttons"
        case .touchControls: return "On-screen controls"
        case .video: return "Video"
        case .assist: return "Assist"
        default: return "Settings"
        }
    }

    /// The page's rows; those whose setting the file had wrong (and which kept the default) are
    /// drawn in the warning colour with "reset" before their value, and so are the rows that
    /// open a page holding one.
    package static func rows(_ screen: Screen, _ context: Context) -> [SettingsRow] {
        unmarkedRows(screen, context).map { row in
            guard let key = row.fileKey, context.resetKeys.contains(where: { $0 == key || $0.hasPrefix(key + ".") }) else { return row }
            var marked = row
            marked.entry.warns = true
            marked.entry.detail = "reset" + (row.entry.detail.map { ": " + $0 } ?? "")
            return marked
        }
    }

    private static func unmarkedRows(_ screen: Screen, _ context: Context) -> [SettingsRow] {
        let settings = context.settings
        switch screen {
        case .keyboardControls:
            return Action.allCases.map { action in
                let keys = settings.bindings.keys[action, default: []]
                let conflicts = keys.flatMap { settings.bindings.conflicts(of: $0, with: action) }
                return SettingsRow(entry: .init(action.title, detail: conflictText(conflicts),
                                                glyphs: Prompt(keys.map { .glyph(.keycap(context.keyNames.name(of: $0))) }), warns: !conflicts.isEmpty),
                                   kind: .bind(action), fileKey: "keyboard." + action.rawValue)
            } + [SettingsRow(entry: .init("Reset to defaults"), kind: .reset), SettingsRow(entry: .init("Back"), kind: .back)]
        case .padControls:
            return Action.allCases.map { action in
                let buttons = settings.bindings.buttons[action, default: []]
                let conflicts = buttons.flatMap { settings.bindings.conflicts(of: $0, with: action) }
                let physical = settings.bindings.physicalButtons(for: action, on: context.padCategory)
                return SettingsRow(entry: .init(action.title, detail: conflictText(conflicts),
                                                glyphs: Prompt(physical.map { .glyph(.pad($0, context.padStyle)) }), warns: !conflicts.isEmpty),
                                   kind: .bind(action), fileKey: "gamepad." + action.rawValue)
            } + [
                row("gamepad.nintendo_buttons", settings),
                row("phones.enabled", settings),
                SettingsRow(entry: .init("Reset to defaults"), kind: .reset),
                SettingsRow(entry: .init("Back"), kind: .back),
            ].compactMap { $0 }
        case .touchControls:
            return [
                row("touch.opacity", settings),
                row("touch.size", settings),
                row("touch.left_handed", settings),
                row("touch.joystick", settings),
                SettingsRow(entry: .init("Back"), kind: .back),
            ].compactMap { $0 }
        case .video:
            return [
                row("video.fullscreen", settings),
                row("video.window_scale", settings),
                displayRow(context),
                row("video.scaling", settings),
                smoothMotionRow(context),
                SettingsRow(entry: .init("Back"), kind: .back),
            ].compactMap { $0 }
        case .assist:
            return [
                row("assist.speed", settings),
                row("assist.invincible", settings),
                row("assist.infinite_dash", settings),
                SettingsRow(entry: .init("Back"), kind: .back),
            ].compactMap { $0 }
        default:
            return [
                SettingsRow(entry: .init("Keyboard keys"), kind: .open(.keyboardControls), fileKey: "keyboard"),
                SettingsRow(entry: .init("Pad buttons"), kind: .open(.padControls), fileKey: "gamepad"),
                row("gamepad.dead_zone", settings),
                row("gamepad.rumble", settings),
                row("gamepad.rumble_strength", settings),
                SettingsRow(entry: .init("On-screen controls"), kind: .open(.touchControls), fileKey: "touch"),
                SettingsRow(entry: .init("Video"), kind: .open(.video), fileKey: "video"),
                row("audio.music", settings),
                row("audio.effects", settings),
                row("game.ghost", settings),
                SettingsRow(entry: .init("Assist", detail: settings.assist.isOn ? "on" : "off"), kind: .open(.assist), fileKey: "assist"),
                SettingsRow(entry: .init("Back"), kind: .back),
            ].compactMap { $0 }
        }
    }

    /// The main page's dead-zone row (where the live stick view is drawn).
    package static let deadZoneRow = 2

    package static func conflictText(_ actions: [Action]) -> String? {
        actions.isEmpty ? nil : "also " + Set(actions).sorted { $0.rawValue < $1.rawValue }.map(\.title).joined(separator: ", ")
    }

    /// The row of a setting of the table (``Setting/all``): its label, its value as shown, and
    /// left and right moving it as the table says. Nil for a key the table does not have (a
    /// test holds every page's keys to the table).
    package static func row(_ fileKey: String, _ settings: Settings) -> SettingsRow? {
        guard let setting = Setting.named(fileKey) else { return nil }
        return SettingsRow(entry: .init(setting.label, detail: setting.shown(settings)),
                           kind: .adjust { settings, direction in setting.adjust(&settings, by: direction) }, fileKey: fileKey)
    }

    /// Smooth motion as the table shows it, and for `auto` what that comes to on this display
    /// ("auto: on at 144 Hz").
    package static func smoothMotionRow(_ context: Context) -> SettingsRow? {
        guard var row = row("video.smooth_motion", context.settings) else { return nil }
        if context.settings.smoothMotion == .auto {
            let rate = context.refreshRate ?? Tick.perSecond
            row.entry.detail = "auto: \(Settings.SmoothMotion.auto.isOn(refreshRate: rate) ? "on" : "off") at \(rate) Hz"
        }
        return row
    }

    /// The display to open on: SDL's displays in turn; one that is not connected is named so.
    package static func displayRow(_ context: Context) -> SettingsRow {
        let displays = context.displays
        let chosen = context.settings.display
        let current = chosen.isEmpty ? 0 : displays.firstIndex(of: chosen)
        let detail = current.map { "\($0 + 1): \(displays[$0])" } ?? "\(chosen) (not connected)"
        return SettingsRow(entry: .init("Display", detail: detail), kind: .adjust { settings, step in
            guard !displays.isEmpty else { return }
            let index = ((current ?? 0) + step + displays.count) % displays.count
            settings.display = index == 0 ? "" : displays[index]
        }, fileKey: "video.display")
    }
}
