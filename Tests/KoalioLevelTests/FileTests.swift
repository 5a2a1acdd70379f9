import Foundation
import KoalioCore
import XCTest

/// Core's file helpers: bounded reads, atomic writes, text from any editor, escaped output.
final class FileTests: XCTestCase {
    var directory: String = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    func testReadRefusesWhatItShouldNotRead() throws {
        let path = directory + "/a.txt"
        try Data("koalio".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try FileBytes.read(path, limit: 6), Array("koalio".utf8))
        XCTAssertEqual(try FileBytes.head(path, count: 3), Array("koa".utf8))
        func reason(_ path: String, limit: Int = 100) -> String? {
            do { _ = try FileBytes.read(path, limit: limit); return nil } catch { return error.reason }
        }
        XCTAssertEqual(reason(path, limit: 5), "is 6 bytes, more than the 5 bytes koalio reads")
        XCTAssertEqual(reason(directory), "is a directory, not a file")
        XCTAssertEqual(reason(directory + "/none"), "no such file")
        XCTAssertEqual(reason("/dev/zero"), "is not a regular file")
        XCTAssertEqual(reason(path + "/x"), "a part of the path is not a directory")
    }

    func testAtomicWriteReplacesWholeAndLeavesNoTemporaryFile() throws {
        let path = directory + "/run.koalioreplay"
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Array("second, longer".utf8), to: path)
        XCTAssertEqual(try FileBytes.read(path, limit: 100), Array("second, longer".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["run.koalioreplay"])
        XCTAssertThrowsError(try AtomicFile.write([1], to: directory + "/no/such/dir/file"))
    }

    /// A writer killed mid-write (SIGKILL) leaves `.NAME.PID.tmp`; the next write of that file
    /// removes it once its process is gone, and leaves a live process's copy and other files.
    func testTemporaryCopiesOfDeadWritersAreRemoved() throws {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = directory + "/.settings.toml.\(finished.processIdentifier).tmp"
        let live = directory + "/.settings.toml.1.tmp"  // init: always alive
        let other = directory + "/.progress.toml.\(finished.processIdentifier).tmp"
        for file in [dead, live, other] { try "half".write(toFile: file, atomically: false, encoding: .utf8) }
        try AtomicFile.write(Array("whole".utf8), to: directory + "/settings.toml")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead), "the dead writer's copy is gone")
        XCTAssertTrue(FileManager.default.fileExists(atPath: live), "a live process's copy stays")
        XCTAssertTrue(FileManager.default.fileExists(atPath: other), "another file's copies are not this write's business")
    }

    func testLinesFromAnyEditor() {
        let expected = ["a", "b", "", "c"]
        for text in ["a\nb\n\nc", "a\r\nb\r\n\r\nc", "a\rb\r\rc", "\u{FEFF}a\nb\n\nc"] {
            XCTAssertEqual(TextFile.lines(Array(text.utf8)).map(String.init), expected, text.debugDescription)
        }
    }

    func testTerminalTextIsOneHarmlessLine() {
        XCTAssertEqual(TerminalText.escaped("a\nb\r\tc\u{1B}[31m\u{7}\u{9B}é✕"), "a\\nb\\r\\tc\\u{1b}[31m\\u{7}\\u{9b}é✕")
    }
}
