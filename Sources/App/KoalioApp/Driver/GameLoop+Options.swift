import KoalioSockets
import KoalioFlow
import KoalioCore
import KoalioLocalServer
import KoalioReplay
import KoalioScripting
import KoalioUserData

extension GameLoop {
    /// How a run of the loop is set up: the command line as parsed, whole (read where it is
    /// used: `--ticks`, `--headless`, `--frame-times`, `--refresh-rate`, `--phones-listen`,
    /// `--verbose`, `--screenshot`), and what the composition made of it (``Game/run(_:)``):
    /// the trace and the script opened, the catalog, the player's data, the phones' server.
    public struct Options {
        public var command: GameOptions
        public var trace: TraceWriter?
        public var script: InputScript?
        public var recording: RecordingOptions?
        public var replay: Recording?
        /// Seconds on a clock of the caller's, read once per frame, instead of SDL's: frames then
        /// run back to back (no pacing) through the accumulator, so tests can play any render
        /// rate, jitter or stall through the real loop.
        public var clock: (@MainActor () -> Double)?
        /// Where the game starts: the title (no `--level`), or straight in the level.
        public var startScreen = Screen.level
        /// The game's levels, for the level select and "next level"; nil for a single level.
        public var catalog: LevelCatalog?
        /// The starting session's level in the catalog (nil for a level from elsewhere).
        public var levelIndex: Int?
        /// `--level PACK/NAME`: where the pack's level keeps its records, and its medal times.
        package var packRecord: PackRecord?
        /// The player's progress as loaded, and where it is saved (nil: not saved).
        public var progress = PlayerProgress()
        public var progressPath: String?
        /// Where the replay of each level's best run is kept (`NAME.koalioreplay`).
        public var bestRunDirectory: String?
        /// The player's settings (and the command line's overrides), applied at start and
        /// changed by the settings menu.
        var settings = SettingsStore()
        /// Open the audio device after the first frame (not for headless runs).
        public var audio = false
        /// What went wrong reading the player's files, as values, for the title's line (a
        /// player who started koalio from a launcher never sees stderr).
        package var fileNotices: [FileNotice] = []
        /// `--watch`: the level file to reload when it or its tilesets and images change.
        public var watchPath: String?
        /// Every language's catalogue and the desktop's language: the settings' Language picks one.
        var translations = Translations()
        /// Phones let in as pads from the start (`--phones`, `[phones] enabled`): their server, started.
        var phones: PhonePads?
        /// `--host` or `--join`: the level is played over the network.
        var network: OnlineStart?
        /// Where the game's data is (a joiner from the menus looks for the host's level there).
        var dataDirectory: String?
        /// `--speedrun`: the category whose run starts on the first tick.
        var speedrun: SpeedrunCategory?
        /// Speedruns told to LiveSplit One (its server) and classic LiveSplit (a client to its server).
        var liveSplitOne: LiveSplitOneServer?
        var liveSplit: LiveSplitClient?

        public init(command: GameOptions, trace: TraceWriter? = nil, script: InputScript? = nil, recording: RecordingOptions? = nil,
                    replay: Recording? = nil) {
            self.command = command
            self.trace = trace
            self.script = script
            self.recording = recording
            self.replay = replay
        }
    }
}
