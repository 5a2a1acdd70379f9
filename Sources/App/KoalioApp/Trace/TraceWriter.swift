import Glibc
import KoalioScripting

/// Writes `--trace` lines to a file, buffered, flushed when the game ends; to a named pipe
/// (or a terminal), line by line as they happen, for a tool that follows the game live.
public final class TraceWriter {
    private let handle: UnsafeMutablePointer<FILE>
    let path: String

    public init(path: String) throws(KoalioError) {
        guard let handle = fopen(path, "w") else {
            throw .cannotWrite(path: path, what: "the trace", reason: String(cString: strerror(errno)))
        }
        self.handle = handle
        self.path = path
        var status = stat()
        if isatty(fileno(handle)) != 0 || (fstat(fileno(handle), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO) {
            setvbuf(handle, nil, _IOLBF, Int(BUFSIZ))
        }
    }

    func write(_ record: TraceRecord) {
        fputs(record.jsonLine, handle)
        fputc(0x0A, handle)
    }

    /// Pushes buffered lines to the file (the game loop does when it stops).
    public func flush() { fflush(handle) }

    deinit { fclose(handle) }
}
