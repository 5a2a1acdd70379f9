import Foundation
import KoalioReplay
import KoalioReplayFile
import KoalioTestSupport
import XCTest

@testable import KoalioApp

/// The shipped levels stand in order of difficulty (each forgives less than the one before), and
/// what a player kept from before they changed places follows its level: the best runs raced by
/// the ghost, and replays that name a level by its old number.
final class LevelOrderTests: XCTestCase {
    let names = (1...6).map { "level\($0)" }
    var levels: [(name: String, path: String)] { names.map { ($0, Repository.path("Levels/\($0).tmx")) } }

    /// The slack each shipped level's person's route was measured at (the first line of
    /// `Tests/Fixtures/levelN-human.keys`, written by `koalio-solve --human`) falls from level
    /// to level, the first at 90 % or more.
    func testEachLevelForgivesLessThanTheOneBefore() throws {
        let slacks = try names.map { name -> Int in
            let first = try String(contentsOfFile: Repository.path("Tests/Fixtures/\(name)-human.keys"), encoding: .utf8)
                .split(separator: "\n").first.map(String.init) ?? ""
            XCTAssertTrue(first.hasPrefix("# \(name): won in "), first)
            guard let range = first.range(of: #"slack \d+ %"#, options: .regularExpression),
                  let value = Int(first[range].dropFirst(6).dropLast(2)) else { throw XCTSkip("no slack in \(first)") }
            return value
        }
        XCTAssertGreaterThanOrEqual(slacks[0], 90, "\(slacks)")
        XCTAssertEqual(slacks, slacks.sorted(by: >), "each level forgives less than the one before: \(slacks)")
    }

    /// Best runs kept under the old numbers move to their levels (by the bytes they name: the
    /// night forest's, kept as level 5, to level 3; the gorge's, kept as level 6, to level 4); a
    /// file whose level has no run stays as it was (the crystal cave's old run, kept as level 3,
    /// names bytes no level has now: the cave got checkpoints); a file is copied aside before it
    /// is replaced, and a second pass changes nothing.
    func testBestRunsFollowTheirLevels() throws {
        let best = try Scratch.directory().path + "/best"
        try FileManager.default.createDirectory(atPath: best, withIntermediateDirectories: true)
        let forest = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Tests/Replays/level3.koalioreplay")))
        let gorge = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Tests/Replays/level4.koalioreplay")))
        let meadow = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Tests/Replays/level1.koalioreplay")))
        var oldCave = try ReplayStore.read(Repository.path("Tests/Replays/level6.koalioreplay"))
        oldCave.levelSHA256 = [UInt8](repeating: 0x47, count: 32)  // the cave before its checkpoints
        let cave = Data(ReplayFile.encode(oldCave))
        try forest.write(to: URL(fileURLWithPath: best + "/level5.koalioreplay"))
        try gorge.write(to: URL(fileURLWithPath: best + "/level6.koalioreplay"))
        try cave.write(to: URL(fileURLWithPath: best + "/level3.koalioreplay"))
        try meadow.write(to: URL(fileURLWithPath: best + "/level1.koalioreplay"))
        for pass in 1...2 {
            BestRunShelf.followLevels(directory: best, levels: levels)
            func file(_ name: String) -> Data? { FileManager.default.contents(atPath: best + "/" + name) }
            XCTAssertEqual(file("level3.koalioreplay"), forest, "pass \(pass)")
            XCTAssertEqual(file("level4.koalioreplay"), gorge, "pass \(pass)")
            XCTAssertEqual(file("level1.koalioreplay"), meadow, "pass \(pass)")
            XCTAssertEqual(file("level5.koalioreplay"), forest, "no red centre run to put there: left as it was (pass \(pass))")
            XCTAssertEqual(file("level6.koalioreplay"), gorge, "no run of the cave as it is now: left as it was (pass \(pass))")
            XCTAssertEqual(file("level3.koalioreplay.version1"), cave, "the file replaced, kept as it was (pass \(pass))")
            XCTAssertNil(file("level5.koalioreplay.version1"), "a file not replaced is not copied")
            XCTAssertNil(file("level4.koalioreplay.version1"), "nor is a file that was not there")
        }
        // Stopped half-way (level 3 replaced, level 4 not yet written): the next pass still finds
        // the gorge's run.
        try FileManager.default.removeItem(atPath: best + "/level4.koalioreplay")
        BestRunShelf.followLevels(directory: best, levels: levels)
        XCTAssertEqual(FileManager.default.contents(atPath: best + "/level4.koalioreplay"), gorge)
    }

    /// A replay that names `level5` but was recorded on the night forest (level 5 once) plays on
    /// level 3; one whose level is nowhere keeps its name (and is refused as changed).
    func testAReplayNamingAnOldNumberPlaysOnItsLevel() throws {
        var recording = try ReplayStore.read(Repository.path("Tests/Replays/level3.koalioreplay"))
        recording.levelName = "level5"
        XCTAssertEqual(Game.replayLevelPath(recording, dataDirectory: Repository.root), Repository.root + "/Levels/level3.tmx")
        recording.levelName = "level3"
        XCTAssertEqual(Game.replayLevelPath(recording, dataDirectory: Repository.root), Repository.root + "/Levels/level3.tmx")
        recording.levelSHA256 = [UInt8](repeating: 1, count: 32)
        recording.levelName = "level5"
        XCTAssertEqual(Game.replayLevelPath(recording, dataDirectory: Repository.root), Repository.root + "/Levels/level5.tmx")
    }
}
