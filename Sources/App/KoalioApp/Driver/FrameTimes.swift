import KoalioCore
import KoalioSystem

/// `--frame-times`: one line per frame: its start in milliseconds since the first frame, how
/// long its work took (events to present, before the wait for the next frame), the camera's x
/// as drawn, in view pixels with fractions (a menu's is that of the level behind it; `-` before
/// the first picture), the 60 Hz steps run so far (the trace's `tick` of its last step: frames
/// and steps are not one to one), and how long the loop rested before the frame, in
/// milliseconds (a still screen sleeps until an event; 0 for a paced frame). Kept in memory
/// until the end: writing as it runs would be the kind of hitch they are there to find.
/// Tools read these columns: add new ones at the end, never reorder.
enum FrameTimes {
    struct Frame {
        var start: Double
        var busy: Double
        /// Where the picture on screen after this frame was drawn from (``Platform/drawnCameraX(_:)``).
        var cameraX: Double?
        /// Steps run so far, after this frame's.
        var ticks: Int
        /// How long the loop rested (slept until an event or a deadline) before this frame, in seconds.
        var rested: Double
    }

    static func write(_ frames: [Frame], to path: String) throws(KoalioError) {
        guard let first = frames.first?.start else { return }
        let text = frames.map {
            TraceRecord.number(($0.start - first) * 1000) + " " + TraceRecord.number($0.busy * 1000) + " "
                + ($0.cameraX.map(TraceRecord.number) ?? "-") + " \($0.ticks) " + TraceRecord.number($0.rested * 1000)
        }.joined(separator: "\n") + "\n"
        do { try AtomicFile.write(Array(text.utf8), to: path) } catch { throw .cannotWrite(path: path, what: "the frame times", reason: error.reason) }
    }
}
