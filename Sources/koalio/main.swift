import ArgumentParser
import Glibc
import KoalioApp
import KoalioCore

/// Parses the command line and hands over to `KoalioApp`. Every failure ends here as one line
/// on stderr and a non-zero exit (2 for bad input, 1 otherwise), never a stack trace.
do {
    var command = try Koalio.parseAsRoot(ProcessArguments.afterProgramName())
    guard let options = command as? Koalio else {
        try command.run()
        exit(0)
    }
    if !options.checkLevel.isEmpty {
        let report = LevelCheck.run(options.checkLevel)
        print(report.lines.map(TerminalText.escaped).joined(separator: "\n"))
        exit(report.status)
    }
    if let source = options.addPack {
        let outcome = try Game.addPack(source, dataDir: options.options.dataDir)
        print(outcome.lines.map(TerminalText.escaped).joined(separator: "\n"))
        exit(outcome.status)
    }
    if options.exportPack.count == 2 {
        let outcome = Game.exportPack(options.exportPack[0], to: options.exportPack[1])
        print(outcome.lines.map(TerminalText.escaped).joined(separator: "\n"))
        exit(outcome.status)
    }
    if options.listLevels {
        print(try Game.listLevels(dataDir: options.options.dataDir).map(TerminalText.escaped).joined(separator: "\n"))
        exit(0)
    }
    let status = try MainActor.assumeIsolated { () throws -> Int32 in
        if options.listControllers {
            let pads = try Game.listControllers()
            // Names come from the devices themselves: shown escaped, one line each.
            print(pads.isEmpty ? "No game controllers found." : pads.map(TerminalText.escaped).joined(separator: "\n"))
            return 0
        }
        return try Game.run(options.options)
    }
    exit(status)
} catch let error as KoalioError {
    StandardError.writeLine("koalio: \(error.description)")
    exit(error.exitCode)
} catch {
    Koalio.exit(withError: error)
}
