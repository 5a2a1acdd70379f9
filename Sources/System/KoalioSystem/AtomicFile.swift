import Glibc
import KoalioCore

/// Writes a file so that a crash, a power cut or SIGKILL at any moment leaves either the old
/// file or the new one whole, never a mix: the bytes go to a temporary file in the same
/// directory, are flushed to disk (fsync), and the temporary file is renamed over the target;
/// then the directory is flushed so the rename itself survives.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(FileReadError) {
        func fail(_ what: String, _ code: Int32) -> FileReadError {
            FileReadError(file: path, reason: "cannot \(what): \(FileBytes.describe(code))")
        }
        let directory = PathString.directory(of: path)
        let temporary = PathString.join(directory, ".\(PathString.fileName(of: path)).\(getpid()).tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail("write", errno) }
        var done = 0
        while done < bytes.count {
            let written = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let code = errno
                close(fd)
                unlink(temporary)
                throw fail("write", code)
            }
            done += written
        }
        guard fsync(fd) == 0 else {
            let code = errno
            close(fd)
            unlink(temporary)
            throw fail("flush to disk", code)
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw fail("replace", code)
        }
        let directoryFD = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)  // best effort: some file systems refuse fsync on directories
            close(directoryFD)
        }
        removeStaleTemporaries(of: path)
    }

    /// Makes the folder `path` is to be written in, and its parents, where missing.
    public static func makeFolder(for path: String) throws(FileReadError) {
        let directory = PathString.directory(of: path)
        guard !directory.isEmpty else { return }
        var made = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o755) != 0 && errno != EEXIST {
                throw FileReadError(file: path, reason: "cannot make its folder \(made): \(FileBytes.describe(errno))")
            }
        }
    }

    /// Removes this file's temporary copies left by writers that died mid-write (SIGKILL, a
    /// power cut): `.NAME.PID.tmp` whose process no longer exists. A live process's copy (one
    /// writing now, or a new process that got the same id) is left alone; other files are never
    /// looked at. Best effort: what cannot be read or removed stays.
    static func removeStaleTemporaries(of path: String) {
        let directory = PathString.directory(of: path)
        let prefix = ".\(PathString.fileName(of: path)).", suffix = ".tmp"
        guard let stream = opendir(directory.isEmpty ? "." : directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), name.hasSuffix(suffix),
                  let pid = pid_t(name.dropFirst(prefix.count).dropLast(suffix.count)), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH { unlink(PathString.join(directory, name)) }
        }
    }
}
