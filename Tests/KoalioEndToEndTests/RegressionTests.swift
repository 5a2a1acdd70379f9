import Foundation
import XCTest
import KoalioTestSupport

/// Every file under `Tests/Regressions/` through the real binary (see tools/make_regressions.py):
/// hostile levels, replays, input scripts and controller mappings that once crashed koalio,
/// ate memory, hung, or printed an unclear error. Files named `ok-*` must play; each other one
/// must end in exactly one line on stderr naming the file, and exit status 2.
final class RegressionTests: XCTestCase {
    static let directory = Repository.path("Tests/Regressions")

    func files(_ kind: String, _ suffix: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(Self.directory)/\(kind)").filter { $0.hasSuffix(suffix) }.sorted()
        XCTAssertFalse(names.isEmpty, "Tests/Regressions/\(kind) has \(suffix) files")
        return names
    }

    func check(_ name: String, _ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath,
               line: UInt = #line) throws {
        let run = try Koalio.run(arguments, environment: environment)
        XCTAssertFalse(run.stderr.contains("Fatal error") || run.stderr.contains("Stack dump"), "\(name): \(run.stderr)", file: file, line: line)
        if name.hasPrefix("ok-") {
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)", file: file, line: line)
            XCTAssertEqual(run.stderr, "", name, file: file, line: line)
            return
        }
        XCTAssertEqual(run.status, 2, "\(name): \(run.stdout)\(run.stderr)", file: file, line: line)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "\(name): one line: \(run.stderr)", file: file, line: line)
        XCTAssertTrue(run.stderr.hasPrefix("koalio: "), "\(name): \(run.stderr)", file: file, line: line)
        XCTAssertTrue(run.stderr.contains(name), "\(name) is named: \(run.stderr)", file: file, line: line)
        XCTAssertFalse(run.stderr.unicodeScalars.contains { $0.value == 0x1B }, "\(name): no raw escape character", file: file, line: line)
    }

    func testHostileLevels() throws {
        for name in try files("levels", ".tmx") {
            try check(name, ["--level", "\(Self.directory)/levels/\(name)", "--headless", "--ticks", "5"])
        }
    }

    func testHostileReplays() throws {
        for name in try files("replays", ".koalioreplay") {
            try check(name, ["--replay", "\(Self.directory)/replays/\(name)", "--headless", "--verify"])
        }
    }

    func testHostileInputScripts() throws {
        for name in try files("scripts", ".keys") {
            try check(name, ["--input-script", "\(Self.directory)/scripts/\(name)", "--headless", "--ticks", "40"])
        }
    }

    func testHostileControllerMappings() throws {
        for name in try files("mappings", ".txt") {
            try check(name, ["--headless", "--ticks", "5"], environment: ["SDL_GAMECONTROLLERCONFIG_FILE": "\(Self.directory)/mappings/\(name)"])
        }
    }

    /// 50 000 mappings used to take 92 s (SDL searches its list for each one it adds, and read
    /// the file a second time itself); koalio now hands SDL only the mappings of pads present.
    func testAHugeMappingFileIsReadOnceAndQuickly() throws {
        let path = try Koalio.scratch().appendingPathComponent("gamecontrollerdb.txt").path
        var generator = SystemRandomNumberGenerator()
        let lines = (0..<50_000).map { i in
            String(format: "%016llx%016llx,Pad %d,a:b0,b:b1,platform:Linux,", generator.next() as UInt64, generator.next() as UInt64, i)
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        // The kernel counts the opens (inotify), however the reading is done.
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        XCTAssertGreaterThanOrEqual(watch, 0)
        defer { close(watch) }
        XCTAssertGreaterThanOrEqual(inotify_add_watch(watch, path, UInt32(IN_OPEN)), 0)
        let run = try Koalio.run(["--headless", "--ticks", "5"], environment: ["SDL_GAMECONTROLLERCONFIG_FILE": path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        var buffer = [UInt8](repeating: 0, count: 4096), opens = 0
        while true {
            let got = read(watch, &buffer, buffer.count)
            guard got > 0 else { break }
            var offset = 0
            while offset + 16 <= got {  // struct inotify_event: wd, mask, cookie, len, then len bytes of name
                let mask = buffer[offset + 4..<offset + 8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                let length = buffer[offset + 12..<offset + 16].reversed().reduce(0) { $0 << 8 | Int($1) }
                if mask & UInt32(IN_OPEN) != 0 { opens += 1 }
                offset += 16 + length
            }
        }
        XCTAssertEqual(opens, 1, "the mapping file is opened once (SDL used to read it again itself)")
    }

    func testNoDisplayIsOneLine() throws {
        let run = try Koalio.run(["--ticks", "5"], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("no display found") && run.stderr.contains("--headless"), run.stderr)
    }

    /// A Wayland-only session whose compositor is gone: WAYLAND_DISPLAY names a socket that
    /// is not there, and no DISPLAY. The same one line, not libwayland's own.
    func testAWaylandDisplayWithNoSocketIsOneLine() throws {
        let runtime = try Koalio.scratch().path
        let run = try Koalio.run(["--ticks", "5"], environment: ["WAYLAND_DISPLAY": "wayland-gone", "XDG_RUNTIME_DIR": runtime],
                                 removing: ["DISPLAY"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("no display found"), run.stderr)
    }
}
