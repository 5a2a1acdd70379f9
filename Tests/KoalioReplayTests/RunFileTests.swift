import KoalioInput
import KoalioReplay
@testable import KoalioReplayFile
import KoalioSim
import KoalioSystem
import KoalioTestSupport
import XCTest

/// A whole speedrun's file: the golden replays of world 1 as one run prove its in-game time;
/// a changed input fails at the tick it changes (the first checksum after it); a damaged
/// file is one line.
final class RunFileTests: XCTestCase {
    func world1() throws -> RunRecording {
        let segments = try ["level1", "level2", "level3"].map { name in
            let path = Repository.path("Tests/Replays/\(name).koalioreplay")
            return try ReplayFile.decode(try FileBytes.read(path, limit: 1 << 24), file: path)
        }
        return RunRecording(category: "world1", segments: segments)
    }

    func stage(_ recording: Recording) -> Stage? { try? Repository.stage(named: recording.levelName) }

    /// World 1's levels by their files' digests.
    func levels() throws -> [[UInt8]] { try ["level1", "level2", "level3"].map { try Repository.file(named: $0).sha256 } }

    func testAWholeRunProvesItsInGameTime() throws {
        let run = try world1()
        let decoded = try RunFile.decode(RunFile.encode(run), file: "run.koaliorun")
        XCTAssertEqual(decoded, run)
        var total = 0
        var splits: [RunVerifier.Split] = []
        for segment in run.segments {
            var session = Session(stage: try XCTUnwrap(stage(segment)))
            for input in segment.inputs { session.step(input) }
            XCTAssertEqual(session.state, .won)
            total += session.world.tick
            splits.append(RunVerifier.Split(levelName: segment.levelName, inGameTicks: total))
        }
        XCTAssertEqual(RunVerifier.verify(decoded, levels: try levels(), stage: stage), .ok(ticks: run.segments.map(\.inputs.count).reduce(0, +), inGameTicks: total, splits: splits),
                       "in-game time: the levels' ticks summed")
    }

    func testAChangedInputFailsAtTheTickItChanges() throws {
        var run = try world1()
        let tick = 900
        var inputs = Array(run.segments[1].inputs)
        var changed = inputs[tick - 1]
        changed.snapshot.dpadX = changed.snapshot.dpadX == 0 ? -1 : 0
        inputs[tick - 1] = changed
        run.segments[1].inputs = TickInputRuns(inputs)
        let bytes = RunFile.encode(run)
        guard case let .mismatch(segment, at, runTick) = RunVerifier.verify(try RunFile.decode(bytes, file: "run"), levels: try levels(), stage: stage) else {
            return XCTFail("a changed input is found")
        }
        XCTAssertEqual(segment, 1)
        let next = try XCTUnwrap(run.segments[1].checksums.first { $0.tick >= tick }?.tick)
        XCTAssertEqual(at, next, "the first checksum from the changed tick on")
        XCTAssertEqual(runTick, run.segments[0].inputs.count + at)
    }

    func testAnUnfinishedRunAndADamagedFile() throws {
        var run = try world1()
        run.segments[2].inputs = TickInputRuns(Array(run.segments[2].inputs.prefix(100)))
        run.segments[2].checksums = run.segments[2].checksums.filter { $0.tick <= 100 }
        XCTAssertEqual(RunVerifier.verify(run, levels: try levels(), stage: stage), .unfinished)
        let whole = try world1()
        XCTAssertEqual(RunVerifier.verify(RunRecording(category: "world1", segments: [whole.segments[0]]), levels: try levels(), stage: stage), .unfinished,
                       "one level of three")
        XCTAssertEqual(RunVerifier.verify(RunRecording(category: "world1", segments: [whole.segments[0], whole.segments[2]]), levels: try levels(), stage: stage),
                       .wrongLevel(segment: 1), "a level skipped")
        var assisted = whole
        assisted.segments[1].assist.invincible = true
        XCTAssertEqual(RunVerifier.verify(assisted, levels: try levels(), stage: stage), .assisted(segment: 1))
        var bytes = RunFile.encode(try world1())
        bytes[bytes.count / 2] ^= 0x40
        XCTAssertThrowsError(try RunFile.decode(bytes, file: "run.koaliorun")) {
            XCTAssertEqual("\($0)", "run.koaliorun: damaged or truncated: the file's CRC-32 does not match its contents")
        }
        XCTAssertThrowsError(try RunFile.decode(Array(RunFile.encode(try world1()).dropLast(10)), file: "r")) {
            XCTAssertTrue("\($0)".contains("damaged or truncated"))
        }
        XCTAssertThrowsError(try RunFile.decode(Array("KOALIORP".utf8), file: "r")) { XCTAssertEqual("\($0)", "r: not a koalio run (no KOALIORN header)") }
    }
}
