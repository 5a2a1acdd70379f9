import Glibc
import KoalioScripting

/// Writes `--trace` lines to a file, buffered, flushed when the game ends.
public final class TraceWriter {
    private let handle: UnsafeMutablePointer<FILE>
    let path: String

    public init(path: String) throws(KoalioError) {
        guard let handle = fopen(path, "w") else {
            throw .input("\(path): cannot write the trace: \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        self.path = path
    }

    func write(_ record: TraceRecord) {
        fputs(record.jsonLine, handle)
        fputc(0x0A, handle)
    }

    /// Pushes buffered lines to the file (the game loop does when it stops).
    public func flush() { fflush(handle) }

    deinit { fclose(handle) }
}
