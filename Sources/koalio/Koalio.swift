import ArgumentParser
import KoalioApp
import KoalioSDL

/// koalio's command line. These names are a promise to players and scripts: extend, never rename.
struct Koalio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koalio",
        abstract: "A controller-friendly tile-map platformer: walk, jump, dash, reach the flag.",
        discussion: """
        Starts at the title (--level goes straight into a level). \
        Keys: ←/→ or A/D walk, Space/Z/↑/W jump, X/Left Shift dash, Esc/P pause, \
        Enter restart or next level (end screens), Q leave a paused level, F11 fullscreen. \
        Game pads: left stick or d-pad walk, A jump, X or B dash, Start pause, B back in menus; \
        plug them in or out at any time.
        """,
        version: Game.versionLine
    )

    @Option(help: ArgumentHelp("Go straight into this level (no title): a name in the data directory's Levels/ or a path to a .tmx file (with --replay: the replay's level).", valueName: "name|path"))
    var level: String?

    @Flag(help: "Start in fullscreen (F11 toggles).")
    var fullscreen = false

    @Option(help: ArgumentHelp("Window size as a multiple of the 568×320 view (1-8; default: the settings', 2).", valueName: "n"))
    var scale: Int?

    @Option(help: ArgumentHelp("Write one JSON object per 60 Hz step to this file (see README).", valueName: "file"))
    var trace: String?

    @Option(help: ArgumentHelp("When the game ends, write one line per frame to this file: its start (ms since the first frame) and how long its work took (ms).", valueName: "file"))
    var frameTimes: String?

    @Flag(help: "Run with no visible window (SDL's dummy video driver), as fast as possible. Needs --ticks.")
    var headless = false

    @Option(help: ArgumentHelp("Stop after this many 60 Hz steps.", valueName: "n"))
    var ticks: Int?

    @Option(help: ArgumentHelp("Directory holding Resources/ and Levels/ (default: found beside the program; also $KOALIO_DATA_DIR).", valueName: "dir"))
    var dataDir: String?

    @Option(help: ArgumentHelp("Renderer: auto (software when there is no GPU), software, or accelerated.", valueName: "name"))
    var renderer: RendererChoice = .auto

    @Option(help: ArgumentHelp("Play timed key presses from this file, one step per frame (see README).", valueName: "file"))
    var inputScript: String?

    @Option(help: ArgumentHelp("Save the last frame shown to this PNG file when the game ends.", valueName: "file"))
    var screenshot: String?

    @Option(help: ArgumentHelp("Record the first run to this replay file when it ends or the game quits (winning runs are also saved under ~/.local/share/koalio/replays).", valueName: "file"))
    var record: String?

    @Option(help: ArgumentHelp("Play a recorded run back instead of live input (pause and quit still work).", valueName: "file"))
    var replay: String?

    @Flag(help: "With --replay: check the recording as fast as possible; print 'ok' and the ticks, or the first tick that differs (exit 1).")
    var verify = false

    @Option(help: ArgumentHelp("Music volume this run, 0-100 (0: no music; default: the settings', 70).", valueName: "n"))
    var musicVolume: Int?

    @Option(help: ArgumentHelp("Sound effects volume this run, 0-100 (0: none; default: the settings', 100).", valueName: "n"))
    var effectsVolume: Int?

    @Option(help: ArgumentHelp("Read and save the settings in this file instead of ~/.config/koalio/settings.toml (see README).", valueName: "file"))
    var config: String?

    @Flag(help: "Do not race the ghost of your best run in levels you have won.")
    var noGhost = false

    @Flag(help: "Print the game controllers SDL sees (name, type, GUID, player index, battery) and exit.")
    var listControllers = false

    @Flag(help: "With --level: reload the level whenever its file, its tilesets or its images change on disk (for level authors).")
    var watch = false

    @Option(name: .customLong("check-level"), parsing: .upToNextOption,
            help: ArgumentHelp("Check these level files and exit: load each, name what an author should fix, and say whether the solver can win it (exit 0: all winnable, 1: one is not, 2: one does not load).", valueName: "file"))
    var checkLevel: [String] = []

    func validate() throws {
        if let scale, !(1...8).contains(scale) { throw ValidationError("--scale must be from 1 to 8, not \(scale).") }
        if let ticks, ticks < 0 { throw ValidationError("--ticks must not be negative.") }
        if verify && replay == nil { throw ValidationError("--verify needs --replay FILE.") }
        if record != nil && replay != nil { throw ValidationError("--record and --replay do not go together.") }
        if let musicVolume, !(0...100).contains(musicVolume) { throw ValidationError("--music-volume must be from 0 to 100, not \(musicVolume).") }
        if let effectsVolume, !(0...100).contains(effectsVolume) { throw ValidationError("--effects-volume must be from 0 to 100, not \(effectsVolume).") }
        if watch && (level == nil || replay != nil) { throw ValidationError("--watch needs --level FILE (and no --replay).") }
        if headless && ticks == nil && !verify { throw ValidationError("--headless needs --ticks N (there is no window to close).") }
    }
}

extension RendererChoice: ExpressibleByArgument {}

extension Koalio {
    var gameOptions: GameOptions {
        var options = GameOptions()
        options.level = level
        options.fullscreen = fullscreen
        options.scale = scale
        options.tracePath = trace
        options.frameTimesPath = frameTimes
        options.headless = headless
        options.ticks = ticks
        options.dataDirectory = dataDir
        options.renderer = renderer
        options.inputScriptPath = inputScript
        options.screenshotPath = screenshot
        options.recordPath = record
        options.replayPath = replay
        options.verify = verify
        options.ghost = !noGhost
        options.musicVolume = musicVolume
        options.effectsVolume = effectsVolume
        options.configPath = config
        options.watch = watch
        return options
    }
}
