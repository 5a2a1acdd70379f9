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
    // The subcommands' old flags, as they were: each does its subcommand's job.
    if !options.checkLevel.isEmpty { try CheckLevelCommand.check(options.checkLevel) }
    if let source = options.addPack { try PackCommand.Add.add(source, dataDir: options.options.dataDir) }
    if options.exportPack.count == 2 { try PackCommand.Export.export(options.exportPack[0], to: options.exportPack[1]) }
    if options.listLevels { try LevelsCommand.list(dataDir: options.options.dataDir) }
    if options.listControllers { try ControllersCommand.list() }
    if !options.checkLevel.isEmpty || options.addPack != nil || options.exportPack.count == 2 || options.listLevels || options.listControllers {
        exit(0)
    }
    let status = try MainActor.assumeIsolated { () throws -> Int32 in try Game.run(options.options) }
    exit(status)
} catch let error as KoalioError {
    StandardError.writeLine("koalio: \(error.description)")
    exit(error.exitCode)
} catch {
    Koalio.exit(withError: error)
}
