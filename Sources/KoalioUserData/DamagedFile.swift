import FoundationEssentials
import Glibc

/// A user's file the game could not use, kept for them: never deleted, never written over.
enum DamagedFile {
    /// Renames `path` to `NAME.damaged` (or `NAME.damaged-2`, …, never over another); returns
    /// the new name, or nil when it could not be moved.
    static func moveAside(_ path: String) -> String? {
        for attempt in 1...100 {
            let target = path + (attempt == 1 ? ".damaged" : ".damaged-\(attempt)")
            guard !FileManager.default.fileExists(atPath: target) else { continue }
            // link + unlink rather than rename: rename would replace a file that appeared meanwhile.
            guard link(path, target) == 0 else { return nil }
            unlink(path)
            return target
        }
        return nil
    }
}
