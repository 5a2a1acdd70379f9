import ArgumentParser
import KoalioApp
import KoalioCommands
import KoalioCore

// koalio's jobs besides playing, each a subcommand with its own options, as the argument
// parser means them (`koalio levels`, `koalio pack add DIR`, …). The flags they were before
// (`--list-levels`, `--add-pack`, …) still work, hidden from --help: scripts use them.

/// Prints `lines` escaped (names from files and devices: one harmless line each) and ends
/// with `status`; a refusal (`refusing`, with a non-zero status) goes to stderr, as errors do.
func finish(_ lines: [String], status: Int32 = 0, refusing: Bool = false) throws {
    let text = lines.map(TerminalText.escaped)
    if refusing && status != 0 {
        for line in text { StandardError.writeLine(line) }
    } else if !text.isEmpty {
        print(text.joined(separator: "\n"))
    }
    if status != 0 { throw ExitCode(status) }
}

/// `--data-dir`, for the subcommands that read the game's data: the game's own group
/// (``DataFolder``), so the folder given after the subcommand's name or before it reaches it.
struct DataDirectoryOption: ParsableArguments {
    @OptionGroup var folder: DataFolder

    var directory: String? { folder.dataDir }
}

struct LevelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "levels",
        abstract: "Print the shipped levels and every level pack's, with the name --level takes, the best time and the medal.")

    @OptionGroup var data: DataDirectoryOption

    func run() throws { try Self.list(dataDir: data.directory) }

    static func list(dataDir: String?) throws { try finish(try Commands.listLevels(dataDir: dataDir)) }
}

struct CheckLevelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-level",
        abstract: "Check level files: load each, name what an author should fix, say whether the solver can win it.",
        discussion: "Exit 0: all winnable; 1: one is not; 2: one does not load.")

    @Argument(help: ArgumentHelp("The level files (.tmx).", valueName: "file"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("check-level needs at least one level file.") }
    }

    func run() throws { try Self.check(files) }

    static func check(_ files: [String]) throws {
        let report = LevelCheck.run(files, slack: true)
        try finish(report.lines, status: report.status)
    }
}

struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Add a level pack to your levels, or zip one to share it.",
        subcommands: [Add.self, Export.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a level pack (a folder, or a .zip of one) and put it with your levels: every level must load and be winnable, or nothing is added.")

        @Argument(help: ArgumentHelp("The pack's folder or zip.", valueName: "dir|file.zip"))
        var source: String

        @OptionGroup var data: DataDirectoryOption

        func run() throws { try Self.add(source, dataDir: data.directory) }

        static func add(_ source: String, dataDir: String?) throws {
            let outcome = try Commands.addPack(source, dataDir: dataDir)
            try finish(outcome.lines, status: outcome.status, refusing: true)
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Zip the level pack in a folder, to share it.")

        @Argument(help: ArgumentHelp("The pack's folder.", valueName: "dir"))
        var folder: String

        @Argument(help: ArgumentHelp("The zip to write.", valueName: "out.zip"))
        var output: String

        func run() throws { try Self.export(folder, to: output) }

        static func export(_ folder: String, to output: String) throws {
            let outcome = Commands.exportPack(folder, to: output)
            try finish(outcome.lines, status: outcome.status, refusing: true)
        }
    }
}

struct SplitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splits",
        abstract: "Write a speedrun category's splits file for LiveSplit (.lss, version 1.7.0): one segment per level, with your personal best and best segments.")

    @Argument(help: ArgumentHelp("The category: world1, world2, all-levels, level3, or a pack's name.", valueName: "category"))
    var category: String

    @Argument(help: ArgumentHelp("The splits file to write.", valueName: "file.lss"))
    var file: String

    @OptionGroup var data: DataDirectoryOption

    func run() throws {
        let outcome = try MainActor.assumeIsolated { try Commands.exportSplits(category, to: file, dataDir: data.directory) }
        try finish(outcome.lines, status: outcome.status)
    }
}

struct ControllersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "controllers",
        abstract: "Print the game controllers SDL sees (name, type, GUID, player index, battery).")

    func run() throws { try Self.list() }

    /// Names come from the devices themselves: shown escaped, one line each.
    static func list() throws {
        let pads = try MainActor.assumeIsolated { try Commands.listControllers() }
        try finish(pads.isEmpty ? ["No game controllers found."] : pads)
    }
}

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Work with recorded runs (to watch one, koalio --replay FILE).",
        subcommands: [Verify.self])

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a recording's every checksum as fast as possible: print 'ok' and its ticks, or the first tick that differs (exit 1).")

        @Argument(help: ArgumentHelp("The replay file.", valueName: "file"))
        var file: String

        @Option(help: ArgumentHelp("Check it on this level instead of the one it names (a path to a .tmx, or a name).", valueName: "name|path"))
        var level: String?

        @OptionGroup var data: DataDirectoryOption

        func run() throws {
            var options = try GameOptions.parse([])  // every option at its default
            options.replay = file
            options.verify = true
            options.headless = true
            options.level = level
            options.dataDir = data.directory
            let status = try MainActor.assumeIsolated { try Game.run(options) }
            if status != 0 { throw ExitCode(status) }
        }
    }
}
