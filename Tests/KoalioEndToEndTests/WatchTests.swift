import Foundation
import Glibc
import KoalioHarness
import KoalioTestSupport
import XCTest

/// `koalio --level FILE --watch` in a window: a save shows up within a second; a save that
/// breaks the level is its one-line error while the last good version plays on.
final class WatchTests: XCTestCase {
    /// The level and what it uses, in a folder of its own (the tileset names ../Resources/tiles.png).
    func levelCopy() throws -> String {
        let dir = try Koalio.scratch()
        for folder in ["Levels", "Resources"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["Levels/level1.tmx", "Levels/koalio.tsx", "Resources/tiles.png"] {
            try FileManager.default.copyItem(atPath: Repository.path(file), toPath: dir.appendingPathComponent(file).path)
        }
        return dir.appendingPathComponent("Levels/level1.tmx").path
    }

    /// Saves as an editor does: a new file renamed over the old one.
    func save(_ text: String, to path: String) throws {
        try text.write(toFile: path + ".saving", atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(path + ".saving", path), 0)
    }

    func testASaveIsReloadedWithinASecondAndABrokenOneKeepsTheLastGood() throws {
        let xvfb = try Xvfb()
        let level = try levelCopy()
        let child = try LineReader.start(Koalio.binary, ["--level", level, "--watch", "--ticks", "1200"],
                                         environment: try TestEnvironment.forChild(dataHome: Koalio.dataHome).merging(["DISPLAY": xvfb.display]) { $1 })
        defer { child.stop() }
        XCTAssertEqual(child.line(containing: "koalio: watching", seconds: 10)?.contains("and 2 files it uses"), true, "the level, its tileset and image")
        let original = try String(contentsOfFile: level, encoding: .utf8)
        try save(original + "<!-- an edit -->\n", to: level)
        XCTAssertNotNil(child.line(containing: "reloaded", seconds: 1), "seen and reloaded within a second")
        try save("<map", to: level)
        let broken = child.line(containing: "the last good version plays on", seconds: 1)
        XCTAssertEqual(broken?.hasPrefix("koalio: \(level):"), true, broken ?? "no line")
        try save(original, to: level)
        XCTAssertNotNil(child.line(containing: "reloaded", seconds: 1), "fixed: playing the new version")
        try FileManager.default.removeItem(atPath: level)
        XCTAssertEqual(child.line(containing: "the last good version plays on", seconds: 1)?.contains("no such file"), true, "deleted: said, and played on")
        try FileManager.default.createDirectory(atPath: level, withIntermediateDirectories: false)
        XCTAssertNotNil(child.line(containing: "the last good version plays on", seconds: 1), "a folder in its place: said, and played on")
        try FileManager.default.removeItem(atPath: level)
        // Past the 64 MB a level may be: a sparse file of 65 MB, refused by its size before it is read.
        XCTAssertTrue(FileManager.default.createFile(atPath: level + ".saving", contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: level + ".saving"))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        XCTAssertEqual(rename(level + ".saving", level), 0)
        let huge = child.line(containing: "more than the 64 MiB koalio reads", seconds: 1)
        XCTAssertEqual(huge?.hasSuffix("(the last good version plays on)"), true, "too large: said, and played on")
        try save(original, to: level)
        XCTAssertNotNil(child.line(containing: "reloaded", seconds: 1), "and back")
    }
}

/// A child process whose stderr is read line by line as it comes (poll on the pipe: no sleeps).
final class LineReader {
    private let process = Process()
    private let pipe = Pipe()
    private var pending = ""
    /// The last lines read (at most ``keptLines``), whatever was waited for: what a failed
    /// test quotes.
    private(set) var lastLines: [String] = []
    static let keptLines = 20

    /// - Parameter readingStdout: read the child's stdout instead (its stderr then goes to the test's).
    static func start(_ executable: String, _ arguments: [String], environment: [String: String], readingStdout: Bool = false) throws -> LineReader {
        let reader = LineReader()
        reader.process.executableURL = URL(fileURLWithPath: executable)
        reader.process.arguments = arguments
        reader.process.environment = environment
        reader.process.standardError = readingStdout ? FileHandle.standardError : reader.pipe
        reader.process.standardOutput = readingStdout ? reader.pipe : FileHandle.nullDevice
        try reader.process.run()
        return reader
    }

    /// The next line holding `text` within `seconds`, or nil.
    func line(containing text: String, seconds: Double) -> String? { line(seconds: seconds) { $0.contains(text) } }

    /// The next line within `seconds`, whatever it holds, or nil (the child's stderr closed, or the time is up).
    func nextLine(seconds: Double) -> String? { line(seconds: seconds) { _ in true } }

    private func line(seconds: Double, where wanted: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        while true {
            while let newline = pending.firstIndex(of: "\n") {
                let line = String(pending[..<newline])
                pending.removeSubrange(...newline)
                lastLines = Array((lastLines + [line]).suffix(Self.keptLines))
                if wanted(line) { return line }
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            pending += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    var processIdentifier: Int32 { process.processIdentifier }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Waits at most `seconds` for the child to end (its stderr closes as it does): its exit
    /// status, or nil while it still runs (a frozen game fails a test instead of holding it).
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0, nextLine(seconds: deadline.timeIntervalSinceNow) != nil {}
        if deadline.timeIntervalSinceNow <= 0 && process.isRunning { return nil }
        return waitForExit()
    }

    /// Waits for the child to end by itself; its exit status.
    func waitForExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}
