import Foundation

/// The environment of in-process tests: they run koalio's code inside the test process, where
/// the developer's `SDL_*` and `KOALIO_*` variables (a video driver, a mapping file) and XDG
/// homes would reach it. ``isolate()`` removes those, once, and points the XDG homes into
/// ``Scratch``, so a test sees what a fresh machine would and writes nothing in the real home.
public enum TestEnvironment {
    private static let isolated: Bool = {
        for key in ProcessInfo.processInfo.environment.keys where key.hasPrefix("SDL_") || key.hasPrefix("KOALIO_") {
            unsetenv(key)
        }
        setenv("XDG_DATA_HOME", Scratch.root + "/data", 1)
        setenv("XDG_CONFIG_HOME", Scratch.root + "/config", 1)
        return true
    }()

    /// Call before starting SDL or the game in-process (idempotent).
    public static func isolate() { _ = isolated }
}
