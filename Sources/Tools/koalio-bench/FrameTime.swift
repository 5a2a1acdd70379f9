import Foundation

/// One line of `--frame-times`: the frame's start (ms since the first), its work (ms), and the
/// camera's x as drawn (nil: no level on screen). Read by its columns' places, as tools outside
/// the game would: columns may be added at the end.
struct FrameTime {
    var start: Double
    var work: Double
    var cameraX: Double?
    /// The game's 60 Hz steps so far, after this frame (the trace's tick).
    var ticks: Int?
    /// Milliseconds the loop rested before this frame (a still screen); 0 for a paced frame.
    var rested: Double

    /// When its picture was presented.
    var presented: Double { start + work }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String) throws -> [FrameTime] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let start = Double(fields[0]), let work = Double(fields[1]) else {
                throw Malformed(description: "\(path): not a frame's line: \(line)")
            }
            return FrameTime(start: start, work: work, cameraX: fields.count > 2 ? Double(fields[2]) : nil,
                             ticks: fields.count > 3 ? Int(fields[3]) : nil, rested: fields.count > 4 ? Double(fields[4]) ?? 0 : 0)
        }
    }
}
