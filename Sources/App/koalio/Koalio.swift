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
        version: Game.versionLine,
        subcommands: [LevelsCommand.self, CheckLevelCommand.self, PackCommand.self, ControllersCommand.self, ReplayCommand.self, SplitsCommand.self]
    )

    @OptionGroup var options: GameOptions

    // The subcommands' old names, kept for scripts and old notes; hidden from --help.

    /// `koalio controllers`.
    @Flag(help: ArgumentHelp("Print the game controllers SDL sees and exit (koalio controllers).", visibility: .hidden))
    var listControllers = false

    /// `koalio levels`.
    @Flag(help: ArgumentHelp("Print the levels and packs and exit (koalio levels).", visibility: .hidden))
    var listLevels = false

    /// `koalio pack add`.
    @Option(name: .customLong("add-pack"), help: ArgumentHelp("Add a level pack (koalio pack add).", valueName: "dir|file.zip", visibility: .hidden))
    var addPack: String?

    /// `koalio pack export`.
    @Option(name: .customLong("export-pack"), parsing: .upToNextOption,
            help: ArgumentHelp("Zip a level pack: --export-pack DIR OUT.zip (koalio pack export).", valueName: "dir out.zip", visibility: .hidden))
    var exportPack: [String] = []

    mutating func validate() throws {
        if !exportPack.isEmpty && exportPack.count != 2 {
            throw ValidationError("--export-pack takes a pack's folder and the zip to write: --export-pack DIR OUT.zip")
        }
    }

    /// `koalio check-level`.
    @Option(name: .customLong("check-level"), parsing: .upToNextOption,
            help: ArgumentHelp("Check level files and exit (koalio check-level).", valueName: "file", visibility: .hidden))
    var checkLevel: [String] = []
}
