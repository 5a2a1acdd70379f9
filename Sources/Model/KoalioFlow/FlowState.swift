import KoalioInput
import KoalioSim
import KoalioUserData

/// The game above the per-tick world, as one value: the mode, the level run, the player's
/// progress and the menus' memory. ``update(_:_:)`` is the only way it changes: it reads one
/// ``FrameInput`` and returns the ``Effect``s the driver performs (The Elm Architecture's
/// update, without the runtime). No SDL, no files, no clock: tests step it by hand.
package struct FlowState: Equatable {
    package var mode: Mode
    /// The level being played, or last played (the menus draw it dimmed behind them).
    package var run: LevelRun
    package var progress: PlayerProgress
    /// "Quit koalio?", asked over the current mode until answered.
    package var quitConfirmation: QuitConfirmation?
    /// The menus' memory: the selected entry of each, kept while the player visits another.
    package var selection = MenuMemory()
    /// What the title says about the player's files, until the player first leaves the title.
    package var fileNotices: [FileNotice]
    /// The level select's line about a level that could not be loaded, until the next choice.
    package var levelNotice: LoadProblem?
    /// Play online → Host: the level chosen next is hosted, on this network or in a room (the
    /// level select says so); nil: it is played.
    package var hostsNextLevel: HostPlace?
    /// The speedrun under way (nil: none).
    package var speedrun: SpeedrunRun?
    /// The categories page says a run was refused: assist is on.
    package var speedrunNotice = false
    /// The networked game (`--host`, `--join`, or hosted or joined from the menus): the run whose
    /// ``LevelRun/networked`` is set plays it. Kept once over (its outcome and figures are read
    /// after), until another begins.
    @OutOfLine package var online: OnlineGame? = nil
    /// The controllers' names in the order they first steered: a recording's table (a tick's
    /// input names its controllers by their place here).
    package var sources: [String] = []
    /// Levels come in worlds of three: a world's last level ends with its "world complete".
    package static let levelsPerWorld = 3
    /// 60 Hz updates so far, menus included: the trace's tick and the input script's clock.
    package private(set) var ticks = 0

    package init(mode: Mode, run: LevelRun, progress: PlayerProgress = PlayerProgress(), fileNotices: [FileNotice] = []) {
        self.mode = mode
        self.run = run
        self.progress = progress
        self.fileNotices = fileNotices
    }

    /// The screen as the trace names it (`title`, `levels`, `level`, a settings page, `quit`).
    package var screen: Screen {
        if quitConfirmation != nil { return .quitConfirmation }
        switch mode {
        case .title: return .title
        case .levelSelect: return .levels
        case .packs: return .packs
        case .packLevels: return .packLevels
        case let .settings(state): return state.page
        case .howToPlay: return .howToPlay
        case .addPhone: return .addPhone
        case .level: return .level
        case .worldComplete: return .worldComplete
        case .online(.choose): return .online
        case .online(.host): return .host
        case .online(.join), .online(.joining): return .join
        case .speedrunSelect: return .speedrun
        case .speedrunResults: return .speedrunResults
        }
    }

    package var session: Session { run.session }

    /// The level is on screen (not a menu over it).
    package var isInLevel: Bool { mode == .level && quitConfirmation == nil }

    /// A networked level runs, "Quit koalio?" over it or not: the network never stops for a
    /// dialog (the others' game goes on).
    package var networkRuns: Bool { mode == .level && run.networked }

    /// Free pads are asked to join: over a live level while it plays.
    package var showsJoinPrompts: Bool { isInLevel && run.source.isLive && session.state == .playing }

    /// A tap chooses (a menu's entry, the pause screen's, an end screen's way on): everywhere but
    /// over a level in play, where the on-screen controls take the pointer.
    package var takesTaps: Bool { !isInLevel || session.state != .playing }

    /// The level's music plays in the level and in the settings opened from its pause screen.
    package var playsLevelMusic: Bool {
        switch mode {
        case .level: return true
        case let .settings(state): return state.exit == .level
        case let .howToPlay(exit), let .addPhone(exit): return exit == .level
        case .title, .levelSelect, .packs, .packLevels, .worldComplete, .online, .speedrunSelect, .speedrunResults: return false
        }
    }

    /// One tick: every press in `input` is read here once, by the mode that owns it.
    @MainActor
    package mutating func update(_ input: FrameInput, _ context: FlowContext) -> [Effect] {
        ticks += 1
        var effects: [Effect] = []
        if input.fullscreenToggled {
            var settings = context.settings
            settings.fullscreen = !context.isFullscreen
            effects.append(.changeSettings(settings))
        }
        if let reload = input.reloaded {
            let (session, keptPlace) = run.session.reloaded(on: reload.stage)
            let packRecord = run.packRecord.map { PackRecord(key: LevelPack.recordKey(sha256: reload.sha256), medals: $0.medals, pack: $0.pack) }
            run = LevelRun(session: session, map: reload.map, index: run.index, sha256: reload.sha256)
            run.packRecord = packRecord  // an edited pack level is kept by its new digest: it starts fresh
            effects.append(.levelReloaded(keptPlace: keptPlace))
        }
        // The networked game's tick is taken whatever is over the level.
        if let network = input.network, networkRuns { take(network, context, &effects) }
        if let news = input.online {
            online(news, &effects)
            // The host's welcome takes the tick: a press on it must not give the join up (its level loads now).
            if case .welcomed = news { return effects }
        }
        if quitConfirmation != nil {
            confirmQuitTick(input.menu, &effects)
            return effects
        }
        switch mode {
        case .title, .levelSelect, .packs, .packLevels: menuTick(input.menu, context, &effects)
        case let .settings(state): settingsTick(state, input, context, &effects)
        case let .howToPlay(exit): howToPlayTick(exit, input.menu, &effects)
        case let .addPhone(exit): addPhoneTick(exit, input.menu, context, &effects)
        case .level: levelTick(input, context, &effects)
        case let .worldComplete(world, since): worldCompleteTick(world: world, since: since, input.menu, context, &effects)
        case let .online(page): onlineTick(page, input, context, &effects)
        case .speedrunSelect: speedrunSelectTick(input.menu, context, &effects)
        case .speedrunResults: speedrunResultsTick(input.menu, &effects)
        }
        abandonSpeedrunIfLeft(&effects)
        return effects
    }

    /// One tick as the driver runs it (and the tests, through the same function): ``update(_:_:)``,
    /// its level loads answered (``answeringLoads(_:_:load:)``), then the speedrun's clock edge
    /// (after the loads: a split's next level is on by then). Returns the effects left for the
    /// driver to perform, in order.
    @MainActor
    package mutating func tick(_ input: FrameInput, _ context: FlowContext, load: (LevelRef) -> LevelLoad) -> [Effect] {
        var effects = answeringLoads(update(input, context), context, load: load)
        noteSpeedrunClock(&effects)
        return effects
    }

    /// `effects` with each level load answered where it was asked: `load` (the driver reads the
    /// file and prepares its images; the tests' harness its catalog) and the answer fed back
    /// through ``levelLoaded(_:_:_:)``, its own effects in the load's place. The one place a
    /// ``Effect/loadLevel(_:)`` is answered.
    @MainActor
    package mutating func answeringLoads(_ asked: [Effect], _ context: FlowContext, load: (LevelRef) -> LevelLoad) -> [Effect] {
        var effects = asked
        var index = 0
        while index < effects.count {
            if case let .loadLevel(level) = effects[index] {
                effects.remove(at: index)
                effects.insert(contentsOf: levelLoaded(level, load(level), context), at: index)
            } else {
                index += 1
            }
        }
        return effects
    }

}
