import Foundation
import KoalioHarness
import KoalioTestSupport
import XCTest

/// The real binary through a storm of pad plugging: resident memory must not grow with the
/// number of cycles (a leak of a controller, a joystick or its state would).
final class HotPlugStormTests: XCTestCase {
    func peakResident(rounds: Int) throws -> Int {
        let script = try Koalio.scratch().appendingPathComponent("storm-\(rounds).keys").path
        try HotPlugStorm.script(rounds: rounds).write(toFile: script, atomically: true, encoding: .utf8)
        let run = try MeasuredProcess.run(Koalio.binary, ["--data-dir", Koalio.repository, "--level", "level1", "--headless", "--ticks",
                                                         String(HotPlugStorm.ticks(rounds: rounds)), "--input-script", script],
                                          environment: ["XDG_DATA_HOME": Koalio.dataHome, "SDL_GAMECONTROLLERCONFIG_FILE": ""])
        XCTAssertEqual(run.status, 0)
        return run.peakResidentBytes
    }

    /// Each length run twice, the lower peak of each kept: a peak's own noise (the allocator's
    /// timing, about ±0.4 MiB here) comes and goes between runs, a leak shows in every run.
    func testResidentMemoryIsFlatOver1000Cycles() throws {
        let few = try (0..<2).map { _ in try peakResident(rounds: 100) }.min() ?? 0
        let many = try (0..<2).map { _ in try peakResident(rounds: 1000) }.min() ?? 0
        print("hot-plug storm: peak resident \(few / 1024) KiB over 100 cycles, \(many / 1024) KiB over 1000 (the lower of two runs each)")
        XCTAssertLessThan(many - few, 2 << 20, "900 more cycles cost less than 2 MiB")
    }
}
