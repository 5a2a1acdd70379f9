import KoalioSockets
import KoalioCore
import KoalioLevelFile
import KoalioFlow
import KoalioPhoneServer
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
    public let registry: ControllerRegistry
    let options: Options
    /// The game above the world: the controllers' events in, one ``FlowState`` tick at a time.
    let runner: FlowRunner
    var flow: FlowState { runner.flow }
    let keeper: RunKeeper
    /// The player's settings; the settings menu changes them (``change(settings:)``).
    var settings: SettingsStore
    let sound: SoundCues
    /// Answers the flow's level loads (reads the file, prepares its images).
    let levels: LevelLoader
    let script: ScriptPlayer?
    /// Phones as pads, while phone pads are on.
    var phones: PhonePads?
    /// Why phone pads could not be turned on from the game (shown on the Add-a-phone page).
    var phonesProblem: String?
    /// `--watch`: the level's files, and what went wrong with the last save.
    let watch: LevelWatch?
    /// The picture on screen, so an unchanged frame is neither drawn nor presented; nil when
    /// the window must be shown the picture again (exposed, resized, …).
    var shown: DrawList?
    /// Pictures presented so far (a still screen presents none after its first).
    public private(set) var picturesPresented = 0
    /// How often frames come and whether they are drawn between steps (the display's rate, the
    /// Smooth motion setting).
    var pacing = FramePacing()
    /// Whether presenting waits for the display's refresh, as ``pace()`` last set it (nil: not
    /// set yet; false also where the renderer cannot wait, SDL's software one).
    var vsyncOn: Bool?
    /// Smooth motion: the world and the ghost as they were before the last tick.
    private var beforeLastTick: (world: World, ghost: Player?)?
    /// Events were read since the last tick: no rest until a tick has taken them.
    private(set) var eventsAwaitTick = false
    /// The ticks each frame owes (wall time, or counted frames for scripts and headless runs).
    var clock = FrameClock(framesPerSecond: Tick.perSecond)
    /// When the next frame is due, on the platform's clock.
    private var nextFrame = 0.0
    /// When this frame began, on the loop's clock: the flow's `now` (a speedrun's real time),
    /// read once a frame (a caller's clock counts its reads).
    var frameStartedAt = 0.0
    /// `--frame-times`: each frame's start, work and camera, written when the game ends.
    private var frameTimes: [FrameTimes.Frame] = []
    /// Seconds the loop rested before the coming frame (`--frame-times`' last column).
    var restedBefore = 0.0
    /// The tick the script's input and the phones' pads were last given before
    /// (``ScriptPlayer/perform(at:on:)``, ``PhonePads/update()``).
    private var inputGivenTick: Int?
    private var quitRequested = false
    /// Frames are counted, not timed (headless, or a script): see ``FrameClock``.
    private var fixedStep = false
    /// When the networked game ended before its end (its reason shows for ``networkEndSeconds``).
    var networkEndedAt: Double?
    /// The networked game: `--host` or `--join`'s from the start, or one from the menus.
    var network: NetPlay?
    /// Play online's try to join, the games found and the answers to probes.
    let online = OnlineMenus()
    /// Speedruns' timers outside the game, and whether their game time runs (the level on).
    let liveSplitOne: LiveSplitOneServer?
    let liveSplit: LiveSplitClient?
    var speedrunClockRuns = false
    static let networkEndSeconds = 5.0

    /// - Parameter map: the level `session` plays, as its author made it (what is drawn).
    public init(platform: Platform, registry: ControllerRegistry, session: Session, map: LevelMap, options: Options) {
        self.platform = platform
        self.registry = registry
        self.options = options
        let source = options.replay.map { RunSource.replay(ReplayCursor(recording: $0)) } ?? .live
        var run = LevelRun(session: session, map: map, index: options.levelIndex, sha256: options.recording?.levelSHA256 ?? [], source: source)
        run.packRecord = options.packRecord
        run.networked = options.network != nil
        network = options.network
        runner = FlowRunner(flow: FlowState(mode: !source.isLive || options.startScreen == .level ? .level : .title, run: run,
                                            progress: options.progress, fileNotices: options.fileNotices),
                            registry: registry)
        keeper = RunKeeper(options: options.recording, progressPath: options.progressPath, bestRunDirectory: options.bestRunDirectory)
        settings = options.settings
        sound = SoundCues(platform: platform, opensAudio: options.audio)
        levels = LevelLoader(catalog: options.catalog, platform: platform, dataDirectory: options.dataDirectory)
        script = options.script.map(ScriptPlayer.init)
        phones = options.phones
        watch = options.watchPath.flatMap { LevelWatch(path: $0, map: map) }
        liveSplitOne = options.liveSplitOne
        liveSplit = options.liveSplit
        runner.network = options.network
        applySettings()
        if flow.mode == .level { keeper.begin(run, catalogName: catalogName(of: run), ghostOn: settings.effective.ghost) }
        if let category = options.speedrun { startSpeedrun(category) }
    }

    /// The screen shown, as the trace names it.
    public var screen: Screen { flow.screen }
    public var session: Session { flow.session }
    public var ghost: Ghost? { keeper.ghost }
    public var hud: HUD { runner.hud }

    /// The virtual pads an input script attached (detached once `run` returns), for tests to
    /// inspect what SDL sent them.
    public var scriptPads: [VirtualPad] { script?.pads ?? [] }

    /// Runs until quit or the tick limit; returns the session as it ended. Each frame: the
    /// input given once a tick, SDL's events read, the ticks the clock owes run (each one flow
    /// step and its effects carried out), the frame's own effects, the picture presented, and
    /// the wait for the next frame (or a still screen's rest).
    public func run() throws(KoalioError) -> Session {
        let screenshot = options.command.screenshot
        defer {
            keeper.writer.waitUntilDone()  // a file being saved is finished however the loop ends
            script?.detachAll()
            phones?.stop()
            liveSplitOne?.stop()
            liveSplit?.stop()
            options.trace?.flush()
        }
        fixedStep = options.clock == nil && (options.command.headless || options.script != nil)
        clock = fixedStep ? FrameClock(framesPerSecond: pacing.framesPerSecond) : FrameClock(now: now())
        var running = options.command.ticks != 0
        if !running {
            _ = platform.pollEvents()
            try draw(force: true)
        }
        nextFrame = now()
        while running {
            let frameStart = now()
            frameStartedAt = frameStart
            clock.countFrames(at: pacing.framesPerSecond)
            try giveInput()
            guard readEvents() else {
                // Closed (the window, SIGTERM): the screenshot is still of the last picture.
                if let screenshot {
                    try draw(force: true)
                    try save(screenshot: screenshot)
                }
                break
            }
            pollOnline()
            running = runTicks(owedAt: frameStart)
            speedrunTimersFrame()
            levels.decodeAhead()
            carryOutFrameEffects()
            // The last picture (a screenshot's) shows the world as it ended, not on its way there.
            let presented = try draw(force: !running && screenshot != nil, fraction: running ? clock.fraction : nil)
            if !running, let screenshot { try save(screenshot: screenshot) }
            // Headless runs with sound are the tests': they wait for the device, to hear the same
            // every time. A window never waits.
            if options.audio { try sound.advance(waiting: options.command.headless) }
            if options.command.frameTimes != nil {
                frameTimes.append(FrameTimes.Frame(start: frameStart, busy: platform.now() - frameStart,
                                                   cameraX: shown?.cameraX.map(platform.drawnCameraX), ticks: flow.ticks, rested: restedBefore))
                restedBefore = 0
            }
            running = waitForNextFrame(frameStart: frameStart, presented: presented, running: running)
        }
        if fromMenus { leaveOnline() }  // the window closed, Quit, the tick limit: the others are told
        try keeper.writeRecordingOnQuit(flow.session)
        if let path = options.command.frameTimes { try FrameTimes.write(frameTimes, to: path) }
        return flow.session
    }

    /// `--screenshot`: the picture on screen, to its file.
    private func save(screenshot path: String) throws(KoalioError) {
        do { try platform.saveScreenshot(to: path) } catch { throw .screenshot(path: path, error) }
    }

    /// Seconds on the loop's clock: the caller's (``Options/clock``) or SDL's.
    func now() -> Double { options.clock?() ?? platform.now() }

    /// `--watch`'s reload, then the script's input and the phones' pads: once per tick (at more
    /// frames than ticks a second, frames come that step no tick: a script's events would be
    /// given twice; a phone's tap is held for one update, which must see a tick).
    private func giveInput() throws(KoalioError) {
        reloadIfChanged()
        guard flow.ticks != inputGivenTick else { return }
        inputGivenTick = flow.ticks
        do { try script?.perform(at: flow.ticks, on: platform) } catch { throw .scriptPlayback(error) }
        do { try phones?.update() } catch { throw .platform(error) }
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
        var due = clock.ticksDue(now: frameStart, rate: runner.tickRate / (network?.session.frameStretch ?? 1))
        if due > 0 { eventsAwaitTick = false }
        while due > 0 {
            due -= 1
            if let network {
                if let outcome = network.outcome {
                    if networkEndedAt == nil, case .desync = outcome { writeTrace() }  // one last line: the tick the games differ at
                    // Over before its end: a window says why for a few seconds (the next frames
                    // show it); headless, or the run done, it ends now. A game from the menus
                    // goes back to them instead.
                    guard !options.command.headless else { return false }
                    guard outcome != .done, outcome != .quit else {
                        guard fromMenus else { return false }
                        endOnline(nil)
                        continue
                    }
                    let since = networkEndedAt ?? platform.now()
                    networkEndedAt = since
                    if platform.now() - since > Self.networkEndSeconds {
                        guard fromMenus else { return false }
                        endOnline(runner.flow.run.network.flatMap { if case let .ended(end) = $0 { end } else { nil } })
                        continue
                    }
                    for effect in runner.networkFrame(context) { perform(effect) }
                    continue
                }
                // A networked game that may not step runs no tick of the flow: a script's input
                // keeps its ticks, whatever the network did.
                guard runner.mayTick else {
                    for effect in runner.networkFrame(context) { perform(effect) }
                    continue
                }
            }
            if pacing.smooth { beforeLastTick = (flow.session.world, keeper.ghost?.session.world.player) }
            tick()
            if pacing.smooth, let before = network?.worldBeforeShown { beforeLastTick?.world = before }
            // A networked game ends when every machine has confirmed its last tick (the network's
            // end); one from the menus, with the run.
            if let tickLimit = options.command.ticks, flow.ticks >= tickLimit, network == nil || fromMenus { return false }
            if quitRequested { return false }
        }
        return true
    }

    /// What the frame asks of the devices, once however many ticks ran: the pads' lights and
    /// rumble, the phones' pairing card, the music and its ducking.
    private func carryOutFrameEffects() {
        platform.performControllerEffects(registry.drainEffects())
        phones?.cardShown(runner.showsPairingCard(context), registry: registry, seats: runner.state.seats)
        platform.audio.playMusic(flow.playsLevelMusic ? .level(flow.session.stage.name) : .title)
        platform.audio.setDucked(flow.playsLevelMusic && flow.run.shownState == .paused)
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
        if let network, fixedStep {
            // Counted frames online (headless, a script) keep time with the others all the same;
            // the machine ahead stretches its frames a little until they catch up. (On wall
            // time it runs fewer ticks instead: ``runTicks(owedAt:)``.)
            nextFrame = max(nextFrame + pacing.frameSeconds * network.session.frameStretch, platform.now())
            platform.sleep(seconds: nextFrame - platform.now())
            return running
        }
        guard !options.command.headless && options.clock == nil else { return running }
        // Online the loop never rests: the network is read and answered every frame.
        if running, network == nil, let still = restTicks(), let goesOn = rest(ticks: still) {
            nextFrame = platform.now()
            return goesOn
        }
        let now = platform.now()
        nextFrame = max(nextFrame + pacing.frameSeconds, now)
        if vsyncOn == true && presented && now - frameStart >= pacing.frameSeconds / 2 {
            nextFrame = now
        } else {
            platform.sleep(seconds: nextFrame - now)
        }
        return running
    }

    /// The frame's events decoded into the runner's actions (the platform's own, the pointer's
    /// visibility and the window's repaint, done here); false when the window closed.
    private func pumpEvents() -> Bool {
        let events = platform.pollEvents()
        if !events.isEmpty { eventsAwaitTick = true }
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
                shown = nil  // presented again even if unchanged: the window may show something else now
                pace()  // it may be on another display now
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
                for effect in effects { perform(effect) }
            }
        }
        return true
    }

    // MARK: - Ticks

    private func tick() {
        for effect in runner.tick(context, sourceIndex: keeper.sourceIndex, load: levels.load) { perform(effect) }
        writeTrace()
    }

    /// What the flow reads from outside it this tick.
    var context: FlowContext {
        var context = FlowContext()
        context.levelNames = options.catalog?.names ?? []
        context.medals = options.catalog?.medals ?? [:]
        context.packs = options.catalog?.packListings ?? []
        context.packProblems = options.catalog?.packProblems ?? []
        context.playsTheGame = options.startScreen == .title && flow.run.source.isLive && options.catalog != nil
        context.settings = settings.effective
        context.words = options.translations.words(context.settings.language)
        context.keyNames = KeyNames.table
        context.resetKeys = settings.resetKeys
        context.isFullscreen = platform.isFullscreen
        if case .settings = flow.mode {
            context.displays = platform.displays
            context.refreshRate = refreshRate.map(FramePacing.held)
        }
        context.pairingCard = phones?.card
        context.phonesOn = phones != nil
        context.phonesProblem = phonesProblem
        context.now = frameStartedAt
        context.foundGames = online.found
        if case .online(.choose) = flow.mode { context.joinAddressHint = online.addressHint }  // what Join's form starts from
        return runner.context(context)
    }

    /// The name a level's best run and ghost are kept under: a catalog level's name, a pack
    /// level's digest key.
    private func catalogName(of run: LevelRun) -> String? {
        guard let index = run.index, let names = options.catalog?.names, names.indices.contains(index) else { return run.packRecord?.key }
        return names[index]
    }

    /// Does what the flow asked.
    func perform(_ effect: Effect) {
        switch effect {
        case let .sound(cue): sound.cue(cue)
        case let .rumble(player):
            let (low, high, milliseconds) = Effect.deathRumble
            if let player { registry.rumble(player: player, seats: runner.state.seats, low: low, high: high, milliseconds: milliseconds) } else {
                registry.rumbleCurrent(low: low, high: high, milliseconds: milliseconds)
            }
        case let .changeSettings(new): change(settings: new)
        case .saveProgress: keeper.saveProgress(flow.progress)
        case .turnPhonesOn:
            var new = settings.effective
            new.phones = true
            change(settings: new)  // kept in the settings: phones stay on at the next start
        case .newPhoneCode: phones?.newCode()
        case let .online(online): performOnline(online)
        case let .speedrun(event): performSpeedrun(event)
        case .loadLevel: break  // answered in `flow.tick`
        case let .levelReloaded(keptPlace):
            beforeLastTick = nil  // another map: nothing is drawn on its way from the old one
            watch?.reloaded(self, keptPlace: keptPlace)
        case .levelStarted:
            beforeLastTick = nil  // the world before was another run's (the title's backdrop, another level)
            keeper.begin(flow.run, catalogName: catalogName(of: flow.run), ghostOn: settings.effective.ghost)
            // A speedrun's next level is read while this one is played: its flag's frame only takes it.
            if let speedrun = flow.speedrun, speedrun.levels.indices.contains(speedrun.current + 1) { levels.readAhead(speedrun.levels[speedrun.current + 1]) }
        case let .stepped(input, result, session):
            keeper.stepped(input, result, session: session, replaySources: flow.run.source.recordedSources)
        // By the name the flow gave it: a speedrun's split has loaded the next level by now.
        case let .keepBestRun(level): keeper.keepBestRun(level: level)
        case .join, .leave: break  // the runner seated them (its sound follows)
        case let .levelRefused(problem): warn(Words.english.render(problem.text))  // stderr stays English
        case .quit: quitRequested = true
        }
    }

    private func writeTrace() {
        guard let trace = options.trace else { return }
        let session = flow.session
        var record = TraceRecord(session: session, hudVisible: runner.hud.isVisible, controllers: registry.controllers.count,
                                 activeController: runner.presence.activeControllerName(registry, hud: runner.hud), renderer: platform.rendererName,
                                 state: flow.run.shownState)
        record.tick = flow.ticks
        record.screen = flow.screen.rawValue
        record.level = flow.screen == .level ? session.stage.name : nil
        record.sounds = sound.takeTraced().map(\.rawValue)
        record.pointerShown = platform.pointerShown
        record.online = network?.traced
        record.speedrun = flow.speedrun.map {
            TraceRecord.Speedrun(category: $0.category.description, inGameTicks: $0.inGameTicks(current: session.playTicks), splits: $0.splits)
        }
        for index in record.koalas.indices where record.koalas[index].player > 1 {
            record.koalas[index].controller = keeper.partnerControllers[record.koalas[index].player]
        }
        trace.write(record)
    }

    // MARK: - Drawing

    /// Draws and presents the frame, unless it is the picture already on screen (`force`: a
    /// screenshot or the only frame). A window that can no longer show frames ends the game.
    /// - Parameter fraction: with smooth motion, how far the picture is between the last two
    ///   steps (nil: the world as it is).
    /// - Returns: whether a picture was presented.
    @discardableResult
    private func draw(force: Bool, fraction: Double? = nil) throws(KoalioError) -> Bool {
        let list = drawList(fraction: fraction)
        guard force || list != shown else { return false }
        do { try platform.render(list) } catch { throw .window(doing: "drawing a frame", error) }
        do { try platform.present() } catch { throw .window(doing: "showing a frame", error) }
        shown = list
        picturesPresented += 1
        return true
    }

    private func drawList(fraction: Double?) -> DrawList {
        let inBetween = pacing.smooth ? beforeLastTick.flatMap { before in
            fraction.map { InBetween(previous: before.world, previousGhost: before.ghost, fraction: $0) }
        } : nil
        return runner.view(context, ghost: keeper.ghost?.session.world.player, problem: watch?.problem, inBetween: inBetween)
    }
}
