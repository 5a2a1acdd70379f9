import Foundation
import KoalioTestSupport

/// Commands for the end-to-end tests that need a shell (make, dpkg, tar, unshare), with the
/// developer's own koalio and SDL settings left out and XDG homes of the test's own.
enum Shell {
    /// Runs `command` with /bin/sh (bounded in time, see ``ChildProcess``); its stdout, then
    /// its stderr.
    static func run(_ command: String, in directory: String = Repository.root) throws -> (status: Int32, output: String) {
        let env = try TestEnvironment.forChild(dataHome: try Scratch.directory().path)
        let run = try ChildProcess.run("/bin/sh", ["-c", command], environment: env, directory: directory)
        return (run.status, run.stdout + run.stderr)
    }

    /// `text` as one shell word.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
