import KoalioCore
import KoalioScripting
import KoalioScriptPlayback
import KoalioView
import KoalioHUD
import KoalioInput
import KoalioReplay
import KoalioSDL
import KoalioSim
import KoalioUserData

/// The frame loop: events → controllers → one ``TickInput`` per 60 Hz tick → `Session.step`
/// → draw list → renderer.
///
/// Real-time mode keeps an accumulator (Game Programming Patterns, "Game Loop"): a frame runs
/// as many ticks as wall time owes, at most ``FrameClock/maxTicksPerFrame``, so a slow frame
/// catches up without spiralling. Fixed-step mode (headless, or scripted input) runs exactly
/// one tick per frame, so a script's ticks and the trace do not depend on the machine's speed.
///
/// Keyboard, pads and the on-screen HUD are all controllers, and all of them steer at once:
/// each tick their snapshots merge (``GamepadSnapshot/merging(_:)``) and their presses add up,
/// so a held key survives a click or a pad press. The one used last only names the run's
/// controller (trace, recording table). The HUD shows only while no pad is connected. Live runs
/// are recorded; a replay steers instead of the controllers, which then only pause or quit the
/// playback.
@MainActor
public final class GameLoop {
    /// Frames are paced to at most this rate, so an idle scene does not spin a core.
    static let frameCapPerSecond = 60.0
    /// How long "… connected" stays on screen.
    static let noticeTicks = 3 * Tick.perSecond
    /// How long the HUD takes to fade in or out.
    static let hudFadeTicks = 12
    /// The pad's jolt when the koala dies.
    static let deathRumble = (low: Float(0.9), high: Float(0.6), milliseconds: 350)

    public struct Options {
        public var trace: TraceWriter?
        public var script: InputScript?
        public var tickLimit: Int?
        public var headless = false
        public var recording: RecordingOptions?
        public var replay: Recording?
        /// Seconds on a clock of the caller's, read once per frame, instead of SDL's: frames then
        /// run back to back (no pacing) through the accumulator, so tests can play any render
        /// rate, jitter or stall through the real loop.
        public var clock: (@MainActor () -> Double)?
        /// Where the game starts: the title (no `--level`), or straight in the level.
        public var startScreen = Screen.level
        /// The game's levels, for the level select and "next level"; nil for a single level.
        public var catalog: LevelCatalog?
        /// The starting session's level in the catalog (nil for a level from elsewhere).
        public var levelIndex: Int?
        /// The player's progress as loaded, and where it is saved (nil: not saved).
        public var progress = PlayerProgress()
        public var progressPath: String?
        /// Where the replay of each level's best run is kept (`NAME.koalioreplay`).
        public var bestRunDirectory: String?
        /// The player's settings (and the command line's overrides), applied at start and
        /// changed by the settings menu.
        var settings = SettingsStore()
        /// Open the audio device after the first frame (not for headless runs).
        public var audio = false
        /// Write each frame's start time and work time here when the game ends (`--frame-times`).
        public var frameTimesPath: String?
        /// What went wrong reading the player's files, one short line each, for the title (a
        /// player who started koalio from a launcher never sees stderr).
        public var fileNotices: [String] = []

        public init(trace: TraceWriter? = nil, script: InputScript? = nil, tickLimit: Int? = nil, headless: Bool = false,
                    recording: RecordingOptions? = nil, replay: Recording? = nil) {
            self.trace = trace
            self.script = script
            self.tickLimit = tickLimit
            self.headless = headless
            self.recording = recording
            self.replay = replay
        }
    }

    let platform: Platform
    public let registry: ControllerRegistry
    public internal(set) var session: Session
    let options: Options
    /// The screen shown: title, level select, or a level (``session``).
    public internal(set) var screen: Screen
    /// 60 Hz steps of the loop, menus included: the trace's tick and the input script's clock.
    public private(set) var loopTicks = 0
    var menuReader = MenuInputReader()
    /// The selected entry of each menu, kept while the player visits the other.
    var selection: [Screen: Int] = [:]
    /// The title's line about the player's files (see ``Options/fileNotices``), until the
    /// player first leaves the title.
    var titleNotice: String?
    public internal(set) var progress: PlayerProgress
    /// The level being played, as an index into the catalog (nil: a level from elsewhere).
    var levelIndex: Int?
    var quitRequested = false
    /// The best run of this level, replayed beside the player (see ``Ghost``).
    public internal(set) var ghost: Ghost?
    /// Each frame's start and work time in seconds, kept in memory until the end (writing as it
    /// runs would be the kind of hitch they are there to find).
    var frameTimes: [(start: Double, busy: Double)] = []
    /// The player's settings; the settings menu changes them (``change(settings:)``).
    var settings: SettingsStore
    /// Where the settings menu's Back leads from its main page (the title, or the paused level).
    var settingsExit = Screen.title
    /// A rebind waiting for its key or button, and the pads' buttons as of the last tick.
    var capture: BindingCapture?
    var capturePads = GamepadSnapshot.neutral
    /// Replays and progress are written on this, off the frame loop.
    let writer = BackgroundWriter()
    /// Effects started since the last trace line (the trace's `sounds`).
    var soundsThisTick: [SoundEffect] = []
    /// Where opening the audio device is (it starts after the first frame, on a worker thread),
    /// and the effects cued before it was open, played when it is.
    var audioPhase = AudioPhase.notStarted
    var soundsBeforeAudio: [SoundEffect] = []
    private let script: ScriptPlayer?
    private var keyboard: KeyboardController { registry.keyboard }
    public let hud = HUD()

    /// Which kind of controller had input last: it names the steering, it does not choose it.
    private enum LastUsed { case keyboard, pad, hud }
    enum AudioPhase { case notStarted, opening, open }
    private var lastUsed = LastUsed.keyboard
    /// The game pauses itself at the next tick (focus lost, the pad in use left): part of that
    /// tick's input, so replays pause at the same tick.
    private var pauseRequested = false
    /// Controller names in the order they first steered: a recording's table.
    var sourceNames: [String] = []
    /// The controller that steered each co-op player on the last step (the trace's `koalas`).
    var partnerControllers: [Int: String] = [:]
    private var notice: (text: String, untilStep: Int)?
    /// The step at which the HUD last appeared or disappeared, for its fade.
    private var hudChangedAtStep = -GameLoop.hudFadeTicks

    var recorder: Recorder?
    var recordWritten = false
    private var replayIndex = 0
    /// Live Start / Esc / P pause a replay's playback; the recording is not changed.
    private var playbackPaused = false

    public init(platform: Platform, registry: ControllerRegistry, session: Session, options: Options) {
        self.platform = platform
        self.registry = registry
        self.session = session
        self.options = options
        self.screen = options.replay == nil ? options.startScreen : .level
        titleNotice = Self.titleNotice(options.fileNotices)
        self.progress = options.progress
        self.levelIndex = options.levelIndex
        self.script = options.script.map(ScriptPlayer.init)
        self.settings = options.settings
        if options.replay != nil {
            hud.setVisible(false)
            registry.onScreenShown = false
        }
        registry.attachOnScreen(hud.controller)
        applySettings()
        if screen == .level, options.replay == nil, let recording = options.recording {
            startRecording(levelName: recording.levelName, levelSHA256: recording.levelSHA256)
            loadGhost(levelSHA256: recording.levelSHA256)
        }
    }

    /// What the registry says a pad event changed: notices, the pause when the pad in use
    /// leaves, and which controller is named as used last (a new pad at once).
    private func react(to changes: [ControllerChange]) {
        for change in changes {
            switch change {
            case let .connected(controller):
                show("\(controller.vendorName) connected")
                cue(.padConnected)
            case let .disconnected(controller, wasInUse):
                show("\(controller.vendorName) disconnected")
                cue(.padDisconnected)
                if wasInUse { pauseRequested = true }
            case let .playerPadLost(_, player):
                show("Player \(player)'s pad disconnected")
                pauseRequested = true  // their koala waits, without input, until they are back or leave
            case let .playerPadReturned(controller, player):
                show("Player \(player): \(controller.vendorName) connected")
            case .becameCurrent:
                lastUsed = .pad
            case let .input(controller):
                if registry.player(of: controller.id) == 1 { lastUsed = .pad }
            }
        }
    }

    /// The virtual pads an input script attached (detached once `run` returns), for tests to
    /// inspect what SDL sent them.
    public var scriptPads: [VirtualPad] { script?.pads ?? [] }

    /// Runs until quit or the tick limit; returns the session as it ended.
    public func run(screenshot: String?) throws(KoalioError) -> Session {
        defer {
            writer.waitUntilDone()  // a file being saved is finished however the loop ends
            script?.detachAll()
            options.trace?.flush()
        }
        let now = options.clock ?? { [platform] in platform.now() }
        var clock = FrameClock(now: now())
        let fixedStep = options.clock == nil && (options.headless || options.script != nil)
        var running = options.tickLimit != 0
        if !running {
            _ = platform.pollEvents()
            try drawFrame()
            try presentFrame()
        }
        while running {
            let frameStart = now()
            do { try script?.perform(at: loopTicks, on: platform) } catch { throw .runtime(error.description) }
            registry.currentFollowsInput = screen != .level
            for event in platform.pollEvents() {
                switch event {
                case .quit: running = false
                case .keyDown(.f11, isRepeat: false):
                    // Kept in the settings, as the settings menu's Fullscreen is.
                    var new = settings.effective
                    new.fullscreen = !platform.isFullscreen
                    change(settings: new)
                case let .keyDown(key, isRepeat):
                    if !isRepeat && captureKey(key) { continue }
                    keyboard.keyDown(key, isRepeat: isRepeat)
                    menuReader.key(key)
                    lastUsed = .keyboard
                case let .keyUp(key):
                    keyboard.keyUp(key)
                case .focusLost:
                    keyboard.releaseAll()
                    pauseRequested = true
                case let .pointer(pointer):
                    if screen != .level || session.state == .paused {  // the pause screen's entries take taps too
                        if pointer.phase == .down { menuReader.pointerDown(at: pointer.position) }
                    }
                    if screen == .level && hud.handle(pointer) {
                        lastUsed = .hud
                    }
                case let .pad(event):
                    react(to: registry.apply(event))
                }
            }
            guard running else { break }
            updateHUDVisibility()

            var due = fixedStep ? 1 : clock.ticksDue(now: frameStart)
            while due > 0 && running {
                tick()
                due -= 1
                if let tickLimit = options.tickLimit, loopTicks >= tickLimit { running = false }
                if quitRequested { running = false }
            }
            platform.performControllerEffects(registry.drainEffects())
            updateMusic()
            try drawFrame()
            if !running, let screenshot {
                do { try platform.saveScreenshot(to: screenshot) } catch { throw .runtime("\(screenshot): \(error)") }
            }
            try presentFrame()
            // Headless runs with sound are the tests': they wait for the device, to hear the same
            // every time. A window never waits (a scripted one used to: 11–15 ms in its first frame).
            if options.audio { try advanceAudio(waiting: options.headless) }
            if options.frameTimesPath != nil { frameTimes.append((frameStart, platform.now() - frameStart)) }
            if !options.headless && options.clock == nil {
                // Not trusting SDL's vsync flag: the software renderer reports it but never waits.
                // Where presenting does wait for vsync, the deadline has passed and this sleeps 0.
                platform.sleep(seconds: frameStart + 1 / Self.frameCapPerSecond - platform.now())
            }
        }
        try writeRecordingOnQuit()
        if let path = options.frameTimesPath { try writeFrameTimes(to: path) }
        return session
    }

    // MARK: - Ticks

    private func tick() {
        loopTicks += 1
        let (taken, team) = liveInput()
        var live = taken
        takeJoinsAndLeaves(team)
        let bindings = registry.bindings
        let menu = menuReader.take(pads: .merging(registry.controllers.map {
            bindings.forMenus($0.extendedGamepad.capture(), category: $0.productCategory)
        }))
        // One press, one meaning: a press that leaves the level (B on the pause screen, Esc or
        // Enter on an end screen) is not read again by the menu it lands in.
        if screen != .level {
            menuTick(menu)
            writeTrace()
            return
        }
        if leavesLevel(menu) {
            writeTrace()
            return
        }
        if options.replay == nil && session.state == .paused {
            switch pauseMenuTick(menu) {
            case .resume: live.pressed.insert(.menu)  // as if the pause button: recorded, so replays resume here too
            case .left:
                writeTrace()
                return
            case .stay: break
            }
        }
        let input: TickInput?
        if let replay = options.replay {
            if live.pressed.contains(.menu) { playbackPaused.toggle() }
            input = playbackPaused || replayIndex >= replay.inputs.count ? nil : replay.inputs[replayIndex]
            if input != nil { replayIndex += 1 }
        } else {
            input = live
        }
        if let input {
            let result = session.step(input)
            notePartnerControllers(input)
            ghost?.follow(worldTick: session.world.tick)
            if session.events.contains(.jumped) { cue(.jump) }
            if session.events.contains(.dashed) { cue(.dash) }
            if session.events.contains(.landed) { cue(.land) }
            if session.events.contains(.koalaLost) {
                cue(.death)
                for koala in session.world.koalas where koala.diedThisStep {
                    registry.rumble(player: koala.number, low: Self.deathRumble.low, high: Self.deathRumble.high,
                                    milliseconds: Self.deathRumble.milliseconds)
                }
            }
            if result.ended == .won { cue(.win) }
            if result.ended == .died {
                cue(.death)
                registry.rumbleCurrent(low: Self.deathRumble.low, high: Self.deathRumble.high, milliseconds: Self.deathRumble.milliseconds)
            }
            record(input, result)
        } else {
            session.wait()
        }
        writeTrace()
    }

    private func writeTrace() {
        guard let trace = options.trace else { return }
        var record = TraceRecord(session: session, hudVisible: hud.isVisible, controllers: registry.controllers.count,
                                 activeController: activeControllerName, renderer: platform.rendererName,
                                 state: playbackPaused && session.state == .playing ? .paused : nil)
        record.tick = loopTicks
        record.screen = screen.rawValue
        record.level = screen == .level ? session.map.name : nil
        record.sounds = soundsThisTick.map(\.rawValue)
        for index in record.koalas.indices where record.koalas[index].player > 1 {
            record.koalas[index].controller = partnerControllers[record.koalas[index].player]
        }
        soundsThisTick.removeAll()
        trace.write(record)
    }

    /// Plays an effect and notes it for the trace.
    func cue(_ effect: SoundEffect) {
        if options.audio && audioPhase != .open { soundsBeforeAudio.append(effect) } else { platform.audio.play(effect) }
        soundsThisTick.append(effect)
    }

    /// Starts opening the audio device once the first frame is up (a sound server can take a
    /// while to answer), and takes it over when the worker is done, playing what was cued meanwhile.
    private func advanceAudio(waiting: Bool) throws(KoalioError) {
        if audioPhase == .notStarted {
            platform.startAudio()
            audioPhase = .opening
        }
        guard audioPhase == .opening else { return }
        let adopted: AudioAdopted?
        do { adopted = try platform.adoptAudio(waiting: waiting) } catch { throw .input(error.description) }
        guard let adopted else { return }
        audioPhase = .open
        if let warning = adopted.warning { warn(warning) }
        for effect in soundsBeforeAudio { platform.audio.play(effect) }
        soundsBeforeAudio.removeAll()
    }

    /// The title's loop in menus, the level's in a level; quieter while paused.
    private func updateMusic() {
        // The settings opened from the pause screen keep the level's music, ducked.
        let inLevel = screen == .level || (screen.isSettings && settingsExit == .level)
        platform.audio.playMusic(inLevel ? .level(session.map.name) : .title)
        platform.audio.setDucked(inLevel && (session.state == .paused || playbackPaused))
    }

    /// The controller named as steering: the kind used last, falling back to the pad in use,
    /// then the keyboard, when that kind is gone (a pad unplugged, the HUD hidden).
    private var namedController: Controller {
        switch lastUsed {
        case .pad: return registry.current ?? keyboard.controller
        case .hud: return hud.isVisible ? hud.controller : registry.current ?? keyboard.controller
        case .keyboard: return keyboard.controller
        }
    }

    /// Prompts in the pictures of the controller named as used last.
    var prompts: Prompts { Prompts(controller: namedController, bindings: settings.effective.bindings) }

    /// The name the trace gives the steering controller; nil until it has been used.
    private var activeControllerName: String? {
        let controller = namedController
        if controller === keyboard.controller { return keyboard.hasHadInput ? controller.vendorName : nil }
        if controller === hud.controller { return hud.hasHadInput ? controller.vendorName : nil }
        return controller.vendorName
    }

    /// This tick's input from every controller of player 1 at once (the registry merges
    /// them), named after the one used last, and each co-op player's pad; with what free pads
    /// ask (to join) and who held Back to leave.
    private func liveInput() -> (TickInput, TeamInput) {
        let team = registry.teamInput()
        var input = TickInput(source: sourceIndex(namedController), snapshot: team.snapshot, pressed: team.pressed)
        input.partners = team.partners.map { partner in
            PartnerInput(player: partner.player, source: partner.pad.map(sourceIndex) ?? ReplayFile.noSource,
                         snapshot: partner.snapshot, pressed: partner.pressed)
        }
        if pauseRequested {
            input.pressed.insert(.pauseRequest)
            pauseRequested = false
        }
        return (input, team)
    }

    func sourceIndex(_ controller: Controller) -> Int {
        if let index = sourceNames.firstIndex(of: controller.vendorName) { return index }
        sourceNames.append(controller.vendorName)
        return sourceNames.count - 1
    }

    // MARK: - HUD and drawing

    /// The HUD shows while no pad is connected (never during a replay): it hides when one
    /// arrives, returns when the last one leaves, and lets go of everything as it hides.
    private func updateHUDVisibility() {
        let visible = registry.controllers.isEmpty && options.replay == nil && screen == .level
        guard visible != hud.isVisible else { return }
        hud.setVisible(visible)
        registry.onScreenShown = visible
        hudChangedAtStep = session.steps
    }

    /// 0…1, fading over ``hudFadeTicks`` after each change.
    private var hudOpacity: Double {
        let progress = min(1, Double(session.steps - hudChangedAtStep) / Double(Self.hudFadeTicks))
        return hud.isVisible ? progress : 1 - progress
    }

    func show(_ text: String) {
        notice = (text, session.steps + Self.noticeTicks)
    }

    private func drawFrame() throws(KoalioError) {
        if screen != .level {
            do { try platform.render(MenuView.drawList(menuPage(), over: session)) } catch { throw .runtime("drawing a frame: \(error)") }
            return
        }
        let current = registry.current
        let opacity = hudOpacity * Double(settings.effective.touchOpacityPercent) / 100
        var overlay = Scene.Overlay(notice: notice.flatMap { $0.untilStep > session.steps ? $0.text : nil },
                                    lowBatteryPad: current.flatMap { $0.battery.isLow ? $0.vendorName : nil },
                                    hud: opacity > 0 ? hud.appearance(opacity: opacity) : nil)
        if options.replay != nil {
            overlay.badge = "REPLAY"
            overlay.playbackPaused = playbackPaused
        }
        overlay.ghost = ghost?.session.world.player
        if options.replay == nil && session.state == .playing { overlay.joinPrompts = joinPrompts }
        if session.state != .playing || playbackPaused {  // the end and pause screens' lines, only when shown
            let prompts = self.prompts
            overlay.wonPrompt = prompts.won(nextLevel: nextLevelIndex != nil, inGame: isPlayingTheGame)
            overlay.diedPrompt = prompts.died
            overlay.pausePrompt = prompts.paused(canLeave: isPlayingTheGame)
            if options.replay == nil { overlay.pauseMenu = pauseMenuPage }
            overlay.padBattery = current.map { "\($0.vendorName): \($0.battery.summary)" }
            overlay.playerTimes = playerTimes
            overlay.padsAway = registry.playersWithPadAway.map { "Player \($0)'s pad is gone: plug it back in, or A on a free pad" }
        }
        do { try platform.render(Scene.drawList(session, overlay: overlay)) } catch { throw .runtime("drawing a frame: \(error)") }
    }

    /// Presents the frame drawn; a window that can no longer show frames ends the game.
    private func presentFrame() throws(KoalioError) {
        do { try platform.present() } catch { throw .runtime("showing a frame: \(error)") }
    }
}
