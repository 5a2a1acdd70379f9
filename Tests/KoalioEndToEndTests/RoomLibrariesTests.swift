import Foundation
import KoalioTestSupport
import XCTest

/// libstrophe and libnice are loaded when a room's game begins, not linked: on a machine without
/// them the game starts and plays, and a room's game says which package is missing in one line
/// and exits 1. Hidden from one run with a mount namespace (`unshare -m`: /dev/null bound over
/// the library), so the machine's own copy is untouched.
final class RoomLibrariesTests: XCTestCase {
    /// `arguments` run with the library `soname` hidden.
    func runWithout(_ soname: String, _ arguments: [String]) throws -> ChildProcess.Result {
        guard getuid() == 0 else { throw XCTSkip("hiding a library takes a mount namespace: root (CI runs as root)") }
        let found = try ChildProcess.run("/bin/sh", ["-c", "readlink -f \"$(ldconfig -p | awk '/\(soname) / { print $NF; exit }')\""],
                                         environment: ProcessInfo.processInfo.environment, directory: Koalio.repository, deadlineSeconds: 10)
        let path = found.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path) else { throw XCTSkip("\(soname) is not installed here") }
        let command = "mount --bind /dev/null \"$0\" && exec \"$@\""
        return try ChildProcess.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", command, path, Koalio.binary] + arguments,
                                    environment: try TestEnvironment.forChild(dataHome: try Koalio.scratch().path), directory: Koalio.repository,
                                    deadlineSeconds: 60)
    }

    func testWithoutLibstropheTheGamePlaysAndARoomSaysWhatIsMissing() throws {
        let played = try runWithout("libstrophe.so.0", ["--data-dir", Koalio.repository, "--level", "level1", "--headless", "--ticks", "30"])
        XCTAssertEqual(played.status, 0, "the game plays without it: \(played.stderr)")
        let room = try runWithout("libstrophe.so.0", ["--data-dir", Koalio.repository, "--headless", "--join-room", "K7M-3QX", "--rendezvous", "127.0.0.1"])
        XCTAssertEqual(room.status, 1)
        XCTAssertEqual(room.stderr, "koalio: --join-room: rooms are not available: libstrophe0 is not installed (Debian: apt install libstrophe0)\n")
    }
}
