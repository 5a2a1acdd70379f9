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

    /// The most problems of one file printed; the rest are counted in one more line.
    public static let warningsPerFile = 10

    /// A file's problems as warning lines: at most ``warningsPerFile``, then
    /// "… and N more problems in FILE" (50,000 unknown keys must not flood the terminal).
    public static func writeWarnings(_ warnings: [String], file: String) {
        for warning in warnings.prefix(warningsPerFile) { writeLine("koalio: warning: \(warning)") }
        if warnings.count > warningsPerFile {
            writeLine("koalio: warning: … and \(warnings.count - warningsPerFile) more problems in \(file)")
        }
    }
}

/// One line on stderr, `koalio: …`: a problem that must not end the game.
func warn(_ message: String) {
    StandardError.writeLine("koalio: \(message)")
}
