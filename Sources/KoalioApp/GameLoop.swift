import KoalioCore
import KoalioGame
import KoalioHUD
import KoalioInput
import KoalioSDL
import KoalioSim

/// The frame loop: events → input → one command per 60 Hz tick → step → draw list → renderer.
///
/// Real-time mode keeps an accumulator (Game Programming Patterns, "Game Loop"): a frame runs
/// as many ticks as wall time owes, at most ``maxTicksPerFrame``, so a slow frame catches up
/// without spiralling. Fixed-step mode (headless, or scripted input) runs exactly one tick per
/// frame, so a script's ticks and the trace do not depend on the machine's speed.
///
/// Keyboard, the pad in use (the registry's `current`) and the on-screen HUD are read
/// together; the HUD shows only while no pad is connected.
@MainActor
public final class GameLoop {
    static let maxTicksPerFrame = 5
    /// Frames are paced to at most this rate, so an idle scene does not spin a core.
    static let frameCapPerSecond = 60.0
    /// How long "… connected" stays on screen.
    static let noticeTicks = 3 * Tick.perSecond
    /// How long the HUD takes to fade in or out.
    static let hudFadeTicks = 12
    /// The pad's jolt when the koala dies.
    static let deathRumble = (low: Float(0.9), high: Float(0.6), milliseconds: 350)

    private let platform: Platform
    public let registry: ControllerRegistry
    public private(set) var session: Session
    private var keyboard = KeyboardState()
    public let hud = HUD()
    /// The step at which the HUD last appeared or disappeared, for its fade.
    private var hudChangedAtStep = -GameLoop.hudFadeTicks
    /// Each pad's press counts as of the last tick, to find presses between ticks.
    private var padPresses: [Int: GamepadPresses] = [:]
    private var notice: (text: String, untilStep: Int)?
    private let trace: TraceWriter?
    private let script: ScriptPlayer?
    private let tickLimit: Int?
    private let fixedStep: Bool
    private let paced: Bool

    public init(platform: Platform, registry: ControllerRegistry, session: Session, trace: TraceWriter?,
                script: InputScript?, tickLimit: Int?, headless: Bool) {
        self.platform = platform
        self.registry = registry
        self.session = session
        self.trace = trace
        self.script = script.map(ScriptPlayer.init)
        self.tickLimit = tickLimit
        self.fixedStep = headless || script != nil
        self.paced = !headless
        padPresses[hud.controller.id] = GamepadPresses(hud.gamepad)  // so a first press is a change
        registry.didConnect = { [weak self] controller in
            guard let self else { return }
            padPresses[controller.id] = GamepadPresses(controller.extendedGamepad)
            show("\(controller.vendorName) connected")
        }
        registry.didDisconnect = { [weak self] controller, wasInUse in
            guard let self else { return }
            padPresses[controller.id] = nil
            show("\(controller.vendorName) disconnected")
            if wasInUse { self.session.pauseIfPlaying() }
        }
    }

    /// The virtual pads an input script attached (detached once `run` returns), for tests to
    /// inspect what SDL sent them.
    public var scriptPads: [VirtualPad] { script?.pads ?? [] }

    /// Runs until quit or the tick limit; returns the session as it ended.
    public func run(screenshot: String?) throws(KoalioError) -> Session {
        defer {
            script?.detachAll()
            trace?.flush()
        }
        let tickSeconds = Tick.seconds
        var accumulator = 0.0
        var previous = platform.now()
        var running = tickLimit != 0
        if !running {
            _ = platform.pollEvents()
            drawFrame()
            platform.present()
        }
        while running {
            let frameStart = platform.now()
            try script?.perform(at: session.steps, on: platform)
            for event in platform.pollEvents() {
                switch event {
                case .quit: running = false
                case let .keyDown(key, isRepeat): keyboard.keyDown(key, isRepeat: isRepeat)
                case let .keyUp(key): keyboard.keyUp(key)
                case .focusLost:
                    keyboard.releaseAll()
                    session.pauseIfPlaying()
                case let .pointer(pointer):
                    hud.handle(pointer)
                }
            }
            guard running else { break }
            updateHUDVisibility()

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
            platform.performControllerEffects(registry.drainEffects())
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

    /// Controllers that steer this tick: the pad in use, and the HUD while it shows.
    private var steeringControllers: [Controller] {
        (registry.current.map { [$0] } ?? []) + (hud.isVisible ? [hud.controller] : [])
    }

    private func tick() {
        var actions = KeyboardController.actions(keyboard)
        var command = KeyboardController.command(keyboard)
        for controller in steeringControllers {
            let presses = GamepadPresses(controller.extendedGamepad)
            let earlier = padPresses[controller.id] ?? presses
            let padActions = presses.actions(since: earlier)
            actions.togglePause = actions.togglePause || padActions.togglePause
            actions.restart = actions.restart || padActions.restart
            var padCommand = GamepadMapping.command(controller.extendedGamepad)
            padCommand.jump = padCommand.jump || presses.a != earlier.a  // a tap between ticks still jumps
            command = padCommand.merged(with: command)
        }
        for controller in registry.controllers + [hud.controller] {
            padPresses[controller.id] = GamepadPresses(controller.extendedGamepad)
        }
        if actions.toggleFullscreen { platform.toggleFullscreen() }
        session.apply(togglePause: actions.togglePause, restart: actions.restart)
        if session.advance(command) == .died {
            registry.rumbleCurrent(low: Self.deathRumble.low, high: Self.deathRumble.high, milliseconds: Self.deathRumble.milliseconds)
        }
        keyboard.endTick()
        let active = registry.current?.vendorName ?? (hud.isVisible && hud.hasHadInput ? HUD.controllerName : nil)
        trace?.write(TraceRecord(session: session, hudVisible: hud.isVisible, controllers: registry.controllers.count,
                                 activeController: active))
    }

    /// The HUD shows while no pad is connected: it hides when one arrives, returns when the
    /// last one leaves, and lets go of everything as it hides.
    private func updateHUDVisibility() {
        let visible = registry.controllers.isEmpty
        guard visible != hud.isVisible else { return }
        hud.setVisible(visible)
        hudChangedAtStep = session.steps
    }

    /// 0…1, fading over ``hudFadeTicks`` after each change.
    private var hudOpacity: Double {
        let progress = min(1, Double(session.steps - hudChangedAtStep) / Double(Self.hudFadeTicks))
        return hud.isVisible ? progress : 1 - progress
    }

    private func show(_ text: String) {
        notice = (text, session.steps + Self.noticeTicks)
    }

    private func drawFrame() {
        let current = registry.current
        let opacity = hudOpacity
        let overlay = Scene.Overlay(notice: notice.flatMap { $0.untilStep > session.steps ? $0.text : nil },
                                    lowBatteryPad: current.flatMap { $0.battery.isLow ? $0.vendorName : nil },
                                    hud: opacity > 0 ? hud.appearance(opacity: opacity) : nil)
        platform.render(Scene.drawList(session, overlay: overlay))
    }
}
