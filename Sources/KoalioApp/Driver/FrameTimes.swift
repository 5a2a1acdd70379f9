import KoalioCore

/// `--frame-times`: one line per frame, its start in milliseconds since the first frame and
/// how long its work took (events to present, before the wait for the next frame). Kept in
/// memory until the end: writing as it runs would be the kind of hitch they are there to find.
enum FrameTimes {
    static func write(_ frames: [(start: Double, busy: Double)], to path: String) throws(KoalioError) {
        guard let first = frames.first?.start else { return }
        let text = frames.map { TraceRecord.number(($0.start - first) * 1000) + " " + TraceRecord.number($0.busy * 1000) }
            .joined(separator: "\n") + "\n"
        do { try AtomicFile.write(Array(text.utf8), to: path) } catch { throw .cannotWrite(path: path, what: "the frame times", reason: error.reason) }
    }
}
