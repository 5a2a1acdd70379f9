import KoalioCore
import KoalioTestSupport
import XCTest

/// Times as shown, and files written whole.
final class TickAndFileTests: XCTestCase {
    /// A time is shown in tenths, cut (not rounded): 59 ticks is 0.9 s, 60 ticks 1.0 s.
    func testTenthsAreCutNotRounded() {
        XCTAssertEqual(Tick.tenths(0), 0)
        XCTAssertEqual(Tick.tenths(5), 0)
        XCTAssertEqual(Tick.tenths(6), 1)
        XCTAssertEqual(Tick.tenths(59), 9)
        XCTAssertEqual(Tick.tenths(60), 10)
        XCTAssertEqual(Tick.tenths(Tick.perSecond * 75 + 11), 751)
    }

    /// An atomic write replaces the file whole and leaves nothing else beside it; a folder that
    /// is not there is an error naming the path, not a crash.
    func testAnAtomicWriteReplacesTheFileWholeAndLeavesNothingBeside() throws {
        let folder = try Scratch.directory().path
        let path = folder + "/progress.toml"
        try AtomicFile.write(Array("first\n".utf8), to: path)
        try AtomicFile.write(Array("second, longer\n".utf8), to: path)
        XCTAssertEqual(try FileBytes.read(path, limit: 1 << 10), Array("second, longer\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["progress.toml"], "no temporary file left")
        XCTAssertThrowsError(try AtomicFile.write([1], to: folder + "/missing/x.toml"))
    }

    /// Lines from any editor: a byte-order mark dropped, CRLF and LF alike.
    func testLinesFromAnyEditor() {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a = 1\r\nb = 2\nc = 3".utf8)
        XCTAssertEqual(TextFile.lines(text).map(String.init), ["a = 1", "b = 2", "c = 3"])
    }
}
