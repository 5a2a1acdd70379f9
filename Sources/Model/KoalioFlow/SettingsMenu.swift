import KoalioCore
import KoalioInput
import KoalioText
import KoalioUserData
import KoalioUI

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
    /// The row of a setting of the table: the setting it shows.
    package var setting: Setting.ID?
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
        /// The largest window scale the display fits (nil: unknown): a larger setting says so.
        package var windowScaleFits: Int? = nil
    }

    package static func heading(_ screen: Screen) -> Message {
        switch screen {
        case .keyboardControls: return .keyboardKeys
        case .padControls: return .padButtons
        case .touchControls: return .onScreenControls
        case .video: return .video
        case .assist: return .assist
        default: return .settings
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
            marked.entry.detail = row.entry.detail.map { .message(.resetValue, [$0]) } ?? .message(.reset)
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
                return SettingsRow(entry: .init(.message(action.message), detail: conflictText(conflicts),
                                                glyphs: Prompt(keys.map { .glyph(.keycap(context.keyNames.name(of: $0))) }), warns: !conflicts.isEmpty),
                                   kind: .bind(action), fileKey: Setting.Section.keyboard.rawValue + "." + action.rawValue)
            } + [SettingsRow(entry: .init(.message(.resetToDefaults)), kind: .reset), SettingsRow(entry: .init(.message(.back)), kind: .back)]
        case .padControls:
            return Action.allCases.map { action in
                let buttons = settings.bindings.buttons[action, default: []]
                let conflicts = buttons.flatMap { settings.bindings.conflicts(of: $0, with: action) }
                let physical = settings.bindings.physicalButtons(for: action, on: context.padCategory)
                return SettingsRow(entry: .init(.message(action.message), detail: conflictText(conflicts),
                                                glyphs: Prompt(physical.map { .glyph(.pad($0, context.padStyle)) }), warns: !conflicts.isEmpty),
                                   kind: .bind(action), fileKey: Setting.Section.gamepad.rawValue + "." + action.rawValue)
            } + [
                row(.nintendoButtons, settings),
                row(.phones, settings),
                SettingsRow(entry: .init(.message(.resetToDefaults)), kind: .reset),
                SettingsRow(entry: .init(.message(.back)), kind: .back),
            ]
        case .touchControls:
            return [
                row(.touchShown, settings),
                row(.touchOpacity, settings),
                row(.touchSize, settings),
                row(.leftHanded, settings),
                row(.joystick, settings),
                SettingsRow(entry: .init(.message(.back)), kind: .back),
            ]
        case .video:
            return [
                row(.fullscreen, settings),
                windowScaleRow(context),
                displayRow(context),
                row(.scaling, settings),
                smoothMotionRow(context),
                row(.speedrunTimer, settings),
                row(.liveSplitOne, settings),
                SettingsRow(entry: .init(.message(.back)), kind: .back),
            ]
        case .assist:
            return [
                row(.speed, settings),
                row(.invincible, settings),
                row(.infiniteDash, settings),
                SettingsRow(entry: .init(.message(.back)), kind: .back),
            ]
        default:
            return [
                SettingsRow(entry: .init(.message(.keyboardKeys)), kind: .open(.keyboardControls), fileKey: Setting.Section.keyboard.rawValue),
                SettingsRow(entry: .init(.message(.padButtons)), kind: .open(.padControls), fileKey: Setting.Section.gamepad.rawValue),
                row(.deadZone, settings),
                row(.rumble, settings),
                row(.rumbleStrength, settings),
                SettingsRow(entry: .init(.message(.onScreenControls)), kind: .open(.touchControls), fileKey: Setting.Section.touch.rawValue),
                SettingsRow(entry: .init(.message(.video)), kind: .open(.video), fileKey: Setting.Section.video.rawValue),
                row(.music, settings),
                row(.effects, settings),
                row(.ghost, settings),
                row(.language, settings),
                SettingsRow(entry: .init(.message(.assist), detail: .message(settings.assist.isOn ? .on : .off)), kind: .open(.assist), fileKey: Setting.Section.assist.rawValue),
                SettingsRow(entry: .init(.message(.back)), kind: .back),
            ]
        }
    }

    package static func conflictText(_ actions: [Action]) -> Text? {
        actions.isEmpty ? nil
            : .message(.alsoBound, [.list(Set(actions).sorted { $0.rawValue < $1.rawValue }.map { .message($0.message) })])
    }

    /// The row of a setting of the table (``Setting/all``): its label, its value as shown, and
    /// left and right moving it as the table says.
    package static func row(_ id: Setting.ID, _ settings: Settings) -> SettingsRow {
        let setting = Setting.with(id)
        return SettingsRow(entry: .init(.message(setting.label), detail: setting.shown(settings)),
                           kind: .adjust { settings, direction in setting.adjust(&settings, by: direction) }, fileKey: setting.fileKey, setting: id)
    }

    /// Smooth motion as the table shows it, and for `auto` what that comes to on this display
    /// ("auto: on at 144 Hz").
    package static func smoothMotionRow(_ context: Context) -> SettingsRow {
        var row = row(.smoothMotion, context.settings)
        if context.settings.smoothMotion == .auto {
            let rate = context.refreshRate ?? Tick.perSecond
            row.entry.detail = .message(.smoothMotionAuto, [.message(Settings.SmoothMotion.auto.isOn(refreshRate: rate) ? .on : .off), .number(rate)])
        }
        return row
    }

    /// Window scale as the table shows it, and when the display is too small for it what the
    /// window has instead ("3x (2x fits)"), in the warning colour.
    package static func windowScaleRow(_ context: Context) -> SettingsRow {
        var row = row(.windowScale, context.settings)
        if let fits = context.windowScaleFits, fits < context.settings.windowScale {
            row.entry.detail = .message(.windowScaleFits, [row.entry.detail ?? .empty, .number(fits)])
            row.entry.warns = true
        }
        return row
    }

    /// The display to open on: SDL's displays in turn; one that is not connected is named so.
    package static func displayRow(_ context: Context) -> SettingsRow {
        let displays = context.displays
        let chosen = context.settings.display
        // No display listed (a headless run): the first, unnamed, or the one chosen, not connected.
        let current = chosen.isEmpty ? (displays.isEmpty ? nil : 0) : displays.firstIndex(of: chosen)
        let detail: Text? = current.map { .verbatim("\($0 + 1): \(displays[$0])") }
            ?? (chosen.isEmpty ? nil : .message(.notConnected, [.verbatim(chosen)]))
        return SettingsRow(entry: .init(.message(.display), detail: detail), kind: .adjust { settings, step in
            guard !displays.isEmpty else { return }
            let index = ((current ?? 0) + step + displays.count) % displays.count
            settings.display = index == 0 ? "" : displays[index]
        }, fileKey: Setting.with(.display).fileKey, setting: .display)
    }
}
