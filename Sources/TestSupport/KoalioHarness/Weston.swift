import Foundation

/// A private Wayland compositor for window tests: weston with its X11 backend inside a private
/// ``Xvfb`` (weston's headless backend offers no seat, and SDL 2.26 crashes there).
///
/// No sleeping while weston comes up: the harness watches the runtime folder (inotify) until
/// weston's log says it is loading its shell, which weston does only after its socket listens
/// (the socket file itself appears at `bind`, a moment before `listen`: a client connecting then
/// was refused). It connects once to be sure. A client that connects from then on is queued
/// until weston, its shell and seat ready, serves it.
public final class Weston {
    /// The environment a client needs: `XDG_RUNTIME_DIR`, `WAYLAND_DISPLAY` and
    /// `SDL_VIDEODRIVER=wayland` (and no `DISPLAY`: remove it from the child's environment).
    public let environment: [String: String]
    private let xvfb: Xvfb
    private let pid: pid_t
    private let runtimeDirectory: String

    /// `scale`: the output's scale (2 for a HiDPI screen).
    public init(scale: Int = 1) throws {
        guard let path = ["/usr/bin/weston", "/usr/local/bin/weston"].first(where: FileManager.default.isExecutableFile) else {
            throw Xvfb.Failure(description: "weston is not installed: `make test` installs it (apt package weston)")
        }
        xvfb = try Xvfb()
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-wayland-XXXXXX").path
        var buffer = Array(template.utf8CString)
        guard let made = mkdtemp(&buffer) else { throw Xvfb.Failure(description: "mkdtemp failed") }
        runtimeDirectory = String(cString: made)  // mode 0700, as XDG_RUNTIME_DIR must be
        let socketName = "wayland-koalio"
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        guard watch >= 0, inotify_add_watch(watch, runtimeDirectory, UInt32(IN_CREATE | IN_MODIFY)) >= 0 else {
            throw Xvfb.Failure(description: "inotify failed: error \(errno)")
        }
        defer { close(watch) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [path, "--backend=x11-backend.so", "--socket=\(socketName)", "--width=1280", "--height=720", "--scale=\(scale)", "--idle-time=0", "--log=\(runtimeDirectory)/\(Self.logName)",
                         "--no-config"]
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("WAYLAND_") }
        env["DISPLAY"] = xvfb.display
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else {
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
            throw Xvfb.Failure(description: "cannot start weston: error \(spawned)")
        }
        self.pid = pid
        environment = ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName, "SDL_VIDEODRIVER": "wayland"]
        try Self.awaitShell(log: runtimeDirectory + "/" + Self.logName, watch: watch, weston: pid)
        try Self.connectOnce(to: runtimeDirectory + "/" + socketName)
    }

    static let logName = "weston.log"
    /// What weston logs once its socket listens: it loads the shell right after making it.
    static let readyMarker = "desktop-shell"

    /// Waits on the folder's inotify events (weston writing its log) until the log shows
    /// ``readyMarker``; weston exiting first, or ten seconds passing, is a failure.
    private static func awaitShell(log: String, watch: Int32, weston: pid_t) throws {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadlineMilliseconds: Int32 = 10_000
        while true {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains(readyMarker) { return }
            var poller = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, deadlineMilliseconds) == 1 else {
                kill(weston, SIGTERM)
                throw Xvfb.Failure(description: "weston did not come up within 10 s (see \(log))")
            }
            guard read(watch, &buffer, buffer.count) > 0 else { throw Xvfb.Failure(description: "reading inotify failed: error \(errno)") }
        }
    }

    /// One connection to prove the socket listens (libwayland binds, then listens at once).
    private static func connectOnce(to path: String) throws {
        let fd = try socketAddress(path) { fd, address, size in
            guard connect(fd, address, size) == 0 else { throw Xvfb.Failure(description: "weston's socket refused a connection: error \(errno)") }
        }
        close(fd)
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// A Unix stream socket, handed with `path` as an address to `body`; closed if it throws.
    private static func socketAddress(_ path: String,
                                      _ body: (Int32, UnsafePointer<sockaddr>, socklen_t) throws -> Void) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Xvfb.Failure(description: "socket failed") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw Xvfb.Failure(description: "socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        do {
            try withUnsafePointer(to: &address) {
                try $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }
}
