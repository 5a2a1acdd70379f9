import Foundation

/// A private X server for window tests: started with `-displayfd` so it picks a free display
/// and says which once it accepts connections (no sleeping), and stopped, only the one we
/// started, when the test is done with it.
public final class Xvfb {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public let display: String
    private let pid: pid_t

    /// - Parameter framebufferDirectory: where Xvfb keeps its screen as an XWD file
    ///   (`Xvfb_screen0`, updated as clients draw: what a person would see, see ``XWDImage``).
    public init(framebufferDirectory: String? = nil) throws {
        guard let path = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile) else {
            throw Failure(description: "Xvfb is not installed: `make test` installs it (apt package xvfb)")
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 3)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [path, "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
            + (framebufferDirectory.map { ["-fbdir", $0] } ?? [])
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            throw Failure(description: "cannot start Xvfb: error \(spawned)")
        }
        self.pid = pid
        var number = ""
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1 && byte != 0x0A { number.append(Character(Unicode.Scalar(byte))) }
        close(fds[0])
        guard !number.isEmpty else {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            throw Failure(description: "Xvfb exited without opening a display")
        }
        display = ":" + number
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
