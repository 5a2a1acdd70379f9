import KoalioCore
import KoalioSystem

/// `--frame-times`: one line per frame: its start in milliseconds since the first frame, how
/// long its work took (events to present, before the wait for the next frame), and the camera's
/// x as drawn, in view pixels with fractions (a menu's is that of the level behind it; `-` before
/// the first picture). Kept in memory until the end: writing as it runs would be the kind of
/// hitch they are there to find.
/// Tools read these columns: add new ones at the end, never reorder.
enum FrameTimes {
    struct Frame {
        var start: Double
        var busy: Double
        /// Where the picture on screen after this frame was drawn from (``Platform/drawnCameraX(_:)``).
        var cameraX: Double?
    }

    static func write(_ frames: [Frame], to path: String) throws(KoalioError) {
        guard let first = frames.first?.start else { return }
        let text = frames.map {
            TraceRecord.number(($0.start - first) * 1000) + " " + TraceRecord.number($0.busy * 1000) + " "
                + ($0.cameraX.map(TraceRecord.number) ?? "-")
        }.joined(separator: "\n") + "\n"
        do { try AtomicFile.write(Array(text.utf8), to: path) } catch { throw .cannotWrite(path: path, what: "the frame times", reason: error.reason) }
    }
}
