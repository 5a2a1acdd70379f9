import KoalioCore
import KoalioGame
import KoalioInput
import KoalioSDL
import KoalioSim

/// The frame loop: events → input → one command per 60 Hz tick → step → draw list → renderer.
///
/// Real-time mode keeps an accumulator (Game Programming Patterns, "Game Loop"): a frame runs
/// as many ticks as wall time owes, at most ``maxTicksPerFrame``, so a slow frame catches up
/// without spiralling. Fixed-step mode (headless, or scripted input) runs exactly one tick per
/// frame, so a script's ticks and the trace do not depend on the machine's speed.
@MainActor
final class GameLoop {
    static let maxTicksPerFrame = 5
    /// Frames are paced to at most this rate, so an idle scene does not spin a core.
    static let frameCapPerSecond = 60.0

    private let platform: Platform
    private var session: Session
    private var keyboard = KeyboardState()
    private let trace: TraceWriter?
    private let script: InputScript?
    private let tickLimit: Int?
    private let fixedStep: Bool
    private let paced: Bool

    init(platform: Platform, session: Session, trace: TraceWriter?, script: InputScript?, tickLimit: Int?, headless: Bool) {
        self.platform = platform
        self.session = session
        self.trace = trace
        self.script = script
        self.tickLimit = tickLimit
        self.fixedStep = headless || script != nil
        self.paced = !headless
    }

    /// Runs until quit or the tick limit; returns the session as it ended.
    func run(screenshot: String?) throws(KoalioError) -> Session {
        let tickSeconds = Tick.seconds
        var accumulator = 0.0
        var previous = platform.now()
        var running = tickLimit != 0
        if !running {
            drawFrame()
            platform.present()
        }
        while running {
            let frameStart = platform.now()
            if let script {
                for event in script.events(at: session.steps) { platform.pushKey(event.key, down: event.down) }
            }
            for event in platform.pollEvents() {
                switch event {
                case .quit: running = false
                case let .keyDown(key, isRepeat): keyboard.keyDown(key, isRepeat: isRepeat)
                case let .keyUp(key): keyboard.keyUp(key)
                case .focusLost:
                    keyboard.releaseAll()
                    session.pauseForFocusLoss()
                }
            }
            guard running else { break }

            var due: Int
            if fixedStep {
                due = 1
            } else {
                accumulator += min(frameStart - previous, tickSeconds * Double(Self.maxTicksPerFrame))
                due = Int(accumulator / tickSeconds)
                accumulator -= Double(due) * tickSeconds
            }
            previous = frameStart
            while due > 0 && running {
                tick()
                due -= 1
                if let tickLimit, session.steps >= tickLimit { running = false }
            }
            drawFrame()
            if !running, let screenshot {
                do { try platform.saveScreenshot(to: screenshot) } catch { throw .runtime("\(screenshot): \(error)") }
            }
            platform.present()
            if paced {
                // Not trusting SDL's vsync flag: the software renderer reports it but never waits.
                // Where presenting does wait for vsync, the deadline has passed and this sleeps 0.
                platform.sleep(seconds: frameStart + 1 / Self.frameCapPerSecond - platform.now())
            }
        }
        return session
    }

    private func tick() {
        let actions = KeyboardController.actions(keyboard)
        if actions.toggleFullscreen { platform.toggleFullscreen() }
        session.apply(togglePause: actions.togglePause, restart: actions.restart)
        session.advance(KeyboardController.command(keyboard))
        keyboard.endTick()
        trace?.write(TraceRecord(session: session))
    }

    private func drawFrame() {
        platform.render(Scene.drawList(session))
    }
}
