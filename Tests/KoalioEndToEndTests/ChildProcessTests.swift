import Foundation
import KoalioTestSupport
import XCTest

/// The test's own guard rails: a child that hangs is killed at its deadline, and one that
/// writes more than a pipe holds to both stdout and stderr does not stall the test.
final class ChildProcessTests: XCTestCase {
    func testAHangingChildFailsAtItsDeadline() throws {
        let start = Date()
        XCTAssertThrowsError(try ChildProcess.run("/bin/sleep", ["60"], environment: [:], directory: "/", deadlineSeconds: 1)) { error in
            XCTAssertTrue("\(error)".contains("ran past its 1 s deadline"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "killed, not waited out")
    }

    func testAChildWritingMegabytesToBothStreamsFinishes() throws {
        let run = try ChildProcess.run("/bin/sh", ["-c", "head -c 1000000 /dev/zero | tr '\\0' e >&2; head -c 1000000 /dev/zero | tr '\\0' o"],
                                       environment: ["PATH": "/usr/bin:/bin"], directory: "/")
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stderr.count, 1_000_000)
        XCTAssertEqual(run.stdout.count, 1_000_000)
    }
}
