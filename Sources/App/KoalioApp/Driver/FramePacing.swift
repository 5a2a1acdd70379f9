import KoalioCore
import KoalioUserData

/// How often the loop shows a frame, and whether it draws between world states.
///
/// Without smooth motion a frame comes with each of the world's 60 steps. With it, a frame comes
/// once per display refresh, so that on a 144 Hz screen every picture stays up for one refresh
/// rather than two or three unevenly (the judder players of SuperTux reported as stop-start
/// motion). The world still steps 60 times a second either way.
struct FramePacing: Equatable {
    /// The fewest and most frames a second the loop paces to (a display reporting nonsense, or
    /// `--refresh-rate`, is held to these).
    static let framesPerSecondRange = 24...500

    /// Frames a second.
    var framesPerSecond = Tick.perSecond
    /// Whether frames are drawn between the last two world states.
    var smooth = false

    init() {}

    /// - Parameters:
    ///   - refreshRate: the display's, in Hz (nil: not known, taken as 60).
    ///   - smoothMotion: the setting (`auto`: on above 60 Hz).
    init(refreshRate: Int?, smoothMotion: Settings.SmoothMotion) {
        let rate = Self.held(refreshRate ?? Tick.perSecond)
        smooth = smoothMotion.isOn(refreshRate: rate)
        framesPerSecond = smooth ? rate : Tick.perSecond
    }

    /// A display's rate held to ``framesPerSecondRange``.
    static func held(_ rate: Int) -> Int {
        min(max(rate, framesPerSecondRange.lowerBound), framesPerSecondRange.upperBound)
    }

    /// The time between two frames.
    var frameSeconds: Double { 1 / Double(framesPerSecond) }
}
