import FoundationEssentials
import KoalioCore

/// Finds koalio's data (`Resources/` and `Levels/`) wherever the game was built or installed.
///
/// Order: `--data-dir`, `$KOALIO_DATA_DIR`, then beside the executable: `../share/koalio`
/// (`make install`'s `PREFIX/bin/koalio`, and the unpacked archive's `koalio/bin/koalio`),
/// `../share/games/koalio` (the Debian package's `/usr/games/koalio`) and the enclosing source
/// tree (a `swift build` binary in `.build/<config>/`), then the current directory.
package enum DataDirectory {
    static let marker = "Resources/koala.png"

    package static func locate(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(KoalioError) -> String {
        if let chosen = explicit ?? environment["KOALIO_DATA_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let source = explicit != nil ? "--data-dir" : "KOALIO_DATA_DIR"
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: chosen, isDirectory: &isDirectory), isDirectory else {
                throw .notADataDirectory(path: chosen, source: source, problem: "is not a directory")
            }
            guard FileManager.default.isReadableFile(atPath: chosen + "/" + marker) else {
                throw .notADataDirectory(path: chosen, source: source, problem: "has no readable \(marker): not a koalio data directory")
            }
            return chosen
        }
        var candidates: [String] = []
        for candidate in executableRelativeCandidates() + [FileManager.default.currentDirectoryPath] where !candidates.contains(candidate) {
            candidates.append(candidate)
        }
        if let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0 + "/" + marker) }) {
            return found
        }
        throw .noDataDirectory(marker: marker, looked: candidates)
    }

    private static func executableRelativeCandidates() -> [String] {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return [] }
        let bin = PathString.directory(of: executable)
        let prefix = PathString.directory(of: bin)
        var candidates = [PathString.join(prefix, "share/koalio"), PathString.join(prefix, "share/games/koalio")]
        var directory = bin
        for _ in 0..<4 {  // .build/x86_64-unknown-linux-gnu/debug/koalio → the repository
            directory = PathString.directory(of: directory)
            candidates.append(directory)
        }
        return candidates
    }
}
