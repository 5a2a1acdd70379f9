import Glibc
import KoalioCore

/// Why a file could not be read: the path and the reason, for one line of error.
public struct FileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var reason: String
    /// What kind of failure, for callers to whom some are no error (a player's settings not
    /// written yet is `missing`), told apart without reading the reason's words.
    public enum Cause: Equatable, Sendable {
        /// The file is not there at all (ENOENT).
        case missing
        /// Larger than the reader's limit.
        case tooLarge
        /// Anything else: a directory, a FIFO, no permission, an I/O error.
        case other
    }

    public var cause: Cause

    public init(file: String, reason: String, cause: Cause = .other) {
        self.file = file
        self.reason = reason
        self.cause = cause
    }

    public var description: String { "\(file): \(reason)" }
}

/// Reads a file's bytes with a size limit checked before anything is allocated, so a huge or
/// special file (a directory, a FIFO, /dev/zero) is refused with a reason instead of read.
public enum FileBytes {
    public static func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        try withRegularFile(path) { (fd, size) throws(FileReadError) in
            guard size <= limit else {
                throw FileReadError(file: path, reason: "is \(ByteCount.text(size)), more than the \(ByteCount.text(limit)) koalio reads",
                                    cause: .tooLarge)
            }
            return try readUpTo(size, from: fd, path: path)
        }
    }

    /// The first `count` bytes of a regular file (fewer if it is shorter).
    public static func head(_ path: String, count: Int) throws(FileReadError) -> [UInt8] {
        try withRegularFile(path) { (fd, size) throws(FileReadError) in try readUpTo(min(size, count), from: fd, path: path) }
    }

    private static func withRegularFile<T>(_ path: String, _ body: (Int32, Int) throws(FileReadError) -> T) throws(FileReadError) -> T {
        func fail(_ reason: String) -> FileReadError { FileReadError(file: path, reason: reason) }
        // The type first, by name: a FIFO or a device is never opened at all (opening one can
        // block, rewind a tape, or wake hardware). Checked again on the opened file below.
        var named = stat()
        guard stat(path, &named) == 0 else {
            let code = errno
            throw FileReadError(file: path, reason: describe(code), cause: code == ENOENT ? .missing : .other)
        }
        try requireRegular(named, fail)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw fail(describe(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail(describe(errno)) }
        try requireRegular(info, fail)
        return try body(fd, Int(info.st_size))
    }

    private static func requireRegular(_ info: stat, _ fail: (String) -> FileReadError) throws(FileReadError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw fail("is a directory, not a file")
        default: throw fail("is not a regular file")
        }
    }

    private static func readUpTo(_ count: Int, from fd: Int32, path: String) throws(FileReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes[done...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw FileReadError(file: path, reason: describe(errno)) }
            if got == 0 { break }  // the file shrank while we read it
            done += got
        }
        return done == count ? bytes : Array(bytes[..<done])
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "is a directory, not a file"
        case ENOTDIR: return "a part of the path is not a directory"
        default: return String(cString: strerror(code))
        }
    }
}

/// Sizes for messages: "12 bytes", "3.2 MiB".
public enum ByteCount {
    public static func text(_ bytes: Int) -> String {
        let mebibyte = 1 << 20
        guard bytes >= mebibyte else { return bytes >= 1024 ? "\(bytes / 1024) KiB" : "\(bytes) bytes" }
        let tenths = bytes * 10 / mebibyte
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
}
