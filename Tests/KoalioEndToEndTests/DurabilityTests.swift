import Foundation
import KoalioReplay
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

    /// Kills the writer `kills` times after random delays; returns how many kills left a file
    /// that does not decode.
    func damagedFilesAfterKills(mode: String, kills: Int) throws -> Int {
        let path = try Koalio.scratch().appendingPathComponent("run.koalioreplay").path
        var damaged = 0
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<kills {
            // Each writer starts from no file, so the wait below is for *its* first write (it
            // makes its replays first, which can take longer than the random delay).
            try? FileManager.default.removeItem(atPath: path)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: writer)
            process.arguments = [path, mode]
            try process.run()
            // Wait until a first file exists, then let it write for a random while.
            while !FileManager.default.fileExists(atPath: path) && process.isRunning { usleep(1000) }
            usleep(UInt32.random(in: 1_000...20_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the writer was killed, not finished")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            if (try? ReplayFile.decode(bytes, file: path)) == nil { damaged += 1 }
        }
        return damaged
    }

    func testAKilledWriteLeavesTheLastGoodFileWhole() throws {
        XCTAssertEqual(try damagedFilesAfterKills(mode: "atomic", kills: 20), 0)
    }

    func testTheCheckCatchesWritesInPlace() throws {
        let damaged = try damagedFilesAfterKills(mode: "plain", kills: 20)
        print("durability: \(damaged) of 20 kills left a damaged file when writing in place")
        XCTAssertGreaterThan(damaged, 0, "writing in place must be caught")
    }
}
