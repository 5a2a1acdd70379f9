import Foundation
import KoalioHarness
import XCTest

/// The volumes heard: SDL's `disk` audio driver writes what the mixer outputs (signed 16-bit
/// stereo) to a file, from a real window's run with a jump (its effect) and the level's music.
final class VolumeTests: XCTestCase {
    /// The loudness (RMS of every sample) of a run with these volumes, 0…32768. Not the peak:
    /// which part of the music a run hears shifts by the milliseconds the device takes to open.
    func loudness(_ xvfb: Xvfb, music: Int, effects: Int) throws -> Int {
        let dir = try Koalio.scratch()
        let output = dir.appendingPathComponent("audio-\(music)-\(effects).raw").path, keys = dir.appendingPathComponent("jump.keys").path
        try "20 space down\n30 space up\n".write(toFile: keys, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--level", "level1", "--ticks", "90", "--input-script", keys, "--music-volume", "\(music)",
                                  "--effects-volume", "\(effects)"],
                                 environment: ["DISPLAY": xvfb.display, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": output,
                                               "SDL_DISKAUDIODELAY": "0"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        XCTAssertGreaterThan(bytes.count, 4096, "the mixer wrote the run's sound")
        return bytes.withUnsafeBytes { raw in
            let samples = raw.bindMemory(to: Int16.self)
            let energy = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
            return Int((energy / Double(max(1, samples.count))).squareRoot())
        }
    }

    func testVolumesAreWhatTheMixerPlays() throws {
        let xvfb = try Xvfb()
        XCTAssertEqual(try loudness(xvfb, music: 0, effects: 0), 0, "both at 0: silence")
        let effects = try loudness(xvfb, music: 0, effects: 100)
        XCTAssertGreaterThan(effects, 50, "the jump is heard")
        let music = try loudness(xvfb, music: 100, effects: 0)
        XCTAssertGreaterThan(music, 500, "the music is heard")
        let quieter = try loudness(xvfb, music: 30, effects: 0)
        XCTAssertGreaterThan(quieter, 0)
        XCTAssertLessThan(quieter, music * 6 / 10, "30 % music is quieter than 100 % (linear: about 0.3)")
    }
}
