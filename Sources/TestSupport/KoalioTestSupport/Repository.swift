import Foundation

/// Where the source tree is, for tests and tools that read its levels, fixtures and replays:
/// found once from this file's own path instead of in every test target.
public enum Repository {
    /// The repository's root directory: the nearest one above this file holding `Package.swift`
    /// (so it stays right wherever `Sources/` keeps the target).
    public static let root: String = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        return folder.path
    }()

    /// A path inside the repository: `Repository.path("Levels/level1.tmx")`.
    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// A test map under `Tests/Fixtures/maps/`, by name without `.tmx`.
    public static func fixtureMap(_ name: String) -> String { path("Tests/Fixtures/maps/\(name).tmx") }

    /// The shipped first level.
    public static let level1 = path("Levels/level1.tmx")
}
