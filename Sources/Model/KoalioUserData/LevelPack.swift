import KoalioCore

/// A level pack on the shelf: its folder (`…/levels/ID/`), its manifest, and the levels it
/// names that are not there (each one line on the page; the rest plays).
public struct LevelPack: Equatable, Sendable {
    /// The folder's name: what `--level ID/NAME` and the page call the pack.
    public var id: String
    public var directory: String
    public var manifest: PackManifest
    /// Levels the manifest names whose `.tmx` is missing.
    public var missing: Set<String> = []

    public init(id: String, directory: String, manifest: PackManifest, missing: Set<String> = []) {
        self.id = id
        self.directory = directory
        self.manifest = manifest
        self.missing = missing
    }

    public func path(of level: String) -> String { directory + "/" + level + ".tmx" }

    /// How progress, best runs and ghosts key a pack's level: by its file's SHA-256, so an
    /// edited level starts fresh and never borrows an old medal (`sha256-` and 64 hex digits).
    public static func recordKey(sha256: [UInt8]) -> String { "sha256-" + HexDigits.text(sha256) }
}
