import CArguments
import Glibc

/// The command line after the program's name, read where no library can have moved it.
///
/// Not `CommandLine.arguments`: the Swift runtime finds argv by walking up from `environ`,
/// and a library whose constructor calls `setenv` first (sdl2-compat's, so on Arch, Fedora
/// 42+ and Debian unstable) leaves it empty. The C constructor in `CArguments` keeps what
/// glibc passes it; `/proc/self/cmdline` is the fallback where no constructor got them.
enum ProcessArguments {
    static func afterProgramName() -> [String] {
        let count = koalio_argument_count()
        if count > 0 { return (1..<count).map { String(cString: koalio_argument($0)) } }
        return procCmdline().map { Array($0.dropFirst()) } ?? Array(CommandLine.arguments.dropFirst())
    }

    /// `/proc/self/cmdline`: the arguments, each ended by a NUL; nil when it cannot be read.
    private static func procCmdline() -> [String]? {
        let descriptor = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            bytes += chunk[0..<got]
        }
        guard !bytes.isEmpty else { return nil }
        if bytes.last == 0 { bytes.removeLast() }
        return bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}
