import Foundation
import KoalioHarness
import KoalioTestSupport
import XCTest

/// A still screen (paused) is not drawn again while unchanged, yet what the X server shows must
/// stay the game's picture: on X11 without a compositor a window that covered it leaves its
/// own pixels behind until the game presents again. Read from Xvfb's own framebuffer, which is
/// what a person would see, while a second koalio covers and uncovers the paused one.
final class StillScreenTests: XCTestCase {
    /// Where a 2× window (1136×640) sits, centred on the 1280×800 screen.
    static let window = (x: 72, y: 80, width: 1136, height: 640)

    func testAPausedWindowUncoveredShowsItsPictureAgain() throws {
        for renderer in ["software", "accelerated"] {
            try checkUncovering(renderer: renderer)
        }
    }

    private func checkUncovering(renderer: String) throws {
        let directory = try Koalio.scratch()
        let framebuffer = directory.appendingPathComponent("fb").path
        try FileManager.default.createDirectory(atPath: framebuffer, withIntermediateDirectories: true)
        let xvfb = try Xvfb(framebufferDirectory: framebuffer)
        let pause = directory.appendingPathComponent("pause.keys").path
        try "2 escape down\n3 escape up\n".write(toFile: pause, atomically: true, encoding: .utf8)

        let paused = try LiveKoalio(["--level", "level1", "--renderer", renderer, "--input-script", pause, "--ticks", "3600"],
                                    display: xvfb.display, in: directory, name: "paused-\(renderer)")
        defer { paused.stop() }
        try paused.waitForTrace("the game paused and its picture shown") { lines in
            lines.count >= 20 && lines.last?["state"] as? String == "paused"
        }
        let before = try XWDImage.screen(in: framebuffer)
        let region = Self.window
        func share(_ a: XWDImage, _ b: XWDImage) -> Double {
            a.differingShare(from: b, x: region.x, y: region.y, width: region.width, height: region.height)
        }

        // The title, in a window of the same size at the same place: it covers the paused one.
        let cover = try LiveKoalio(["--renderer", renderer, "--ticks", "90"], display: xvfb.display, in: directory, name: "cover-\(renderer)")
        try cover.waitForTrace("the covering window drawn") { $0.count >= 30 }
        let covered = try XWDImage.screen(in: framebuffer)
        XCTAssertGreaterThan(share(before, covered), 0.3, "\(renderer): the second window covers the paused one (else this test proves nothing)")
        XCTAssertEqual(cover.wait(), 0, "\(renderer): the covering koalio ends by itself")

        let shownAfter = paused.lineCount
        try paused.waitForTrace("ten more ticks of the paused game after it was uncovered") { $0.count >= shownAfter + 10 }
        let after = try XWDImage.screen(in: framebuffer)
        XCTAssertLessThan(share(before, after), 0.01,
                          "\(renderer): uncovered, the paused window shows its own picture again, not the title that covered it")
        XCTAssertEqual(paused.lastState, "paused", "\(renderer): still paused: nothing on screen changed but the uncovering")
    }
}

/// koalio running beside the test, its `--trace` read live through a named pipe (koalio writes
/// a pipe's lines as they happen), so the test waits for what the game did, not for time.
final class LiveKoalio: @unchecked Sendable {
    private let process = Process()
    private let condition = NSCondition()
    private var lines: [[String: Any]] = []
    private var ended = false
    /// Long enough for a debug build under a loaded machine; a wait past it fails the test.
    static let deadlineSeconds = 60.0

    init(_ arguments: [String], display: String, in directory: URL, name: String) throws {
        let fifo = directory.appendingPathComponent("\(name).trace").path
        guard mkfifo(fifo, 0o600) == 0 else { throw XCTSkip("mkfifo failed: \(errno)") }
        process.executableURL = URL(fileURLWithPath: Koalio.binary)
        process.arguments = arguments + ["--trace", fifo]
        process.currentDirectoryURL = URL(fileURLWithPath: Koalio.repository)
        var environment = try TestEnvironment.forChild(dataHome: Koalio.dataHome)
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = Thread { [self] in
            guard let handle = FileHandle(forReadingAtPath: fifo) else { return finish() }
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending += chunk
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = pending[pending.startIndex..<newline]
                    pending = Data(pending[(newline + 1)...])
                    let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] ?? [:]
                    condition.lock()
                    lines.append(object)
                    condition.broadcast()
                    condition.unlock()
                }
            }
            finish()
        }
        reader.start()
    }

    private func finish() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    var lineCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return lines.count
    }

    var lastState: String? {
        condition.lock()
        defer { condition.unlock() }
        return lines.last?["state"] as? String
    }

    /// Waits until the trace so far satisfies `done` (checked at each new line).
    func waitForTrace(_ what: String, until done: ([[String: Any]]) -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: Self.deadlineSeconds)
        condition.lock()
        defer { condition.unlock() }
        while !done(lines) {
            if ended { throw Failure(description: "koalio ended before \(what) (\(lines.count) trace lines)") }
            if !condition.wait(until: deadline) { throw Failure(description: "no \(what) within \(Int(Self.deadlineSeconds)) s") }
        }
    }

    /// Waits for the process to end by itself; its exit status.
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends it as a window manager's close would (SDL turns SIGTERM into a quit).
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    struct Failure: Error, CustomStringConvertible { var description: String }
}
