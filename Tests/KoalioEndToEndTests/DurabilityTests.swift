import Foundation
import KoalioReplay
import KoalioTestSupport
import XCTest

/// A write cut short by SIGKILL (or a crash, or a power cut) must leave the previous good file
/// whole. `koalio-write-loop` saves replays to one path in a loop the way the game does; it is
/// killed at random moments, and each time the file must still decode (its CRC-32 checks every
/// byte). The same loop writing in place must be caught by the same check, or the test proves
/// nothing.
final class DurabilityTests: XCTestCase {
    var writer: String {
        URL(fileURLWithPath: Koalio.binary).deletingLastPathComponent().appendingPathComponent("koalio-write-loop").path
    }

    /// The kill moments come from this seed, so a failure can be played again exactly (as far as
    /// the machine's timing allows): the seed is in every failure's message.
    static let seed: UInt64 = 0x6B6F_616C_696F
    /// A writer that has made no file by then is stuck: the test fails instead of waiting on.
    static let firstWriteDeadlineSeconds = 10.0

    /// Kills the writer `kills` times after random delays; returns how many kills left a file
    /// that does not decode.
    func damagedFilesAfterKills(mode: String, kills: Int) throws -> Int {
        let path = try Koalio.scratch().appendingPathComponent("run.koalioreplay").path
        var damaged = 0
        var generator = SplitMix64(seed: Self.seed)
        for kill in 0..<kills {
            // Each writer starts from no file, so the wait below is for *its* first write (it
            // makes its replays first, which can take longer than the random delay).
            try? FileManager.default.removeItem(atPath: path)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: writer)
            process.arguments = [path, mode]
            try process.run()
            // Wait until a first file exists, then let it write for a random while.
            let deadline = Date(timeIntervalSinceNow: Self.firstWriteDeadlineSeconds)
            while !FileManager.default.fileExists(atPath: path) && process.isRunning && Date() < deadline { usleep(1000) }
            guard FileManager.default.fileExists(atPath: path) else {
                Glibc.kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw Stuck(description: "kill \(kill) (seed \(Self.seed)): koalio-write-loop \(mode) wrote no file within \(Int(Self.firstWriteDeadlineSeconds)) s")
            }
            usleep(UInt32.random(in: 1_000...20_000, using: &generator))
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "kill \(kill) (seed \(Self.seed)): the writer was killed, not finished")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            if (try? ReplayFile.decode(bytes, file: path)) == nil { damaged += 1 }
        }
        return damaged
    }

    func testAKilledWriteLeavesTheLastGoodFileWhole() throws {
        XCTAssertEqual(try damagedFilesAfterKills(mode: "atomic", kills: 20), 0, "seed \(Self.seed)")
    }

    func testTheCheckCatchesWritesInPlace() throws {
        let damaged = try damagedFilesAfterKills(mode: "plain", kills: 20)
        print("durability: \(damaged) of 20 kills left a damaged file when writing in place")
        XCTAssertGreaterThan(damaged, 0, "writing in place must be caught (seed \(Self.seed))")
    }

    struct Stuck: Error, CustomStringConvertible { var description: String }
}
