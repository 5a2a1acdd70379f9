import Dispatch
import KoalioLevelFile
import KoalioLevel
import Synchronization

/// A speedrun's next level read and checked on a thread of its own while the current one is
/// played, so the flag's frame only takes it (the level's next start as quick as a restart):
/// reading, parsing and staging a level costs a frame or more, and never on the frame loop.
/// Only the file's work is done here; its images are prepared on the game's thread when taken.
final class LevelPrefetch: Sendable {
    private struct Ready: Sendable {
        var path: String
        var file: Result<LevelFile, LevelFile.Failure>?
        /// What the author should hear about the map (said when the level is taken).
        var lint: [String]
    }

    private let ready = Mutex<Ready?>(nil)

    /// Starts reading the level at `path` (forgetting any other read before; one of this level
    /// already started goes on).
    func start(_ path: String) {
        let started = ready.withLock { ready in
            guard ready?.path != path else { return false }
            ready = Ready(path: path, file: nil, lint: [])
            return true
        }
        guard started else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let file = Result { () throws(LevelFile.Failure) in try LevelFile.load(path) }
            let lint = (try? file.get()).map { TMXLoader.lint(bytes: $0.bytes, path: path) } ?? []
            self.ready.withLock { if $0?.path == path { $0 = Ready(path: path, file: file, lint: lint) } }
        }
    }

    /// Forgets what was read ahead (the run it was for was left).
    func forget() { ready.withLock { $0 = nil } }

    /// The level read, while it waits to be taken (nil: none, or not yet).
    var readyFile: LevelFile? {
        ready.withLock { if case let .success(file)? = $0?.file { file } else { nil } }
    }

    /// The level at `path` if it is read by now (nil: another, not yet, or it did not load: the
    /// loader reads it again itself and says why), and its lint lines.
    func take(_ path: String) -> (file: LevelFile, lint: [String])? {
        ready.withLock { ready in
            guard let found = ready, found.path == path, case let .success(file)? = found.file else { return nil }
            ready = nil
            return (file, found.lint)
        }
    }
}
