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

    @OptionGroup var options: GameOptions

    @Flag(help: "Print the game controllers SDL sees (name, type, GUID, player index, battery) and exit.")
    var listControllers = false

    @Flag(help: "Print the shipped levels and every level pack's, with the name --level takes, the best time and the medal, and exit.")
    var listLevels = false

    @Option(name: .customLong("add-pack"), help: ArgumentHelp("Check a level pack (a folder, or a .zip of one) and put it with your levels: every level must load and be winnable, or nothing is added; exit.", valueName: "dir|file.zip"))
    var addPack: String?

    @Option(name: .customLong("export-pack"), parsing: .upToNextOption,
            help: ArgumentHelp("Zip the level pack in a folder, to share it: --export-pack DIR OUT.zip; exit.", valueName: "dir out.zip"))
    var exportPack: [String] = []

    mutating func validate() throws {
        if !exportPack.isEmpty && exportPack.count != 2 {
            throw ValidationError("--export-pack takes a pack's folder and the zip to write: --export-pack DIR OUT.zip")
        }
    }

    @Option(name: .customLong("check-level"), parsing: .upToNextOption,
            help: ArgumentHelp("Check these level files and exit: load each, name what an author should fix, and say whether the solver can win it (exit 0: all winnable, 1: one is not, 2: one does not load).", valueName: "file"))
    var checkLevel: [String] = []
}
