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
/// Keyboard, pads and the on-screen HUD are all controllers; the one used last steers, one
/// ``TickInput`` per tick (its snapshot and presses), which ``Session/step(_:)`` applies.
/// The HUD shows only while no pad is connected.
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
    private let keyboard = KeyboardController()
    public let hud = HUD()
    /// Which kind of controller had input last, and so steers.
    private enum Steering { case keyboard, pad, hud }
    private var steering = Steering.keyboard
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
        padPresses[keyboard.controller.id] = GamepadPresses(keyboard.gamepad)
        registry.didConnect = { [weak self] controller in
            guard let self else { return }
            padPresses[controller.id] = GamepadPresses(controller.extendedGamepad)
            show("\(controller.vendorName) connected")
        }
        registry.didBecomeCurrent = { [weak self] _ in self?.steering = .pad }  // a new pad takes over at once
        registry.didReceiveInput = { [weak self] _ in self?.steering = .pad }
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
                case .keyDown(.f11, isRepeat: false):
                    platform.toggleFullscreen()
                case let .keyDown(key, isRepeat):
                    keyboard.keyDown(key, isRepeat: isRepeat)
                    steering = .keyboard
                case let .keyUp(key):
                    keyboard.keyUp(key)
                case .focusLost:
                    keyboard.releaseAll()
                    session.pauseIfPlaying()
                case let .pointer(pointer):
                    hud.handle(pointer)
                    if hud.isVisible { steering = .hud }
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

    /// The controller that steers this tick: the kind used last, falling back to the pad in
    /// use, then the keyboard, when that kind is gone (a pad unplugged, the HUD hidden).
    private var steeringController: Controller {
        switch steering {
        case .pad: return registry.current ?? keyboard.controller
        case .hud: return hud.isVisible ? hud.controller : registry.current ?? keyboard.controller
        case .keyboard: return keyboard.controller
        }
    }

    /// The name the trace gives the steering controller; nil until it has been used.
    private var activeControllerName: String? {
        let controller = steeringController
        if controller === keyboard.controller { return keyboard.hasHadInput ? controller.vendorName : nil }
        if controller === hud.controller { return hud.hasHadInput ? controller.vendorName : nil }
        return controller.vendorName
    }

    /// This tick's input from the steering controller: its snapshot and what it pressed since
    /// the last tick. Press counts of every controller move on, so switching finds no old presses.
    private func liveInput() -> TickInput {
        let controller = steeringController
        let presses = GamepadPresses(controller.extendedGamepad)
        let input = TickInput(source: sourceIndex(controller), snapshot: controller.extendedGamepad.capture(),
                              pressed: presses.pressed(since: padPresses[controller.id] ?? presses))
        for other in registry.controllers + [hud.controller, keyboard.controller] {
            padPresses[other.id] = GamepadPresses(other.extendedGamepad)
        }
        return input
    }

    /// Controllers by name in the order they first steered, for a recording's table.
    private var sourceNames: [String] = []
    private func sourceIndex(_ controller: Controller) -> Int {
        if let index = sourceNames.firstIndex(of: controller.vendorName) { return index }
        sourceNames.append(controller.vendorName)
        return sourceNames.count - 1
    }

    private func tick() {
        let result = session.step(liveInput())
        if result.ended == .died {
            registry.rumbleCurrent(low: Self.deathRumble.low, high: Self.deathRumble.high, milliseconds: Self.deathRumble.milliseconds)
        }
        trace?.write(TraceRecord(session: session, hudVisible: hud.isVisible, controllers: registry.controllers.count,
                                 activeController: activeControllerName))
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
