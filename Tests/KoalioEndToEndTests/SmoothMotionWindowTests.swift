import Foundation
import KoalioHarness
import KoalioTestSupport
import XCTest

/// Smooth motion in a real window under Xvfb: level 2's winning run (it turns back, so the camera must too) played back as if on a
/// 144 Hz display (`--refresh-rate 144`), read from `--frame-times` (each frame's start, and
/// the camera's x as the window shows it).
final class SmoothMotionWindowTests: XCTestCase {
    struct Frames {
        var starts: [Double]
        var cameraX: [Double]

        /// The camera's moves from one picture to the next.
        var steps: [Double] { zip(cameraX.dropFirst(), cameraX).map { $0 - $1 } }
    }

    /// - Parameter countingFrames: frames counted, not timed (an empty input script): each
    ///   frame is exactly 60/144 of a step on, however late the machine finishes it.
    func play(renderer: String, refreshRate: Int, ticks: Int, countingFrames: Bool = false) throws -> Frames {
        let directory = try Koalio.scratch().path
        let xvfb = try Xvfb()
        let times = directory + "/frames.txt"
        var counting: [String] = []
        if countingFrames {
            try "".write(toFile: directory + "/none.keys", atomically: true, encoding: .utf8)
            counting = ["--input-script", directory + "/none.keys"]
        }
        let run = try Koalio.run(["--replay", "Tests/Replays/level2.koalioreplay", "--refresh-rate", "\(refreshRate)", "--renderer", renderer,
                                  "--ticks", "\(ticks)", "--frame-times", times] + counting,
                                 environment: ["DISPLAY": xvfb.display, "SDL_AUDIODRIVER": "dummy"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = try String(contentsOfFile: times, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        XCTAssertTrue(rows.allSatisfy { $0.count == 5 }, "five columns")
        return Frames(starts: rows.compactMap { Double($0[0]) }, cameraX: rows.compactMap { Double($0[2]) })
    }

    /// About 144 pictures a second; while the koala runs, the camera moves by even steps (one
    /// frame's step never more than one view pixel, the software renderer's finest, from the
    /// last; without drawing between steps they go 0, 0, 3.5, 0, 3.5 …); nothing goes back and
    /// forth (the camera turns no more often than the koala does in the world).
    func testA144HzDisplayGetsAPictureARefreshMovingByEvenSteps() throws {
        let frames = try play(renderer: "software", refreshRate: 144, ticks: 420)
        let seconds = ((frames.starts.last ?? 0) - (frames.starts.first ?? 0)) / 1000
        let rate = Double(frames.starts.count - 1) / seconds
        XCTAssertEqual(frames.cameraX.count, frames.starts.count, "the camera's x on every line: a level is on screen")
        XCTAssertGreaterThan(rate, 125, "about 144 pictures a second, not 60: \(rate)")
        XCTAssertLessThan(rate, 150)
        checkEvenSteps(frames, finest: 1, name: "software")
    }

    /// The GPU draws the moving picture at the window's size (2×): half view pixels. Frames are
    /// counted here: llvmpipe in a debug build takes about a 144 Hz frame's time, and a frame a
    /// busy machine finishes late would carry two frames' step (the software run above keeps
    /// real time: its frames take a fifth of that).
    func testTheGPUDrawsBetweenViewPixels() throws {
        let frames = try play(renderer: "accelerated", refreshRate: 144, ticks: 300, countingFrames: true)
        let fractional = frames.cameraX.filter { $0 != $0.rounded() }
        XCTAssertFalse(fractional.isEmpty, "the camera drawn at fractions of a view pixel")
        XCTAssertTrue(fractional.allSatisfy { ($0 * 2) == ($0 * 2).rounded() }, "on the 2× window's pixels")
        checkEvenSteps(frames, finest: 0.5, name: "accelerated")
    }

    /// How often the koala turns in the world over the run's first `ticks` (from its trace): the
    /// camera, which follows it, can turn no more often.
    lazy var worldTurns: Int = {
        guard let trace = try? Koalio.scratch().path + "/trace.jsonl",
              (try? Koalio.run(["--headless", "--replay", "Tests/Replays/level2.koalioreplay", "--ticks", "420", "--trace", trace]))?.status == 0,
              let lines = try? Koalio.traceLines(trace) else { return -1 }
        let x = lines.compactMap { $0["x"] as? Double }
        return Self.turns(zip(x.dropFirst(), x).map { $0 - $1 })
    }()

    /// Changes of direction in a series of moves (standing still is none).
    static func turns(_ moves: [Double]) -> Int {
        let signs = moves.filter { $0 != 0 }.map { $0 > 0 }
        return zip(signs.dropFirst(), signs).filter { $0 != $1 }.count
    }

    func checkEvenSteps(_ frames: Frames, finest: Double, name: String) {
        let steps = frames.steps
        XCTAssertGreaterThan(steps.filter { $0 > 0 }.count, 200, "\(name): the camera moved (else this proves nothing)")
        XCTAssertGreaterThan(worldTurns, 0, "the run turns back (else this proves nothing)")
        XCTAssertLessThanOrEqual(Self.turns(steps), worldTurns, "\(name): the camera turns only where the koala does")
        let pairs = zip(steps.dropFirst(), steps).filter { $0 > 0 && $1 > 0 }
        let even = pairs.filter { abs($0 - $1) <= finest + 1e-9 }
        // A frame this busy machine starts late carries two frames' step: allow one in twenty.
        XCTAssertGreaterThan(Double(even.count), Double(pairs.count) * 0.95, "\(name): \(pairs.count - even.count) uneven of \(pairs.count)")
        let camera = frames.cameraX
        var backAndForth: [Int] = []
        for index in 0..<max(0, camera.count - 2) where camera[index + 1] != camera[index] && camera[index + 2] == camera[index] {
            backAndForth.append(index)
        }
        XCTAssertEqual(backAndForth, [], "\(name): no picture goes back to the one before")
    }
}
