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
    package static let percentStep = 10
    package static let deadZoneStep = 5

    /// What the rows need besides the settings.
    package struct Context {
        package var settings: Settings
        /// The glyphs of the pad in use (Xbox's when there is none), for the pad buttons page.
        package var padStyle: ButtonStyle
        package var padCategory: ProductCategory
        /// SDL's displays by name.
        package var displays: [String]
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
                choice("Nintendo buttons", "gamepad.nintendo_buttons", settings.bindings.nintendoByLabel ? "by label" : "by position") {
                    $0.bindings.nintendoByLabel.toggle()
                },
                SettingsRow(entry: .init("Reset to defaults"), kind: .reset),
                SettingsRow(entry: .init("Back"), kind: .back),
            ]
        case .touchControls:
            return [
                percent("Opacity", "touch.opacity", \.touchOpacityPercent, Settings.touchOpacityRange, step: percentStep, settings),
                percent("Size", "touch.size", \.touchSizePercent, Settings.touchSizeRange, step: percentStep, settings),
                choice("Left-handed", "touch.left_handed", settings.leftHanded ? "on" : "off") { $0.leftHanded.toggle() },
                choice("Joystick", "touch.joystick", settings.joystick == .floating ? "floating" : "fixed") {
                    $0.joystick = $0.joystick == .floating ? .fixed : .floating
                },
                SettingsRow(entry: .init("Back"), kind: .back),
            ]
        case .video:
            return [
                choice("Fullscreen", "video.fullscreen", settings.fullscreen ? "on" : "off") { $0.fullscreen.toggle() },
                SettingsRow(entry: .init("Window scale", detail: "\(settings.windowScale)x"), kind: .adjust { settings, step in
                    settings.windowScale = clamped(settings.windowScale + step, Settings.windowScaleRange)
                }, fileKey: "video.window_scale"),
                displayRow(context),
                choice("Scaling", "video.scaling", settings.scaling == .fill ? "fill" : "pixel-perfect") {
                    $0.scaling = $0.scaling == .fill ? .pixelPerfect : .fill
                },
                SettingsRow(entry: .init("Back"), kind: .back),
            ]
        case .assist:
            return [
                percent("Game speed", "assist.speed", \.assist.speedPercent, Assist.speedRange, step: Assist.speedStepPercent, settings),
                choice("Invincible", "assist.invincible", settings.assist.invincible ? "on" : "off") { $0.assist.invincible.toggle() },
                choice("Infinite dash", "assist.infinite_dash", settings.assist.infiniteDash ? "on" : "off") { $0.assist.infiniteDash.toggle() },
                SettingsRow(entry: .init("Back"), kind: .back),
            ]
        default:
            return [
                SettingsRow(entry: .init("Keyboard keys"), kind: .open(.keyboardControls), fileKey: "keyboard"),
                SettingsRow(entry: .init("Pad buttons"), kind: .open(.padControls), fileKey: "gamepad"),
                percent("Stick dead zone", "gamepad.dead_zone", \.deadZonePercent, Settings.deadZoneRange, step: deadZoneStep, settings),
                choice("Rumble", "gamepad.rumble", settings.rumble ? "on" : "off") { $0.rumble.toggle() },
                percent("Rumble strength", "gamepad.rumble_strength", \.rumbleStrengthPercent, Settings.percentRange, step: percentStep, settings),
                SettingsRow(entry: .init("On-screen controls"), kind: .open(.touchControls), fileKey: "touch"),
                SettingsRow(entry: .init("Video"), kind: .open(.video), fileKey: "video"),
                percent("Music volume", "audio.music", \.musicVolume, Settings.percentRange, step: percentStep, settings),
                percent("Effects volume", "audio.effects", \.effectsVolume, Settings.percentRange, step: percentStep, settings),
                choice("Ghost of your best run", "game.ghost", settings.ghost ? "on" : "off") { $0.ghost.toggle() },
                SettingsRow(entry: .init("Assist", detail: settings.assist.isOn ? "on" : "off"), kind: .open(.assist), fileKey: "assist"),
                SettingsRow(entry: .init("Back"), kind: .back),
            ]
        }
    }

    /// The main page's dead-zone row (where the live stick view is drawn).
    package static let deadZoneRow = 2

    package static func conflictText(_ actions: [Action]) -> String? {
        actions.isEmpty ? nil : "also " + Set(actions).sorted { $0.rawValue < $1.rawValue }.map(\.title).joined(separator: ", ")
    }

    package static func clamped(_ value: Int, _ range: ClosedRange<Int>) -> Int { min(range.upperBound, max(range.lowerBound, value)) }

    package static func percent(_ label: String, _ fileKey: String, _ path: WritableKeyPath<Settings, Int>, _ range: ClosedRange<Int>,
                        step: Int, _ settings: Settings) -> SettingsRow {
        SettingsRow(entry: .init(label, detail: "\(settings[keyPath: path])%"), kind: .adjust { settings, direction in
            settings[keyPath: path] = clamped(settings[keyPath: path] + direction * step, range)
        }, fileKey: fileKey)
    }

    /// A two-way setting: either direction, or choosing, flips it.
    package static func choice(_ label: String, _ fileKey: String, _ value: String, flip: @escaping (inout Settings) -> Void) -> SettingsRow {
        SettingsRow(entry: .init(label, detail: value), kind: .adjust { settings, _ in flip(&settings) }, fileKey: fileKey)
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
