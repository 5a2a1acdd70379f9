import Foundation
import KoalioCore
import XCTest
import KoalioSystem

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
        for text in ["a\nb\n\nc", "a\r\nb\r\n\r\nc", "a\rb\r\rc", "\u{FEFF}a\nb\n\nc", "\u{FEFF}a\r\nb\n\rc"] {
            XCTAssertEqual(TextFile.lines(Array(text.utf8)).map(String.init), expected, text.debugDescription)
        }
        XCTAssertEqual(TextFile.lines(Array("a\n".utf8)).map(String.init), ["a", ""], "a last line end makes an empty last line")
        XCTAssertEqual(TextFile.lines(Array("a\u{FEFF}".utf8)).map(String.init), ["a\u{FEFF}"], "only a leading mark is dropped")
    }

    /// A save makes the folders it needs (an XDG data home that is not there yet), and says
    /// which folder it could not make.
    func testMakeFolderMakesTheMissingParents() throws {
        let path = directory + "/share/koalio/progress.toml"
        try AtomicFile.makeFolder(for: path)
        try AtomicFile.makeFolder(for: path)  // already there: no error
        try AtomicFile.write(Array("[level1]\n".utf8), to: path)
        XCTAssertEqual(try FileBytes.read(path, limit: 100), Array("[level1]\n".utf8))
        try "a file".write(toFile: directory + "/blocked", atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try AtomicFile.makeFolder(for: directory + "/blocked/koalio/x.toml")) { error in
            XCTAssertTrue("\(error)".contains("cannot make its folder \(directory)/blocked/koalio"), "\(error)")
        }
    }

    /// Sizes in messages: bytes, then KiB, then MiB to a tenth (cut, not rounded).
    func testByteCountsReadAsPeopleSayThem() {
        XCTAssertEqual(ByteCount.text(0), "0 bytes")
        XCTAssertEqual(ByteCount.text(1023), "1023 bytes")
        XCTAssertEqual(ByteCount.text(1024), "1 KiB")
        XCTAssertEqual(ByteCount.text((1 << 20) - 1), "1023 KiB")
        XCTAssertEqual(ByteCount.text(1 << 20), "1 MiB")
        XCTAssertEqual(ByteCount.text((3 << 20) + 209_716), "3.2 MiB")
        XCTAssertEqual(ByteCount.text(16 << 20), "16 MiB")
    }

    /// What a message quotes from a file is cut to one short piece.
    func testAnExcerptIsCutWithAnEllipsis() {
        let short = String(repeating: "x", count: TerminalText.excerptLimit)
        XCTAssertEqual(TerminalText.excerpt(short), short)
        XCTAssertEqual(TerminalText.excerpt(short + "yz"), short + "…")
    }

    func testTerminalTextIsOneHarmlessLine() {
        XCTAssertEqual(TerminalText.escaped("a\nb\r\tc\u{1B}[31m\u{7}\u{9B}é✕"), "a\\nb\\r\\tc\\u{1b}[31m\\u{7}\\u{9b}é✕")
    }
}
