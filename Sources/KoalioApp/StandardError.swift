import Glibc
import KoalioCore

/// One line to stderr, written straight to file descriptor 2 (C's `stderr` is a global
/// variable Swift 6 will not touch, and full Foundation's `FileHandle` is not linked in).
public enum StandardError {
    /// Writes `line` with any control characters from files shown escaped (see ``TerminalText``),
    /// so it stays one line and cannot drive the terminal.
    public static func writeLine(_ line: String) {
        let bytes = Array((TerminalText.escaped(line) + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }
}
