import Foundation

/// The environment of in-process tests: they run koalio's code inside the test process, where
/// the developer's `SDL_*` and `KOALIO_*` variables (a video driver, a mapping file) and XDG
/// homes would reach it. ``isolate()`` removes those, once, points the XDG homes into
/// ``Scratch`` and picks SDL's dummy audio driver, so a test sees what a fresh machine with no
/// sound card would and writes nothing in the real home.
public enum TestEnvironment {
    private static let isolated: Bool = {
        for key in ProcessInfo.processInfo.environment.keys where key.hasPrefix("SDL_") || key.hasPrefix("KOALIO_") {
            unsetenv(key)
        }
        setenv("SDL_AUDIODRIVER", "dummy", 1)  // SDL_mixer's real path, with no sound card needed
        setenv("KOALIO_VIRTUAL_PADS_ONLY", "1", 1)  // the developer's own pads plugged in change nothing
        setenv("XDG_DATA_HOME", Scratch.root + "/data", 1)
        setenv("XDG_CONFIG_HOME", Scratch.root + "/config", 1)
        return true
    }()

    /// Call before starting SDL or the game in-process (idempotent).
    public static func isolate() { _ = isolated }

    /// The environment for a child process a test starts: the test's own without the
    /// developer's `KOALIO_*` and `SDL_*` settings (a video driver, mapping files), XDG homes of
    /// the test's own (`dataHome`, and a fresh config home, so a run that saves a setting changes
    /// no other's), and SDL's dummy audio driver (sound without a sound card, and no warning).
    public static func forChild(dataHome: String) throws -> [String: String] {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("KOALIO_") && !$0.key.hasPrefix("SDL_") }
        env["XDG_DATA_HOME"] = dataHome
        env["XDG_CONFIG_HOME"] = try Scratch.directory().path
        env["SDL_AUDIODRIVER"] = "dummy"
        env["KOALIO_VIRTUAL_PADS_ONLY"] = "1"
        return env
    }
}
