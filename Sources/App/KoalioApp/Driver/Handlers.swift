import KoalioCore
import KoalioFlow
import KoalioSDL
import KoalioUserData

/// Everything the flow asks of the world outside it, one handler per subsystem, each owning its
/// state: sound, the pads, recordings and saves, levels, phones, online play, a speedrun's
/// timers, the window. ``route(_:_:)`` is the one switch over ``Effect``: every case goes to
/// exactly one handler, with no `default:`, so a new effect fails the build until it is routed.
/// What handlers hear back (a join answered, a datagram's news, a level reloaded) returns as
/// ``GameAction``s, the runner's one door (``FlowRunner/apply(_:)``).
///
/// The player's settings live here too: a change fans out to the handlers they concern.
@MainActor
final class Handlers {
    let audio: AudioHandler
    let pads: PadsHandler
    let recording: RunKeeper
    let levels: LevelHandler
    let phones: PhonesHandler
    let online: OnlineHandler
    let speedrun: SpeedrunHandler
    let window: WindowHandler
    /// The player's settings (and the command line's overrides), changed by the settings menu.
    private(set) var settings: SettingsStore
    /// Every language's catalogue and the desktop's language: the settings' Language picks one.
    private let translations: Translations
    /// The game's levels, for the level select and "next level"; nil for a single level.
    private let catalog: LevelCatalog?
    /// The game started at its title with its levels (not `--level`, not a replay's run).
    private let startsAtTitle: Bool

    /// The handlers for a run as the composition set it up (``Game/run(_:)``): its options read once.
    init(_ options: GameLoop.Options, platform: Platform, runner: FlowRunner, map: LevelMap, now: @escaping () -> Double) {
        let command = options.command
        let keeper = RunKeeper(options: options.recording, progressPath: options.progressPath, bestRunDirectory: options.bestRunDirectory)
        let loader = LevelLoader(catalog: options.catalog, platform: platform, dataDirectory: options.dataDirectory)
        audio = AudioHandler(platform: platform, opensAudio: options.audio)
        pads = PadsHandler(registry: runner.registry, hud: runner.hud, platform: platform)
        recording = keeper
        levels = LevelHandler(loader: loader, watch: options.watchPath.flatMap { LevelWatch(path: $0, map: map) }, keeper: keeper, platform: platform)
        phones = PhonesHandler(pads: options.phones, always: options.settings.effective.phones, listen: command.phonesListen, verbose: command.verbose,
                               words: options.translations.all)
        online = OnlineHandler(link: options.network?.link, command: command,
                               levels: OnlineHandler.LevelFinder(catalog: options.catalog, dataDirectory: options.dataDirectory))
        speedrun = SpeedrunHandler(liveSplitOne: options.liveSplitOne, liveSplit: options.liveSplit, keeper: keeper, ahead: loader.ahead,
                                   verbose: command.verbose, now: now)
        window = WindowHandler(platform: platform, refreshRateOverride: command.refreshRate)
        settings = options.settings
        translations = options.translations
        catalog = options.catalog
        startsAtTitle = options.startScreen == .title && options.catalog != nil
        apply(settings.effective)
    }

    /// Does what the flow asked; returns what the handler heard back, for the runner.
    func route(_ effect: Effect, _ runner: FlowRunner) -> [GameAction] {
        let flow = runner.flow
        switch effect {
        case let .sound(cue): audio.cue(cue)
        case let .rumble(player): pads.rumble(player: player, seats: runner.state.seats)
        // The join and the leave were made by the runner, which keeps the seats in the value;
        // their sound follows as an effect of its own.
        case .join, .leave: break
        case .saveProgress: recording.saveProgress(flow.progress)
        case let .stepped(input, result, session):
            recording.stepped(input, result, session: session,
                              sources: flow.run.source.recordedSources ?? (flow.run.networked ? OnlineGame.sourceNames : flow.sources))
        // By the name the flow gave it: a speedrun's split has loaded the next level by now.
        case let .keepBestRun(level): recording.keepBestRun(level: level)
        // Answered within the tick that asked (``FlowState/answeringLoads(_:_:load:)``, with
        // ``LevelHandler/load(_:)``): it never reaches the router.
        case .loadLevel: break
        case .levelStarted: levels.started(flow, ghostOn: settings.effective.ghost)
        case let .levelReloaded(keptPlace): levels.reloaded(flow, keptPlace: keptPlace)
        case let .levelRefused(problem): levels.refused(problem)
        case let .changeSettings(new): change(settings: new)
        case .turnPhonesOn: phones.ask()  // while the page shows and phones play: not kept in the settings
        case .newPhoneCode: phones.newCode()
        case let .online(effect): return online.perform(effect, flow, settings: settings.effective)
        case let .speedrun(event): speedrun.perform(event, flow)
        case .quit: window.close()
        }
        return []
    }

    /// The settings menu (or F11) made a change: applied at once and saved (only when something
    /// changed); the window follows it, the ghost goes with its setting, phones turn on or off.
    func change(settings new: Settings) {
        let old = settings.effective
        if settings.change(to: new, writer: recording.writer) { apply(settings.effective) }
        let now = settings.effective
        window.follow(now, was: old)
        if !now.ghost { recording.dropGhost() }
        phones.set(always: now.phones)
    }

    /// Puts the effective settings to work in the handlers they concern. (The window's size,
    /// fullscreen and display are the platform's, set when it opens.)
    private func apply(_ effective: Settings) {
        pads.apply(effective)
        audio.apply(effective)
        window.apply(effective)
    }

    /// What the flow reads from outside it this frame. `now`: the frame's start (a speedrun's real time).
    func context(_ flow: FlowState, now: Double) -> FlowContext {
        var context = FlowContext()
        context.levelNames = catalog?.names ?? []
        context.levelTitles = catalog?.titles ?? [:]
        context.medals = catalog?.medals ?? [:]
        context.packs = catalog?.packListings ?? []
        context.packProblems = catalog?.packProblems ?? []
        context.packsFolder = catalog?.packsFolder ?? ""
        context.playsTheGame = startsAtTitle && flow.run.source.isLive
        context.settings = settings.effective
        context.words = translations.words(context.settings.language)
        context.keyNames = KeyNames.table
        context.resetKeys = settings.resetKeys
        window.read(into: &context, flow)
        phones.read(into: &context)
        context.now = now
        context.gameVersion = recording.options?.gameVersion ?? Game.version
        context.foundGames = online.menus.found
        if case .online(.choose) = flow.mode { context.joinAddressHint = online.menus.addressHint }  // what Join's form starts from
        return context
    }

    /// However the loop ends: a file being saved is finished, the servers stopped.
    func stop() {
        recording.writer.waitUntilDone()
        phones.stop()
        speedrun.stop()
    }
}
