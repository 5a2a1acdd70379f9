import KoalioCore
import KoalioLevel
import KoalioSim
import KoalioSystem

/// A level file read once: the map its author made (what the view draws), the stage the world
/// plays on, and the SHA-256 of its bytes, by which replays, ghosts and progress name the exact
/// level they were made on. The one way the game, `--check-level`, `--watch`, the tests and the
/// bench read a level.
public struct LevelFile: Sendable {
    public var path: String
    public var map: LevelMap
    public var stage: Stage
    public var sha256: [UInt8]
    /// The file as read (`--check-level`'s lint reads the XML again for what the map drops).
    public var bytes: [UInt8]

    /// Why a level file cannot be used, in the order the steps find it.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// It cannot be read (missing, a folder, too large, …).
        case unreadable(LevelError)
        /// Its bytes are not the ones expected (a replay's level, changed since).
        case changed(path: String)
        /// It is read but is no level koalio can play.
        case invalid(LevelError)
        /// It is a map, but an object in it is where the world cannot have it.
        case unplayable(StageError)

        public var description: String {
            switch self {
            case let .unreadable(error), let .invalid(error): error.description
            case let .unplayable(error): error.description
            case let .changed(path): "\(path): its SHA-256 differs from the one expected: the level has changed since"
            }
        }
    }

    /// Reads, hashes, parses and stages `path`. With `expected`, bytes of another digest are
    /// ``Failure/changed(path:)`` before any parsing.
    public static func load(_ path: String, expected: [UInt8]? = nil) throws(Failure) -> LevelFile {
        let bytes: [UInt8]
        do { bytes = try TMXLoader.readLevelFile(path) } catch { throw .unreadable(error) }
        let digest = SHA256.hash(bytes)
        if let expected, digest != expected { throw .changed(path: path) }
        let map: LevelMap
        do { map = try TMXLoader.load(bytes: bytes, path: path) } catch { throw .invalid(error) }
        do { return LevelFile(path: path, map: map, stage: try Stage(map), sha256: digest, bytes: bytes) } catch { throw .unplayable(error) }
    }
}
