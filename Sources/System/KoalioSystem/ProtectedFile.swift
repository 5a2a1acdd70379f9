import Glibc
import KoalioCore

/// Saves a file the player owns (progress, settings, a best run, a `--record` target) so that
/// nothing koalio could not read is ever written over:
///
/// - a symbolic link is written through: its target is replaced atomically and the link stays
///   (a dotfiles folder keeps its copy current); a link that cannot be resolved (a loop, too
///   deep) is moved aside whole and a plain file is written in its place;
/// - a file there that reads and is not good (`isGood`: not decodable, or too large) is first
///   kept aside as `NAME.damaged` (`.damaged-2`, …, never over another);
/// - a file there that cannot be read now (no file descriptor left, no permission, an I/O
///   error) is no damaged file: the save fails with that error and every file stays as it was;
/// - a special file (a FIFO, a device, a directory) is never opened nor replaced: the new data
///   goes to `NAME.new` beside it instead, and the returned line says so.
///
/// The check is made at save time, on the file as it is then: whatever happened to it since the
/// game read it, a file that is not good is kept.
public enum ProtectedFile {
    /// What the save did besides writing, as one warning line; nil when it simply wrote.
    public static func write(_ bytes: [UInt8], to path: String, limit: Int,
                             isGood: ([UInt8]) -> Bool) throws(FileReadError) -> String? {
        var warning: String?
        var target = path
        switch resolve(path) {
        case let .target(resolved): target = resolved
        case .unresolvable:
            guard let aside = keepAside(path) else {
                return try redirect(bytes, from: path, because: "is a link that cannot be followed and could not be moved aside")
            }
            warning = "\(path): a link that cannot be followed; kept as \(aside), a new file written"
        }
        var info = stat()
        if lstat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                if try !readsBackGood(target, limit: limit, isGood: isGood) {
                    guard let aside = keepAside(target) else {
                        return try redirect(bytes, from: path, because: "could not be read and could not be moved aside")
                    }
                    warning = "\(target): had problems; kept as \(aside), a new file written"
                }
            default:
                return try redirect(bytes, from: path, because: "is not a regular file")
            }
        }
        try AtomicFile.makeFolder(for: target)
        try AtomicFile.write(bytes, to: target)
        return warning
    }

    enum Resolution: Equatable {
        case target(String)
        case unresolvable
    }

    /// The file a path finally names, following links (relative ones from their own folder);
    /// the path itself when it is no link. More than 40 links (a loop) cannot be followed.
    static func resolve(_ path: String) -> Resolution {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return .target(current) }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return .unresolvable }
            let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : PathString.join(PathString.directory(of: current), link)
        }
        return .unresolvable
    }

    /// Whether the regular file at `path` reads, within `limit`, as something `isGood` accepts
    /// (one larger than `limit` is not); throws when it cannot be read at all now.
    private static func readsBackGood(_ path: String, limit: Int, isGood: ([UInt8]) -> Bool) throws(FileReadError) -> Bool {
        do {
            return isGood(try FileBytes.read(path, limit: limit))
        } catch where error.cause == .tooLarge {
            return false
        } catch where error.cause == .missing {
            return true  // gone since it was looked at: nothing there to keep
        }
    }

    /// Renames `path` to `NAME.damaged` (or `NAME.damaged-2`, …, never over another); returns
    /// the new name, or nil when it could not be moved. The entry itself moves: a link stays a
    /// link, whatever it points at.
    public static func keepAside(_ path: String) -> String? {
        for attempt in 1...100 {
            let aside = path + (attempt == 1 ? ".damaged" : ".damaged-\(attempt)")
            var info = stat()
            guard lstat(aside, &info) != 0 else { continue }
            // link + unlink rather than rename: rename would replace a file that appeared
            // meanwhile. (Linux's link() does not follow a symbolic link: the link is kept.)
            guard link(path, aside) == 0 else { return nil }
            unlink(path)
            return aside
        }
        return nil
    }

    /// Writes to `NAME.new` beside `path`, which is left alone; the line says where the data went.
    private static func redirect(_ bytes: [UInt8], from path: String, because reason: String) throws(FileReadError) -> String {
        let elsewhere = path + ".new"
        try AtomicFile.write(bytes, to: elsewhere)
        return "\(path): \(reason), so it is left as it is; saved to \(elsewhere) instead"
    }
}
