import Foundation
import KoalioTestSupport

/// Commands for the end-to-end tests that need a shell (make, dpkg, tar, unshare), with the
/// developer's own koalio and SDL settings left out and XDG homes of the test's own.
enum Shell {
    /// Runs `command` with /bin/sh; stdout and stderr together.
    static func run(_ command: String, in directory: String = Repository.root) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("KOALIO_") && !$0.key.hasPrefix("SDL_") }
        env["XDG_DATA_HOME"] = try Scratch.directory().path
        env["XDG_CONFIG_HOME"] = try Scratch.directory().path
        env["SDL_AUDIODRIVER"] = "dummy"  // sound without a sound card, and no warning
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// `text` as one shell word.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
