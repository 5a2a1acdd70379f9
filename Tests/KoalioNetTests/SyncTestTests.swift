import KoalioNet
import KoalioReplay
import KoalioReplayFile
import KoalioTestSupport
import XCTest

final class SyncTestTests: XCTestCase {
    /// Every golden replay rolled back 1, 4 and 8 ticks at every tick: the game is whole in its value.
    func testEveryGoldenReplayPassesTheSyncTest() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Tests/Replays")).filter { $0.hasSuffix(".koalioreplay") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 7)
        for file in files {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: Repository.path("Tests/Replays/") + file))
            let recording = try ReplayFile.decode([UInt8](data), file: file)
            let stage = try Repository.file(named: recording.levelName).stage
            for depth in [1, 4, 8] {
                XCTAssertEqual(SyncTest.run(recording, on: stage, depth: depth), .ok(ticks: recording.inputs.count), "\(file) at \(depth)")
            }
        }
    }

    func testAChangedInputFailsAtItsTickAgainstTheRecordedChecksums() throws {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: Repository.path("Tests/Replays/level2.koalioreplay")))
        var recording = try ReplayFile.decode([UInt8](data), file: "level2.koalioreplay")
        let stage = try Repository.file(named: recording.levelName).stage
        var inputs = Array(recording.inputs)
        inputs[100].snapshot.leftX = -1
        inputs[100].snapshot.dpadX = -1
        recording.inputs = TickInputRuns(inputs)
        guard case let .mismatch(tick, _, _) = SyncTest.run(recording, on: stage, depth: 8) else { return XCTFail("not caught") }
        XCTAssertGreaterThan(tick, 100)
        XCTAssertLessThanOrEqual(tick, 100 + 60, "the next recorded checksum after the change")
    }
}
