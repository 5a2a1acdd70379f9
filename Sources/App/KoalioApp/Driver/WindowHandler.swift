import KoalioCore
import KoalioFlow
import KoalioSDL
import KoalioSim
import KoalioUserData
import KoalioView

/// The window: what it shows (an unchanged picture is neither drawn nor presented), how often
/// frames come (the display's rate with smooth motion, ``FramePacing``), the world as it was
/// before the last tick (smooth motion draws between the two), and the window's own settings
/// (fullscreen, scale, display, scaling). Quit closes it.
@MainActor
final class WindowHandler {
    private let platform: Platform
    /// `--refresh-rate`: the display's rate as the game takes it, over what SDL reports.
    private let refreshRateOverride: Int?
    /// The picture on screen; nil when the window must be shown the picture again (exposed,
    /// resized, …).
    private var shown: DrawList?
    /// Pictures presented so far (a still screen presents none after its first).
    private(set) var picturesPresented = 0
    /// How often frames come and whether they are drawn between steps.
    private(set) var pacing = FramePacing()
    /// Whether presenting waits for the display's refresh, as ``pace(smoothMotion:)`` last set it
    /// (nil: not set yet; false also where the renderer cannot wait, SDL's software one).
    private(set) var vsyncOn: Bool?
    /// Smooth motion: the world and the ghost as they were before the last tick, and the step
    /// and level they were at (a picture is drawn between the two only when the world stepped
    /// once since, on the same level: a new run or a reloaded file is drawn as it is).
    private var beforeLastTick: (world: World, ghost: Player?, steps: Int, sha256: [UInt8])?
    /// Quit was chosen: the loop ends after this tick.
    private(set) var closing = false

    init(platform: Platform, refreshRateOverride: Int?) {
        self.platform = platform
        self.refreshRateOverride = refreshRateOverride
    }

    /// The display's refresh rate as the game takes it: `--refresh-rate`, else SDL's (nil: none reported).
    var refreshRate: Int? { refreshRateOverride ?? platform.displayRefreshRate }

    /// `.quit`: the game ends at the end of this tick.
    func close() { closing = true }

    /// The window was exposed, resized or moved: its next picture is presented whatever it shows,
    /// and paced for the display it may be on now.
    func repaint(smoothMotion: Settings.SmoothMotion) {
        shown = nil
        pace(smoothMotion: smoothMotion)
    }

    /// Frames at the display's rate with smooth motion (`--refresh-rate` over what SDL reports),
    /// else 60 a second.
    func pace(smoothMotion: Settings.SmoothMotion) {
        let display = platform.displayRefreshRate
        pacing = FramePacing(refreshRate: refreshRateOverride ?? display, smoothMotion: smoothMotion)
        // Presenting waits for the display's refresh (no tearing) unless frames must come faster
        // than the display refreshes (`--refresh-rate` above its rate, or above 60 on a display
        // SDL reports no rate for): waiting would hold them to its rate.
        let vsync = pacing.framesPerSecond <= (display ?? Tick.perSecond)
        if vsync != vsyncOn { vsyncOn = platform.setVSync(vsync) && vsync }
    }

    /// The picture's scaling and the frames' pacing (Smooth motion).
    func apply(_ settings: Settings) {
        platform.setScaling(settings.scaling)
        pace(smoothMotion: settings.smoothMotion)
    }

    /// After a settings change: the window follows the Fullscreen setting (also when it had left
    /// it: F11 on a window a window manager took out of fullscreen); its size and display change
    /// only when they were changed.
    func follow(_ now: Settings, was old: Settings) {
        do {
            try platform.setFullscreen(now.fullscreen)
            if now.display != old.display { try platform.moveWindow(toDisplay: platform.displays.firstIndex(of: now.display) ?? 0) }
        } catch {
            warn("\(error)")
        }
        if now.windowScale != old.windowScale {
            let used = platform.setWindowScale(now.windowScale)
            if used < now.windowScale { Self.sayFitted(asked: now.windowScale, used: used) }
        }
        if (now.fullscreen, now.windowScale, now.display, now.scaling) != (old.fullscreen, old.windowScale, old.display, old.scaling) {
            shown = nil  // the window changed shape or place: its next picture is presented whatever it shows
        }
    }

    /// A window scale the display is too small for, said on stderr (the Video page says it too).
    static func sayFitted(asked: Int, used: Int) {
        warn("window scale \(asked) does not fit this display: the window is at \(used)x")
    }

    /// What the flow reads of the window: fullscreen, and on the settings pages the displays,
    /// the refresh rate and the largest window scale the display fits.
    func read(into context: inout FlowContext, _ flow: FlowState) {
        context.isFullscreen = platform.isFullscreen
        if case .settings = flow.mode {
            context.windowScaleFits = platform.largestFittingScale(upTo: Settings.windowScaleRange.upperBound)
            context.displays = platform.displays
            context.refreshRate = refreshRate.map(FramePacing.held)
        }
    }

    /// Before a tick, with smooth motion: the world as it is, to draw from. `ghost`: the ghost's koala.
    func noteBeforeTick(_ run: LevelRun, ghost: Player?) {
        guard pacing.smooth else { return }
        beforeLastTick = (run.session.world, ghost, run.session.steps, run.sha256)
    }

    /// Online, after the tick: the world one tick before the one shown as now known (corrections
    /// included), so a picture is never drawn from a guess since put right.
    func correctBeforeTick(_ world: World?) {
        if pacing.smooth, let world { beforeLastTick?.world = world }
    }

    /// Draws and presents the frame, unless it is the picture already on screen (`force`: a
    /// screenshot or the only frame). A window that can no longer show frames ends the game.
    /// - Parameter fraction: with smooth motion, how far the picture is between the last two
    ///   steps (nil: the world as it is).
    /// - Returns: whether a picture was presented.
    @discardableResult
    func draw(_ runner: FlowRunner, _ context: FlowContext, ghost: Player?, problem: FileProblem?, force: Bool, fraction: Double? = nil) throws(KoalioError) -> Bool {
        let run = runner.flow.run
        let inBetween = pacing.smooth ? beforeLastTick.flatMap { before in
            before.steps + 1 == run.session.steps && before.sha256 == run.sha256
                ? fraction.map { InBetween(previous: before.world, previousGhost: before.ghost, fraction: $0) } : nil
        } : nil
        let list = runner.view(context, ghost: ghost, problem: problem, inBetween: inBetween)
        guard force || list != shown else { return false }
        do { try platform.render(list) } catch { throw .window(doing: "drawing a frame", error) }
        do { try platform.present() } catch { throw .window(doing: "showing a frame", error) }
        shown = list
        picturesPresented += 1
        return true
    }

    /// The camera of the picture on screen, in the window's pixels (`--frame-times`).
    var shownCameraX: Double? { shown?.cameraX.map(platform.drawnCameraX) }

    /// `--screenshot`: the picture on screen, to its file.
    func save(screenshot path: String) throws(KoalioError) {
        do { try platform.saveScreenshot(to: path) } catch { throw .screenshot(path: path, error) }
    }
}
