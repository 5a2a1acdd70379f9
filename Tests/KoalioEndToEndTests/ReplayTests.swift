import Foundation
import KoalioReplay
import XCTest
import KoalioTestSupport
import KoalioReplayFile

/// Recording and playing back with the real binary, and every bad replay file.
final class ReplayTests: XCTestCase {
    let shipped = "Tests/Replays/level1.koalioreplay"

    func testTheShippedWinningReplayVerifies() throws {
        let run = try Koalio.run(["--replay", shipped, "--headless", "--verify"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("ok ") && run.stdout.hasSuffix(" ticks\n"), run.stdout)
    }

    /// `--sync-test 8` over every golden replay: the rollback core loads the game 8 ticks back at
    /// every tick and steps it again; a changed input byte is caught, naming the file.
    func testEveryGoldenReplayPassesTheSyncTest() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Tests/Replays")).filter { $0.hasSuffix(".koalioreplay") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 7)
        for file in files {
            let run = try Koalio.run(["--replay", "Tests/Replays/" + file, "--headless", "--sync-test", "8"])
            XCTAssertEqual(run.status, 0, file + ": " + run.stderr)
            XCTAssertTrue(run.stdout.hasPrefix("ok ") && run.stdout.hasSuffix(" ticks, rolled back 8 at every tick\n"), run.stdout)
        }
        let bad = try Koalio.run(["--replay", shipped, "--headless", "--sync-test", "9"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--sync-test must be from 1 to 8, not 9"), bad.stderr)
    }

    /// A two-player run of level 1 (Tests/Fixtures/level1-coop.keys), in today's format; and
    /// one in format 3, on level 1 as it was then (Tests/Fixtures/old-formats), still verifies.
    func testTheShippedCoopReplayVerifies() throws {
        let old = try Koalio.run(["--data-dir", Repository.path("Tests/Fixtures/old-formats"), "--replay",
                                  Repository.path("Tests/Fixtures/old-formats/level1-coop.koalioreplay"), "--headless", "--verify"])
        XCTAssertEqual(old.status, 0, old.stderr)
        XCTAssertTrue(old.stdout.hasPrefix("ok "), old.stdout)
        let path = "Tests/Replays/level1-coop.koalioreplay"
        let recording = try ReplayFile.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: Repository.path(path)))), file: path)
        XCTAssertEqual(recording.formatVersion, Recording.formatVersion)
        XCTAssertEqual(Set(recording.inputs.runs.flatMap { $0.input.partners.map(\.player) }), [2], "player 2 played")
        let run = try Koalio.run(["--replay", path, "--headless", "--verify"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "ok \(recording.inputs.count) ticks\n")
    }

    func testAWinIsAutosavedAndRecordWritesTheRun() throws {
        let dir = try Koalio.scratch()
        let dataHome = dir.appendingPathComponent("data").path
        let record = dir.appendingPathComponent("run.koalioreplay").path
        let run = try Koalio.run(["--level", "level1", "--headless", "--ticks", "2400", "--input-script", "Tests/Fixtures/level1-win.keys", "--record", record],
                                 environment: ["XDG_DATA_HOME": dataHome])
        XCTAssertEqual(run.status, 0, run.stderr)
        let saved = try FileManager.default.contentsOfDirectory(atPath: dataHome + "/koalio/replays")
        XCTAssertEqual(saved.count, 1)
        XCTAssertTrue(saved[0].hasPrefix("level1-") && saved[0].hasSuffix(".koalioreplay"), saved[0])
        for file in [record, dataHome + "/koalio/replays/" + saved[0]] {
            let check = try Koalio.run(["--replay", file, "--headless", "--verify"])
            XCTAssertEqual(check.status, 0, check.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: record)), try Data(contentsOf: URL(fileURLWithPath: dataHome + "/koalio/replays/" + saved[0])),
                       "the same winning run")
    }

    func testQuittingMidRunStillWritesTheRecording() throws {
        let record = try Koalio.scratch().appendingPathComponent("partial.koalioreplay").path
        let run = try Koalio.run(["--level", "level1", "--headless", "--ticks", "90", "--input-script", "Tests/Fixtures/level1-win.keys", "--record", record])
        XCTAssertEqual(run.status, 0, run.stderr)
        let check = try Koalio.run(["--replay", record, "--headless", "--verify"])
        XCTAssertEqual(check.stdout, "ok 90 ticks\n")
    }

    /// CRC-32 (IEEE), bit by bit: a test's own, to re-seal a replay it edits.
    static func littleEndianCRC32(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc = ~crc
        return (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
    }

    func assertBad(_ arguments: [String], status: Int32 = 2, mentions: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try Koalio.run(arguments)
        XCTAssertEqual(run.status, status, "\(run.stdout)\(run.stderr)", file: file, line: line)
        let text = status == 1 ? run.stdout : run.stderr
        XCTAssertEqual(text.split(separator: "\n").count, 1, "one line: \(text)", file: file, line: line)
        for word in mentions { XCTAssertTrue(text.contains(word), "\(word) in \(text)", file: file, line: line) }
    }

    func testBadReplayFiles() throws {
        let dir = try Koalio.scratch()
        let good = try Data(contentsOf: URL(fileURLWithPath: Repository.path("") + shipped))
        let truncated = dir.appendingPathComponent("truncated.koalioreplay").path
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: truncated))
        try assertBad(["--replay", truncated, "--headless", "--verify"], mentions: ["truncated.koalioreplay", "truncated"])
        try assertBad(["--replay", "Levels/level1.tmx", "--headless", "--verify"], mentions: ["level1.tmx", "not a koalio replay"])

        var newer = [UInt8](good)
        newer[8] = 5
        let newerPath = dir.appendingPathComponent("newer.koalioreplay").path
        try Data(newer).write(to: URL(fileURLWithPath: newerPath))
        try assertBad(["--replay", newerPath], mentions: ["newer.koalioreplay", "format version 5 is newer"])

        var recording = try ReplayFile.decode([UInt8](good), file: shipped)
        let changedLevel = dir.appendingPathComponent("level1.tmx").path
        try (String(contentsOfFile: Repository.path("Levels/level1.tmx"), encoding: .utf8) + "<!-- edited -->\n")
            .write(toFile: changedLevel, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Repository.path("Levels/koalio.tsx"), toPath: dir.appendingPathComponent("koalio.tsx").path)
        try assertBad(["--replay", shipped, "--level", changedLevel, "--headless", "--verify"], mentions: ["recorded on a different", "SHA-256"])

        recording.levelName = "nolevel"
        let missing = dir.appendingPathComponent("missing.koalioreplay").path
        try Data(ReplayFile.encode(recording)).write(to: URL(fileURLWithPath: missing))
        try assertBad(["--replay", missing, "--headless", "--verify"], mentions: ["missing.koalioreplay", "level 'nolevel' cannot be read",
                                                                                "Levels/nolevel.tmx: no such file"])

        // A level named with its .tmx is looked up as written, never as level1.tmx.tmx.
        recording.levelName = "level1.tmx"
        let withExtension = dir.appendingPathComponent("extension.koalioreplay").path
        try Data(ReplayFile.encode(recording)).write(to: URL(fileURLWithPath: withExtension))
        let asWritten = try Koalio.run(["--replay", withExtension, "--headless", "--verify"])
        XCTAssertEqual(asWritten.status, 0, asWritten.stderr)
        XCTAssertTrue(asWritten.stdout.hasPrefix("ok "), "Levels/level1.tmx found and verified: \(asWritten.stdout)")

        // A level name that is not UTF-8 is refused as such, not shown as U+FFFD and looked up.
        var bytes = ReplayFile.encode(recording)
        let name = Array("level1.tmx".utf8)
        let at = try XCTUnwrap((0..<bytes.count - name.count).first { Array(bytes[$0..<$0 + name.count]) == name })
        bytes[at] = 0xFF
        bytes.replaceSubrange(bytes.count - 4..<bytes.count, with: Self.littleEndianCRC32(bytes.dropLast(4)))
        let notUTF8 = dir.appendingPathComponent("notutf8.koalioreplay").path
        try Data(bytes).write(to: URL(fileURLWithPath: notUTF8))
        try assertBad(["--replay", notUTF8, "--headless", "--verify"], mentions: ["the level's name is not UTF-8 text"])

        recording.levelName = "level1"
        recording.checksums[3].value &+= 1
        let desync = dir.appendingPathComponent("desync.koalioreplay").path
        try Data(ReplayFile.encode(recording)).write(to: URL(fileURLWithPath: desync))
        try assertBad(["--replay", desync, "--headless", "--verify"], status: 1, mentions: ["desync", "tick \(recording.checksums[3].tick)"])
    }

    func testRecordingSomewhereUnwritableFailsBeforePlaying() throws {
        let run = try Koalio.run(["--headless", "--ticks", "10", "--record", "/nonexistent/dir/run.koalioreplay"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("/nonexistent/dir is not a directory"), run.stderr)
        let flags = try Koalio.run(["--verify"])
        XCTAssertEqual(flags.status, 64, "--verify needs --replay")
    }
}
