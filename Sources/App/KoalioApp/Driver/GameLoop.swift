import KoalioSockets
import KoalioCore
import KoalioLevelFile
import KoalioFlow
import KoalioLocalServer
import KoalioText
import KoalioHUD
import KoalioInput
import KoalioReplay
import KoalioScripting
import KoalioScriptPlayback
import KoalioSDL
import KoalioSim
import KoalioUserData
import KoalioView

/// The driver: pumps SDL's events into the controllers and one ``FrameInput`` per 60 Hz tick,
/// lets ``FlowState/update(_:_:)`` decide what the tick means, performs the ``Effect``s it
/// returns, draws and paces. Everything the game decides is in the flow; this only connects it.
///
/// Real-time mode keeps an accumulator (Game Programming Patterns, "Game Loop"): a frame runs
/// as many ticks as wall time owes, at most ``FrameClock/maxTicksPerFrame``. Fixed-step mode
/// (headless, or scripted input) counts frames instead of timing them, so a script's ticks and
/// the trace do not depend on the machine's speed. A frame whose picture is the one on screen is
/// neither drawn nor presented.
///
/// Frames come 60 times a second, or with smooth motion once per display refresh (``FramePacing``),
/// each drawn between the last two world states (``InBetween``). Either way the world steps
/// 60 times a second and input is read once per tick. A still screen (paused, a menu) rests
/// instead: the loop sleeps until an event or the next timed change (``rest(ticks:)``), runs
/// every tick the rest took, then reads the event that woke it.
@MainActor
public final class GameLoop {
    let platform: Platform
    /// The game above the world: the controllers' events in, one ``FlowState`` tick at a time.
    let runner: FlowRunner
    var flow: FlowState { runner.flow }
    /// Everything the flow asks of the world outside it, and the one router of its effects.
    let handlers: Handlers
    /// The loop's time and pacing.
    var schedule = FrameSchedule()
    /// The command line as parsed: `--ticks`, `--headless`, `--screenshot`, `--frame-times`.
    let command: GameOptions
    /// Seconds on a clock of the caller's instead of SDL's (``Options/clock``).
    private let callerClock: (@MainActor () -> Double)?
    let script: ScriptPlayer?
    private let trace: TraceWriter?

    /// - Parameter map: the level `session` plays, as its author made it (what is drawn).
    public init(platform: Platform, registry: ControllerRegistry, session: Session, map: LevelMap, options: Options) {
        self.platform = platform
        command = options.command
        callerClock = options.clock
        script = options.script.map(ScriptPlayer.init)
        trace = options.trace
        let source = options.replay.map { RunSource.replay(ReplayCursor(recording: $0)) } ?? (options.network != nil ? .network : .live)
        var run = LevelRun(session: session, map: map, index: options.levelIndex, sha256: options.recording?.levelSHA256 ?? [], source: source)
        run.packRecord = options.packRecord
        runner = FlowRunner(flow: FlowState(mode: !source.isLive || options.startScreen == .level ? .level : .title, run: run,
                                            progress: options.progress, fileNotices: options.fileNotices),
                            registry: registry)
        runner.flow.online = options.network?.game
        let clock = options.clock
        handlers = Handlers(options, platform: platform, runner: runner, map: map, now: { clock?() ?? platform.now() })
        runner.presence.touchShown = handlers.settings.effective.touchShown  // from the first frame, before a tick reads it
        if flow.mode == .level { perform([.levelStarted]) }
        if let category = options.speedrun { startSpeedrun(category) }
    }

    /// The screen shown, as the trace names it.
    public var screen: Screen { flow.screen }
    public var session: Session { flow.session }
    public var ghost: Ghost? { handlers.recording.ghost }
    public var hud: HUD { runner.hud }
    public var registry: ControllerRegistry { runner.registry }
    /// The player's settings as they are now.
    public var settings: Settings { handlers.settings.effective }
    /// Pictures presented so far (a still screen presents none after its first).
    public var picturesPresented: Int { handlers.window.picturesPresented }
    /// Whether phone pads are on.
    public var phonesOn: Bool { handlers.phones.pads != nil }

    /// The virtual pads an input script attached (detached once `run` returns), for tests to
    /// inspect what SDL sent them.
    public var scriptPads: [VirtualPad] { script?.pads ?? [] }

    /// Runs until quit or the tick limit; returns the session as it ended. Each frame: the
    /// input given once a tick, SDL's events read, the ticks the clock owes run (each one flow
    /// step and its effects carried out), the frame's own effects, the picture presented, and
    /// the wait for the next frame (or a still screen's rest).
    public func run() throws(KoalioError) -> Session {
        let screenshot = command.screenshot
        defer {
            handlers.stop()
            script?.detachAll()
            trace?.flush()
        }
        schedule.fixedStep = callerClock == nil && (command.headless || script != nil)
        let framesPerSecond = handlers.window.pacing.framesPerSecond
        schedule.clock = schedule.fixedStep ? FrameClock(framesPerSecond: framesPerSecond) : FrameClock(now: now())
        var running = command.ticks != 0
        var screenshotSaved = false
        if !running {
            _ = platform.pollEvents()
            try draw(force: true)
        }
        schedule.nextFrame = now()
        while running {
            let frameStart = now()
            schedule.frameStartedAt = frameStart
            schedule.clock.countFrames(at: handlers.window.pacing.framesPerSecond)
            try giveInput()
            guard readEvents() else {
                // Closed (the window, SIGTERM): the screenshot is still of the last picture.
                if let screenshot {
                    try draw(force: true)
                    try handlers.window.save(screenshot: screenshot)
                    screenshotSaved = true
                }
                break
            }
            apply(handlers.online.frame(flow))
            running = runTicks(owedAt: frameStart)
            carryOutFrameEffects()
            // The last picture (a screenshot's) shows the world as it ended, not on its way there.
            let presented = try draw(force: !running && screenshot != nil, fraction: running ? schedule.clock.fraction : nil)
            if !running, let screenshot {
                try handlers.window.save(screenshot: screenshot)
                screenshotSaved = true
            }
            // Headless runs with sound are the tests': they wait for the device, to hear the same
            // every time. A window never waits.
            try handlers.audio.advance(waiting: command.headless)
            if command.frameTimes != nil {
                schedule.frameTimes.append(FrameTimes.Frame(start: frameStart, busy: platform.now() - frameStart, cameraX: handlers.window.shownCameraX,
                                                            ticks: flow.ticks, rested: schedule.restedBefore))
                schedule.restedBefore = 0
            }
            running = waitForNextFrame(frameStart: frameStart, presented: presented, running: running)
        }
        // A rest on wall time can oversleep into the tick limit (its owed ticks then run at
        // once, the last among them): the last picture is drawn and saved here instead.
        if let screenshot, !screenshotSaved, command.ticks != 0 {
            try draw(force: true)
            try handlers.window.save(screenshot: screenshot)
        }
        quitOnline()  // the window closed, Quit, the tick limit: the others are told
        try handlers.recording.writeRecordingOnQuit(flow.session)
        if let path = command.frameTimes { try FrameTimes.write(schedule.frameTimes, to: path) }
        return flow.session
    }

    /// Seconds on the loop's clock: the caller's (``Options/clock``) or SDL's.
    func now() -> Double { callerClock?() ?? platform.now() }

    /// `--watch`'s reload, then the script's input and the phones' pads: once per tick (at more
    /// frames than ticks a second, frames come that step no tick: a script's events would be
    /// given twice; a phone's tap is held for one update, which must see a tick).
    private func giveInput() throws(KoalioError) {
        if let reload = handlers.levels.reloadIfChanged() { apply([reload]) }
        guard flow.ticks != schedule.inputGivenTick else { return }
        schedule.inputGivenTick = flow.ticks
        do { try script?.perform(at: flow.ticks, on: platform) } catch { throw .scriptPlayback(error) }
        try handlers.phones.update()
    }

    /// The frame's events into the runner (between its frame's beginning and end); false when
    /// the window closed.
    private func readEvents() -> Bool {
        runner.beginFrame()
        guard pumpEvents() else { return false }
        runner.endEvents()
        return true
    }

    /// The ticks the clock owes this frame, each one step of the flow with its effects carried
    /// out; false when the game ends (the tick limit, Quit).
    func runTicks(owedAt frameStart: Double) -> Bool {
        // Online on wall time, the machine ahead slows its ticks a little (its frames stretched).
        var due = schedule.clock.ticksDue(now: frameStart, rate: runner.tickRate / handlers.online.frameStretch(flow))
        if due > 0 { schedule.eventsAwaitTick = false }
        while due > 0 {
            due -= 1
            apply(handlers.online.hear(flow))
            switch handlers.online.gate(runner, traceLast: writeTrace) {
            case .step: break
            case .networkFrame:
                perform(runner.networkFrame(context))
                if handlers.window.closing { return false }  // `--host`'s game over: its reason was shown
                continue
            case .stop: return false
            case .backToMenus:
                quitOnline()
                apply([.online(.over(nil))])
                continue
            }
            handlers.window.noteBeforeTick(flow.run, ghost: ghost?.session.world.player)
            perform(runner.tick(context, load: handlers.levels.load))
            writeTrace()
            if flow.networkRuns { handlers.window.correctBeforeTick(flow.online?.worldBeforeShown) }
            // A networked game ends when every machine has confirmed its last tick (the network's
            // end); one from the menus, with the run.
            if let tickLimit = command.ticks, flow.ticks >= tickLimit, flow.online == nil || handlers.online.fromMenus { return false }
            if handlers.window.closing { return false }
        }
        return true
    }

    /// The effects, each routed to its handler; what a handler hears back goes through the
    /// runner's door at once, and the effects that makes are routed before the next.
    func perform(_ effects: [Effect]) {
        for effect in effects { apply(handlers.route(effect, runner)) }
    }

    /// Actions into the runner (the one door), the effects they make performed.
    func apply(_ actions: [GameAction]) {
        for action in actions { perform(runner.apply(action).effects) }
    }

    /// The networked game (or the try to join) left: its goodbyes sent, its socket closed.
    private func quitOnline() {
        var effects: [Effect] = []
        runner.flow.quitOnline(&effects)
        perform(effects)
    }

    /// `--speedrun`: the run's first level loaded before the first tick, so its first step is
    /// the run's first tick (as `--level`'s is: an input script times the same either way).
    private func startSpeedrun(_ category: SpeedrunCategory) {
        schedule.frameStartedAt = now()
        var asked: [Effect] = []
        let context = context
        runner.flow.startSpeedrun(category, context, &asked)
        perform(runner.flow.answeringLoads(asked, context, load: handlers.levels.load))
    }

    /// What the frame asks of the devices, once however many ticks ran: the timers, the level
    /// read ahead, the pads' lights and rumble, the phones' pairing card, the music and its ducking.
    private func carryOutFrameEffects() {
        handlers.speedrun.frame(flow)
        handlers.levels.frame()
        handlers.pads.frame()
        handlers.phones.frame(cardShown: runner.showsPairingCard(context), registry: registry, seats: runner.state.seats)
        handlers.audio.frame(flow)
    }

    /// Paces a window's frames (headless runs and a caller's clock run back to back): a still
    /// screen rests until an event or its next change; otherwise each frame is due a period
    /// after the last was, so one that came late moves the next on rather than being followed
    /// by a hurried one. A GPU's present that waited for the display's refresh has paced the
    /// frame already: sleeping to a deadline of our own as well would drift against the
    /// display's and miss a refresh now and then. (Not trusting SDL's vsync flag alone: a
    /// driver may accept it and never wait.)
    /// Returns whether the game goes on (a rest's ticks may reach the tick limit).
    private func waitForNextFrame(frameStart: Double, presented: Bool, running: Bool) -> Bool {
        let pacing = handlers.window.pacing
        if flow.networkRuns, schedule.fixedStep {
            // Counted frames online (headless, a script) keep time with the others all the same;
            // the machine ahead stretches its frames a little until they catch up. (On wall
            // time it runs fewer ticks instead: ``runTicks(owedAt:)``.)
            schedule.nextFrame = max(schedule.nextFrame + pacing.frameSeconds * handlers.online.frameStretch(flow), platform.now())
            platform.sleep(seconds: schedule.nextFrame - platform.now())
            return running
        }
        guard !command.headless && callerClock == nil else { return running }
        // Online the loop never rests: the network is read and answered every frame.
        if running, !flow.networkRuns, let still = restTicks(), let goesOn = rest(ticks: still) {
            schedule.nextFrame = platform.now()
            return goesOn
        }
        let now = platform.now()
        schedule.nextFrame = max(schedule.nextFrame + pacing.frameSeconds, now)
        if handlers.window.vsyncOn == true && presented && now - frameStart >= pacing.frameSeconds / 2 {
            schedule.nextFrame = now
        } else {
            platform.sleep(seconds: schedule.nextFrame - now)
        }
        return running
    }

    /// The frame's events decoded into the runner's actions (the platform's own, the pointer's
    /// visibility and the window's repaint, done here); false when the window closed.
    private func pumpEvents() -> Bool {
        let events = platform.pollEvents()
        if !events.isEmpty { schedule.eventsAwaitTick = true }
        for event in events {
            switch event {
            case .quit: return false
            case let .keyDown(key, isRepeat):
                runner.apply(.keyDown(key, isRepeat: isRepeat))
                platform.showPointer(false)
            case let .keyUp(key):
                runner.apply(.keyUp(key))
            case .focusLost:
                runner.apply(.focusLost)
            case .repaint:
                // Presented again even if unchanged: the window may show something else now, on another display.
                handlers.window.repaint(smoothMotion: settings.smoothMotion)
            case .mouseMoved:
                platform.showPointer(true)
            case let .pointer(pointer):
                if pointer.id == .mouse { platform.showPointer(true) }
                // Only a pointer going down where the flow takes taps taps: what the view has under
                // it (not looked for under a finger on the on-screen controls).
                let target = pointer.phase == .down && flow.takesTaps ? runner.tapTarget(at: pointer.position, context) : .elsewhere
                runner.apply(.pointer(pointer, landsOn: target))
            case let .pad(event):
                let (changes, effects) = runner.apply(.pad(event))
                if changes.contains(where: \.isUse) { platform.showPointer(false) }
                perform(effects)
            }
        }
        return true
    }

    /// What the flow reads from outside it this tick.
    var context: FlowContext { runner.context(handlers.context(flow, now: schedule.frameStartedAt)) }

    private func writeTrace() {
        guard let trace else { return }
        let session = flow.session
        var record = TraceRecord(session: session, hudVisible: runner.hud.isVisible, controllers: registry.controllers.count,
                                 activeController: runner.presence.activeControllerName(registry, hud: runner.hud), renderer: platform.rendererName,
                                 state: flow.run.shownState)
        record.tick = flow.ticks
        record.screen = flow.screen.rawValue
        record.selected = runner.selectedEntry(handlers.context(flow, now: schedule.frameStartedAt)).map { Words.english.render($0) }
        record.level = flow.screen == .level ? session.stage.name : nil
        record.sounds = handlers.audio.takeTraced().map(\.rawValue)
        record.pointerShown = platform.pointerShown
        record.online = flow.run.networked ? flow.online?.traced : nil
        record.speedrun = flow.speedrun.map {
            TraceRecord.Speedrun(category: $0.category.description, inGameTicks: $0.inGameTicks(current: session.playTicks), splits: $0.splits)
        }
        for index in record.koalas.indices where record.koalas[index].player > 1 {
            record.koalas[index].controller = handlers.recording.partnerControllers[record.koalas[index].player]
        }
        trace.write(record)
    }

    /// Draws and presents the frame, unless it is the picture already on screen (`force`: a
    /// screenshot or the only frame). A window that can no longer show frames ends the game.
    @discardableResult
    private func draw(force: Bool, fraction: Double? = nil) throws(KoalioError) -> Bool {
        try handlers.window.draw(runner, context, ghost: ghost?.session.world.player, problem: handlers.levels.watch?.problem, force: force, fraction: fraction)
    }
}
