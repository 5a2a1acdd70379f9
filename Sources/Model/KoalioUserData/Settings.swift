import KoalioCore
import KoalioInput
import KoalioText

/// Everything the player can set, as the settings menu and `settings.toml` hold it. Plain
/// values with their ranges; the game applies them (``SettingsFile`` reads and writes them).
public struct Settings: Equatable, Sendable {
    /// The on-screen joystick: its base follows the thumb, or stays where it is drawn.
    public enum JoystickMode: String, CaseIterable, Sendable {
        case floating, fixed
    }

    /// When the on-screen controls show in a level with no pad connected: `auto` while touch or
    /// the mouse was used last (they fade a few seconds after keys or a pad take over, and come
    /// back at the next touch or click), `always`, or `off` (a desktop player who never touches).
    public enum TouchControlsShown: String, CaseIterable, Sendable {
        case auto, always, off
    }

    /// Smooth motion: pictures drawn between the 60 Hz world states, once per display refresh.
    /// `auto` turns it on where the display reports more than 60 Hz (where 60 pictures a second
    /// judder); at 60 Hz it would only add the one frame it shows behind.
    public enum SmoothMotion: String, CaseIterable, Sendable {
        case auto, on, off

        /// Whether pictures are drawn between world states on a display of `refreshRate` Hz.
        public func isOn(refreshRate: Int) -> Bool {
            switch self {
            case .auto: refreshRate > Tick.perSecond
            case .on: true
            case .off: false
            }
        }
    }

    public var bindings = Bindings()
    /// Share of the stick's travel ignored around its centre, in percent.
    public var deadZonePercent = 20
    public var rumble = true
    public var rumbleStrengthPercent = 100
    public var touchShown = TouchControlsShown.auto
    /// On-screen controls: how opaque (percent of their normal look) and how big (percent).
    public var touchOpacityPercent = 100
    public var touchSizePercent = 100
    /// On-screen controls mirrored: joystick on the right, buttons on the left.
    public var leftHanded = false
    public var joystick = JoystickMode.floating
    public var fullscreen = false
    /// Window size as a multiple of the 568×320 view.
    public var windowScale = 2
    /// How the view fills a window or screen that is no whole multiple of it.
    public var scaling = ViewScaling.pixelPerfect
    /// The display to open on, by the name SDL reports for it; empty for the first display.
    public var display = ""
    public var smoothMotion = SmoothMotion.auto
    public var musicVolume = 70
    public var effectsVolume = 100
    /// Race the ghost of the best run in levels already won.
    public var ghost = true
    /// The HUD's timer in milliseconds (`m:ss.mmm`): always shown in a speedrun, else only
    /// when this is on.
    public var speedrunTimer = false
    /// Speedruns: LiveSplit One's "Connect to Server" may attach at ws://127.0.0.1:16835
    /// (`--livesplit-one` chooses the address for a run).
    public var liveSplitOne = false
    public static let liveSplitOnePort = 16835
    /// The language the game speaks; nil: the desktop's (the environment's, as gettext reads it).
    public var language: Language?
    /// Assist mode (off by default): recorded with each run.
    public var assist = Assist.off
    /// Phones may join as game pads (the game then listens on the machine's private network
    /// addresses); off until the player turns them on (Add a phone, or the settings).
    public var phones = false
    /// The rendezvous for games by room code (a community's server: koalio operates none);
    /// empty: none. `--rendezvous` stands in for it for a run.
    public var rendezvous = ""
    /// A certificate to trust for the rendezvous (a community's self-signed one, PEM); empty:
    /// the system's authorities.
    public var rendezvousCa = ""
    /// Games by room code go through the rendezvous's relay: the other player never learns this
    /// machine's address (`--relay-only` for a run).
    public var hideMyAddress = false

    public init() {}

    public static let deadZoneRange = 0...50
    public static let percentRange = 0...100
    public static let touchOpacityRange = 20...100
    public static let touchSizeRange = 50...200
    public static let windowScaleRange = 1...8
}
