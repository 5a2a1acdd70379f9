import Foundation
import KoalioReplay
import KoalioTestSupport
import XCTest
import KoalioReplayFile

/// A write cut short by SIGKILL (or a crash, or a power cut) must leave the previous good file
/// whole. `koalio-write-loop` saves replays to one path in a loop the way the game does; it is
/// killed at random moments, and each time the file must still decode (its CRC-32 checks every
/// byte). The same loop writing in place must be caught by the same check, or the test proves
/// nothing.
final class DurabilityTests: XCTestCase {
    var writer: String {
        URL(fileURLWithPath: Koalio.binary).deletingLastPathComponent().appendingPathComponent("koalio-write-loop").path
    }

    /// The kill moments come from SplitMix64 with this seed, so a run's delays are the same every
    /// time and a failure can be played again (as far as the machine's timing allows): the seed,
    /// the kill and its delay are in every failure's message. To try other moments, change it.
    static let seed: UInt64 = 0x6B6F_616C_696F
    static var seedText: String { "seed 0x\(String(seed, radix: 16))" }

    /// How long a writer may take to make its first file before the test calls it stuck and
    /// fails, instead of waiting on it for ever. The writer first builds two ~100 KB replays and
    /// then writes: its first file appears after about 0.2 s in a debug build (0.13–0.21 s
    /// measured), so 10 s is some 50 times that, room for a loaded 2-core machine, and 20
    /// writers that all hit it still end the test in under 4 minutes. Everything else in a round
    /// is bounded already: the delay (at most 20 ms), then SIGKILL, which cannot be ignored.
    static let firstWriteDeadline = Duration.seconds(10)

    /// One kill that left a file that does not decode.
    struct Damage: CustomStringConvertible {
        var kill: Int
        var delayMicroseconds: UInt32
        var description: String { "kill \(kill) after \(delayMicroseconds) µs" }
    }

    /// Kills the writer `kills` times, each after a delay from the seeded generator; returns the
    /// kills that left a file that does not decode.
    func damageAfterKills(mode: String, kills: Int) throws -> [Damage] {
        let path = try Koalio.scratch().appendingPathComponent("run.koalioreplay").path
        var damage: [Damage] = []
        var generator = SplitMix64(seed: Self.seed)
        for kill in 0..<kills {
            // Each writer starts from no file, so the wait below is for *its* first write (it
            // makes its replays first, which can take longer than the random delay).
            try? FileManager.default.removeItem(atPath: path)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: writer)
            process.arguments = [path, mode]
            try process.run()
            let place = "kill \(kill) of \(kills), koalio-write-loop \(mode), \(Self.seedText)"
            // Wait until a first file exists (polling: the file is the only signal the writer
            // gives), but never past the deadline, then let it write for a seeded random while.
            let deadline = ContinuousClock.now + Self.firstWriteDeadline
            while !FileManager.default.fileExists(atPath: path) && process.isRunning && ContinuousClock.now < deadline {
                usleep(1000)
            }
            guard FileManager.default.fileExists(atPath: path) else {
                let exited = !process.isRunning
                if !exited { Glibc.kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                throw Failure(description: exited
                    ? "\(place): the writer exited (status \(process.terminationStatus)) before writing a file"
                    : "\(place): the writer wrote no file within \(Self.firstWriteDeadline), so it was killed as stuck")
            }
            let delay = UInt32.random(in: 1_000...20_000, using: &generator)
            usleep(delay)
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "\(place), after \(delay) µs: the writer was killed, not finished")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            if (try? ReplayFile.decode(bytes, file: path)) == nil { damage.append(Damage(kill: kill, delayMicroseconds: delay)) }
        }
        return damage
    }

    func testAKilledWriteLeavesTheLastGoodFileWhole() throws {
        let damage = try damageAfterKills(mode: "atomic", kills: 20)
        XCTAssertEqual(damage.count, 0, "\(Self.seedText): damaged files after \(damage.map(\.description).joined(separator: ", "))")
    }

    func testTheCheckCatchesWritesInPlace() throws {
        let damage = try damageAfterKills(mode: "plain", kills: 20)
        print("durability: \(damage.count) of 20 kills left a damaged file when writing in place (\(Self.seedText))")
        XCTAssertGreaterThan(damage.count, 0, "writing in place must be caught (\(Self.seedText))")
    }

    /// The generator is the seeded one: the same seed gives the same delays, so the message's
    /// seed does name the moments (SplitMix64's first outputs for seed 0, from its reference
    /// implementation, pin the algorithm too).
    func testTheDelaysComeFromTheSeed() {
        var a = SplitMix64(seed: Self.seed), b = SplitMix64(seed: Self.seed)
        let first = (0..<20).map { _ in UInt32.random(in: 1_000...20_000, using: &a) }
        XCTAssertEqual(first, (0..<20).map { _ in UInt32.random(in: 1_000...20_000, using: &b) })
        XCTAssertGreaterThan(Set(first).count, 10, "the delays vary")
        var zero = SplitMix64(seed: 0)
        XCTAssertEqual([zero.next(), zero.next()], [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4])
    }

    struct Failure: Error, CustomStringConvertible { var description: String }
}
