import Foundation

/// Temporary files for tests, all under one folder per test process that is removed when the
/// process exits, so a test run leaves nothing behind in the system's temporary directory.
public enum Scratch {
    public static let root: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-tests-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Scratch.root) }
        return path
    }()

    /// A new, empty folder.
    public static func directory() throws -> URL {
        let url = URL(fileURLWithPath: root).appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path for a new file with this name ending (`.jsonl`, `-db.txt`), not yet created.
    public static func file(_ suffix: String) -> String {
        root + "/" + UUID().uuidString + suffix
    }
}
