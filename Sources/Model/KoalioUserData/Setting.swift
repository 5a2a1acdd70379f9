import KoalioCore
import KoalioInput
import KoalioText

/// One setting besides the bindings, written once: where it lives in `settings.toml`, its range
/// or choices, its comment there, and its row in the settings menu (label, how it is shown,
/// how far left and right move it). ``SettingsFile`` reads and writes the file from
/// ``Setting/all``, and the menu (KoalioFlow's `SettingsMenu`) builds its rows from it.
public struct Setting {
    public enum Value {
        /// A whole number in `range`; the menu moves it by `step` and shows it with `unit`
        /// (`%`, `x`).
        case integer(WritableKeyPath<Settings, Int>, ClosedRange<Int>, step: Int, unit: String)
        /// On or off.
        case boolean(WritableKeyPath<Settings, Bool>)
        /// One of a few words, as the file spells them and as the menu shows them.
        case choice([Choice], get: (Settings) -> String, set: (inout Settings, String) -> Void)
        /// Any text without a NUL (a display's name); the menu has a row of its own for it.
        case text(WritableKeyPath<Settings, String>, shape: String)
    }

    public struct Choice {
        /// As the file spells it.
        public var word: String
        /// As the menu shows it.
        public var shown: Text
    }

    /// The file's tables, in the order they are written.
    public enum Section: String, CaseIterable, Sendable {
        case keyboard, gamepad, touch, video, audio, game, assist, phones, online
    }

    public var id: ID
    public var section: Section
    public var key: String
    /// The file's comment above it.
    public var comment: String
    /// The menu row's label.
    public var label: Message
    public var value: Value

    /// Where a setting's row is: the settings menu's pages (most), Play online's page (Hide my
    /// address, beside the games it changes), or none: set in the file, or for a run by its
    /// option (the rendezvous and its certificate: a name typed once, as a community gives it).
    public enum Place: Sendable {
        case settingsMenu, playOnline, fileAndOption
    }

    /// Where the setting's row is (``Place``).
    public var place: Place {
        switch id {
        case .hideMyAddress: .playOnline
        case .rendezvous, .rendezvousCa: .fileAndOption
        default: .settingsMenu
        }
    }

    /// `section.key`, as problems and the menu's reset marks name it (`audio.music`).
    public var fileKey: String { "\(section.rawValue).\(key)" }

    /// Left and right in the menu move percentages by this much.
    public static let percentStep = 10
    /// … and the stick's dead zone by this much.
    public static let deadZoneStep = 5

    /// Each setting as code names it (the file spells it `section.key`: ``fileKey``), in the
    /// file's order: a menu row, a test or the command line asks for one by its case, never by
    /// a string or a place.
    public enum ID: String, CaseIterable, Sendable {
        case nintendoButtons, deadZone, rumble, rumbleStrength, touchShown, touchOpacity, touchSize, leftHanded, joystick
        case fullscreen, windowScale, scaling, display, smoothMotion, speedrunTimer, liveSplitOne, music, effects, ghost, language, speed, invincible, infiniteDash, phones
        case rendezvous, rendezvousCa, hideMyAddress
    }

    /// Every setting, in the file's order.
    public static var all: [Setting] { ID.allCases.map(with) }

    /// The setting `id` names (every one has a row in the table: the switch is exhaustive).
    public static func with(_ id: ID) -> Setting {
        switch id {
        case .nintendoButtons:
            return choice(id, .gamepad, "nintendo_buttons", .nintendoButtons, [("position", .byPosition), ("label", .byLabel)],
                       get: { $0.bindings.nintendoByLabel ? "label" : "position" }, set: { $0.bindings.nintendoByLabel = $1 == "label" },
                       "Switch pads: \"a\" is the bottom button as on other pads (position), or the button printed A")
        case .deadZone:
            return integer(id, .gamepad, "dead_zone", .stickDeadZone, \.deadZonePercent, Settings.deadZoneRange, step: deadZoneStep,
                        "Percent of the stick's travel ignored around its centre")
        case .rumble:
            return boolean(id, .gamepad, "rumble", .rumble, \.rumble, "Rumble when the koala dies")
        case .rumbleStrength:
            return integer(id, .gamepad, "rumble_strength", .rumbleStrength, \.rumbleStrengthPercent, Settings.percentRange, step: percentStep,
                        "Rumble strength in percent")
        case .touchShown:
            return choice(id, .touch, "show", .showControls, Settings.TouchControlsShown.allCases.map { ($0.rawValue, $0.message) },
                       get: { $0.touchShown.rawValue }, set: { $0.touchShown = Settings.TouchControlsShown(rawValue: $1) ?? .auto },
                       "On-screen controls in a level with no pad: auto (while touch or the mouse was used last), always or off")
        case .touchOpacity:
            return integer(id, .touch, "opacity", .opacity, \.touchOpacityPercent, Settings.touchOpacityRange, step: percentStep,
                        "On-screen controls: opacity in percent")
        case .touchSize:
            return integer(id, .touch, "size", .size, \.touchSizePercent, Settings.touchSizeRange, step: percentStep, "On-screen controls: size in percent")
        case .leftHanded:
            return boolean(id, .touch, "left_handed", .leftHanded, \.leftHanded, "On-screen controls mirrored: joystick on the right")
        case .joystick:
            return choice(id, .touch, "joystick", .joystick, Settings.JoystickMode.allCases.map { ($0.rawValue, $0.message) },
                       get: { $0.joystick.rawValue }, set: { $0.joystick = Settings.JoystickMode(rawValue: $1) ?? .floating }, "On-screen joystick")
        case .fullscreen:
            return boolean(id, .video, "fullscreen", .fullscreen, \.fullscreen, "Start in fullscreen (F11 switches)")
        case .windowScale:
            return integer(id, .video, "window_scale", .windowScale, \.windowScale, Settings.windowScaleRange, step: 1, unit: "x",
                        "Window size as a multiple of 568×320")
        case .scaling:
            return choice(id, .video, "scaling", .scaling, ViewScaling.allCases.map { ($0.rawValue, $0.message) },
                       get: { $0.scaling.rawValue }, set: { $0.scaling = ViewScaling(rawValue: $1) ?? .pixelPerfect },
                       "Pixel-perfect: whole multiples of the view; fill: as large as the screen allows, in its shape")
        case .display:
            return Setting(id: id, section: .video, key: "display", comment: "The display to open on, by name (\"\" for the first)", label: .display,
                        value: .text(\.display, shape: "a display's name in quotes"))
        case .smoothMotion:
            return choice(id, .video, "smooth_motion", .smoothMotion, Settings.SmoothMotion.allCases.map { ($0.rawValue, $0.message) },
                       get: { $0.smoothMotion.rawValue }, set: { $0.smoothMotion = Settings.SmoothMotion(rawValue: $1) ?? .auto },
                       "Draw between the 60 Hz steps, once per display refresh: auto (on above 60 Hz), on or off")
        case .speedrunTimer:
            return boolean(id, .video, "speedrun_timer", .speedrunTimer, \.speedrunTimer,
                        "The timer in milliseconds at the top (always shown in a speedrun)")
        case .liveSplitOne:
            return boolean(id, .video, "livesplit_one", .liveSplitOneServer, \.liveSplitOne,
                        "Speedruns: LiveSplit One's \"Connect to Server\" may attach at ws://127.0.0.1:16835")
        case .music:
            return integer(id, .audio, "music", .musicVolume, \.musicVolume, Settings.percentRange, step: percentStep, "Music volume in percent")
        case .effects:
            return integer(id, .audio, "effects", .effectsVolume, \.effectsVolume, Settings.percentRange, step: percentStep,
                        "Sound effects volume in percent")
        case .ghost:
            return boolean(id, .game, "ghost", .ghost, \.ghost, "Race the ghost of your best run in levels you have won")
        case .language:
            // Each language in its own words, "Automatic" (the desktop's) first.
            return Setting(id: id, section: .game, key: "language",
                           comment: "The language the game speaks: \"auto\" (the desktop's: LANGUAGE, LC_ALL, LC_MESSAGES, LANG) or "
                               + Language.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
                           label: .language,
                           value: .choice([Choice(word: "auto", shown: .message(.automatic))]
                                          + Language.allCases.map { Choice(word: $0.rawValue, shown: .verbatim($0.name)) },
                                          get: { $0.language?.rawValue ?? "auto" }, set: { $0.language = Language(rawValue: $1) }))
        case .speed:
            return integer(id, .assist, "speed", .gameSpeed, \.assist.speedPercent, Assist.speedRange, step: Assist.speedStepPercent,
                        "Assist: game speed in percent (runs with any assist on set no best time or medal)")
        case .invincible:
            return boolean(id, .assist, "invincible", .invincible, \.assist.invincible,
                        "Assist: spikes and critters do not kill; a fall returns you to the last checkpoint")
        case .infiniteDash:
            return boolean(id, .assist, "infinite_dash", .infiniteDash, \.assist.infiniteDash, "Assist: dash without holding the dash button")
        case .phones:
            return boolean(id, .phones, "enabled", .phonePads, \.phones,
                        "Phones may join as game pads: koalio listens on this machine's private network addresses")
        case .rendezvous:
            return Setting(id: id, section: .online, key: "rendezvous",
                           comment: "Games by room code: the rendezvous, a name or address (\"\" for none: koalio operates none; docs/RENDEZVOUS.md)",
                           label: .rendezvous, value: .text(\.rendezvous, shape: "a host's name or address in quotes"))
        case .rendezvousCa:
            return Setting(id: id, section: .online, key: "rendezvous_ca",
                           comment: "A certificate file to trust for the rendezvous (a community's self-signed one); \"\": the system's",
                           label: .rendezvousCertificate, value: .text(\.rendezvousCa, shape: "a file's path in quotes"))
        case .hideMyAddress:
            return boolean(id, .online, "hide_my_address", .hideMyAddress, \.hideMyAddress,
                        "Games by room code go through the rendezvous's relay: the other player never learns this machine's address")
        }
    }

    // MARK: - The menu

    /// The value as the menu row shows it (`70%`, `2x`, `on`, `by label`).
    public func shown(_ settings: Settings) -> Text {
        switch value {
        case let .integer(path, _, _, unit): .verbatim("\(settings[keyPath: path])\(unit)")
        case let .boolean(path): .message(settings[keyPath: path] ? .on : .off)
        case let .choice(choices, get, _):
            choices.first { $0.word == get(settings) }?.shown ?? .verbatim(get(settings))
        case let .text(path, _): .verbatim(settings[keyPath: path])
        }
    }

    /// Left (−1) or right (+1) in the menu: a number moves by its step within its range, a
    /// switch flips, a choice goes to the next or previous one (round). Text does not move.
    public func adjust(_ settings: inout Settings, by direction: Int) {
        switch value {
        case let .integer(path, range, step, _):
            settings[keyPath: path] = min(range.upperBound, max(range.lowerBound, settings[keyPath: path] + direction * step))
        case let .boolean(path):
            settings[keyPath: path].toggle()
        case let .choice(choices, get, set):
            guard let index = choices.firstIndex(where: { $0.word == get(settings) }) else { return }
            set(&settings, choices[((index + direction) % choices.count + choices.count) % choices.count].word)
        case .text:
            break
        }
    }

    // MARK: - Making the table

    private static func integer(_ id: ID, _ section: Section, _ key: String, _ label: Message, _ path: WritableKeyPath<Settings, Int>,
                                _ range: ClosedRange<Int>, step: Int, unit: String = "%", _ comment: String) -> Setting {
        Setting(id: id, section: section, key: key, comment: comment, label: label, value: .integer(path, range, step: step, unit: unit))
    }

    private static func boolean(_ id: ID, _ section: Section, _ key: String, _ label: Message, _ path: WritableKeyPath<Settings, Bool>,
                                _ comment: String) -> Setting {
        Setting(id: id, section: section, key: key, comment: comment, label: label, value: .boolean(path))
    }

    private static func choice(_ id: ID, _ section: Section, _ key: String, _ label: Message, _ choices: [(String, Message)],
                               get: @escaping (Settings) -> String, set: @escaping (inout Settings, String) -> Void,
                               _ comment: String) -> Setting {
        Setting(id: id, section: section, key: key, comment: comment, label: label,
                value: .choice(choices.map { Choice(word: $0.0, shown: .message($0.1)) }, get: get, set: set))
    }
}

/// The settings' choices as the menu names them.
extension Settings.JoystickMode {
    public var message: Message {
        switch self {
        case .floating: .floating
        case .fixed: .fixed
        }
    }
}

extension Settings.TouchControlsShown {
    public var message: Message {
        switch self {
        case .auto: .auto
        case .always: .always
        case .off: .off
        }
    }
}

extension Settings.SmoothMotion {
    public var message: Message {
        switch self {
        case .auto: .auto
        case .on: .on
        case .off: .off
        }
    }
}

extension ViewScaling {
    public var message: Message {
        switch self {
        case .pixelPerfect: .pixelPerfect
        case .fill: .fill
        }
    }
}
