import KoalioCore
import KoalioInput
import KoalioReplay
import KoalioSim
import KoalioText
import KoalioUI

/// A level in play: joins and leaves, the pause screen's menu, the end screens' ways out, and
/// the step of the world with the tick's input.
extension FlowState {
    /// The pause screen's entries.
    package enum PauseEntry: Equatable {
        case resume, restart, settings, howToPlay, addPhone, levels, quit
        /// Online, from the menus: leave the game (the others play on), back to Play online.
        case leaveOnline
        /// A co-op player leaves the game (their pad is free again).
        case leave(player: Int)

        package var title: Text {
            switch self {
            case .resume: .message(.resume)
            case .restart: .message(.restart)
            case .settings: .message(.settings)
            case .howToPlay: .message(.howToPlay)
            case .addPhone: .message(.addPhone)
            case .levels: .message(.levels)
            case .quit: .message(.quit)
            case .leaveOnline: .message(.onlineLeave)
            case let .leave(player): .message(.playerLeaves, [.number(player)])
            }
        }
    }

    /// Resume, Restart, Settings, How to play, Add a phone (while fewer than four play), the level
    /// select (in the game from the title), each co-op player's way out, Quit.
    package static func pauseEntries(_ context: FlowContext) -> [PauseEntry] {
        let addPhone: [PauseEntry] = context.seatedPlayers.count + 1 < PartyLimits.players ? [.addPhone] : []
        return [.resume, .restart, .settings, .howToPlay] + addPhone + (context.playsTheGame ? [.levels] : [])
            + context.seatedPlayers.map { .leave(player: $0) } + [.quit]
    }

    /// This run's pause entries: online, Resume (for everyone: the pause is an input every
    /// machine applies on the same tick), Leave the game (in the game from the title) and Quit;
    /// nothing that would stop the others' game.
    package func pauseEntries(_ context: FlowContext) -> [PauseEntry] {
        run.networked ? [.resume] + (context.playsTheGame ? [.leaveOnline] : []) + [.quit] : Self.pauseEntries(context)
    }

    @MainActor
    package mutating func levelTick(_ input: FrameInput, _ context: FlowContext, _ effects: inout [Effect]) {
        if run.networked {
            if let network = input.network {
                // A couch player beside this machine's first joins a seat it has (a held Back leaves it).
                effects += input.leaveRequests.map { .leave(player: $0) }
                let free = network.localPlayers - 1 - context.seatedPlayers.count
                if run.session.state == .playing, free > 0 { effects += input.joinRequests.prefix(free).map(Effect.join) }
            }
            switch run.session.state {
            case .paused: if pauseMenuTick(input.menu, context, &effects) == .resume { run.networkResume = true }
            case .won, .died:
                // In the game from the title, Back leaves the online game from its end screens.
                if context.playsTheGame && input.menu.anyBack {
                    effects.append(.sound(.menuChoose))
                    leaveOnline(&effects)
                }
            case .playing: break
            }
            return
        }
        if run.source.isLive {
            // A held Back leaves at any time; a free pad's A joins while the run is on, and while
            // paused only to take back the koala of a player whose pad went away (that pause is theirs).
            effects += input.leaveRequests.map { .leave(player: $0) }
            let state = run.session.state
            if state == .playing || (state == .paused && !context.playersWithPadAway.isEmpty) {
                effects += input.joinRequests.map(Effect.join)
            }
        }
        guard var play = input.play.flatMap({ run.source.next(live: $0) }) else {
            run.session.wait()  // a recording with nothing for this tick: the world stands still
            return
        }
        if run.source.isLive {
            switch run.session.state {
            case .won, .died:
                if leavesEndScreen(input.menu, context, &effects) { return }
            case .paused:
                switch pauseMenuTick(input.menu, context, &effects) {
                case .resume: run.resumesOnRelease = true
                case .left: return
                case .stay: break
                }
                // Resume chosen: the world goes on once the press that chose it is let go (a
                // held A or Space would otherwise also jump). As the pause button, recorded, so
                // replays resume at the same tick.
                if play.pressed.contains(.pauseRequest) { run.resumesOnRelease = false }  // the pad in use left: stay paused
                if run.resumesOnRelease && !play.command.jump {
                    run.resumesOnRelease = false
                    play.pressed.insert(.menu)
                }
            case .playing:
                run.resumesOnRelease = false
            }
            play = run.heldOverStart.masking(play, dashPressed: input.dashPressed(context.settings.bindings))
        }
        step(play, context, &effects)
    }

    /// In the game from the title, the end screens' ways out: on "You Won!" A, Enter or a tap goes on
    /// to the next level (the level select after the last), and on both end screens Esc, B or Q
    /// goes to the level select. "Try again" is the world's own restart (A, Enter, Start), as
    /// recorded. Returns whether the level was left (the press then reaches nothing else).
    @MainActor
    private mutating func leavesEndScreen(_ input: MenuInput, _ context: FlowContext, _ effects: inout [Effect]) -> Bool {
        guard context.playsTheGame else { return false }
        if input.anyBack {
            effects.append(.sound(.menuChoose))
            leaveLevel()
            return true
        }
        guard run.session.state == .won, input.choose || input.tapped != nil else { return false }
        effects.append(.sound(.menuChoose))
        switch wonNext(context) {
        case .nextLevel: if let next = nextLevel(context) { startLevel(next, context, &effects) }
        case .worldComplete: mode = .worldComplete(world: (run.index ?? 0) / FlowState.levelsPerWorld + 1, since: ticks)
        case .levels: leaveLevel()
        }
        return true
    }

    /// Where "You Won!"'s choose leads: the world's totals after its last level, else the next
    /// level when it is open, else the level select.
    package func wonNext(_ context: FlowContext) -> Prompts.WonNext {
        if let index = run.index, context.levelNames.indices.contains(index),
           index % FlowState.levelsPerWorld == FlowState.levelsPerWorld - 1 || index == context.levelNames.count - 1 {
            return .worldComplete
        }
        return nextLevel(context) != nil ? .nextLevel : .levels
    }

    /// The first level's one-line hints, in the order they are needed: each shows until its
    /// action is first used, and never again (the progress keeps which are done).
    package static let hintActions: [Action] = [.jump, .dash]

    /// The hint to show now, if any: in the catalog's first level, live, while playing.
    package var hint: Action? {
        guard run.index == 0, run.source.isLive, run.session.state == .playing else { return nil }
        return Self.hintActions.first { !progress.hintsDone.contains($0.rawValue) }
    }

    /// A jump or dash in the first level marks its hint done (kept in the progress).
    private mutating func learnHints(from events: WorldEvents, _ effects: inout [Effect]) {
        guard run.index == 0, run.source.isLive else { return }
        for (action, event) in [(Action.jump, WorldEvents.jumped), (.dash, .dashed)]
        where events.contains(event) && !progress.hintsDone.contains(action.rawValue) {
            progress.hintsDone.insert(action.rawValue)
            effects.append(.saveProgress)
        }
    }

    /// How long "World N complete!" stays before the level select comes by itself: 8 s.
    package static let worldCompleteTicks = 8 * 60

    /// "World N complete!": any choose, back or tap (or its time running out) goes on to the
    /// level select, on the next world's first level when there is one.
    package mutating func worldCompleteTick(world: Int, since: Int, _ input: MenuInput, _ context: FlowContext, _ effects: inout [Effect]) {
        guard input.choose || input.anyBack || input.tapped != nil || ticks - since >= Self.worldCompleteTicks else { return }
        if ticks - since < Self.worldCompleteTicks { effects.append(.sound(.menuChoose)) }
        let next = world * FlowState.levelsPerWorld
        selection[.levels] = min(next, max(0, context.levelNames.count - 1))
        mode = .levelSelect
    }

    /// The catalog level after this run's, when there is one and it is open.
    package func nextLevel(_ context: FlowContext) -> Int? {
        guard let index = run.index, progress.isUnlocked(index + 1, of: context.levelNames) else { return nil }
        return index + 1
    }

    package enum PauseChoice { case stay, resume, left }

    /// The pause menu's Restart: the level from its start (not the last checkpoint), as a new
    /// run with a new recording and the assist now set; co-op partners are seated again by
    /// their next input.
    private mutating func restart(_ context: FlowContext, _ effects: inout [Effect]) {
        speedrun?.carriedTicks += run.session.playTicks  // a speedrun's clock runs on through a restart
        let packRecord = run.packRecord
        let assist = speedrun == nil ? context.settings.assist : .off
        run = LevelRun(session: Session(stage: run.session.stage, assist: assist), map: run.map, index: run.index, sha256: run.sha256)
        run.packRecord = packRecord
        run.heldOverStart = .all  // Restart was chosen with A: it is not the koala's first jump
        speedrun?.proof.begin(run, gameVersion: context.gameVersion)
        effects.append(.levelStarted)
    }

    /// A paused tick: up and down choose an entry, A, Enter or a tap on it takes it; in the
    /// game, B or Q leaves for the level select (Esc and Start resume: they are the pause key).
    private mutating func pauseMenuTick(_ input: MenuInput, _ context: FlowContext, _ effects: inout [Effect]) -> PauseChoice {
        if context.playsTheGame && (input.padBack || input.quit) {
            effects.append(.sound(.menuChoose))
            if run.networked { leaveOnline(&effects) } else { leaveLevel() }
            return .left
        }
        let entries = pauseEntries(context)
        let page = pausePage(context)
        guard case let .entry(chosen) = selection.update(input, page, key: .level, sideways: false, backs: false, &effects) else { return .stay }
        switch entries[chosen] {
        case .resume:
            selection[.level] = 0  // the next pause starts on Resume
            return .resume
        case .restart:
            selection[.level] = 0
            restart(context, &effects)
            return .left
        case .settings:
            openSettings(exit: .level)
            return .left
        case .howToPlay:
            mode = .howToPlay(exit: .level)
            return .left
        case .addPhone:
            openAddPhone(exit: .level, context, &effects)
            return .left
        case .levels:
            leaveLevel()
            return .left
        case .quit:
            quitConfirmation = QuitConfirmation()
            return .left
        case .leaveOnline:
            leaveOnline(&effects)
            return .left
        case let .leave(player):
            effects.append(.leave(player: player))
            return .stay
        }
    }

    /// The pause screen's entries as a compact page (its hint is the pause prompt, drawn apart).
    package func pausePage(_ context: FlowContext) -> MenuPage {
        let entries = pauseEntries(context)
        return MenuPage(heading: .message(.paused), entries: entries.map { MenuPage.Entry($0.title) },
                        selection: min(selection[.level] ?? 0, entries.count - 1), hint: Prompt([]), compact: true)
    }

    /// One step of the world, and what it sounds and feels like; a win of a catalog level is
    /// kept in the progress (best time, the next level unlocked) and, when best, its recording.
    private mutating func step(_ input: TickInput, _ context: FlowContext, _ effects: inout [Effect]) {
        let result = run.session.step(input)
        effects.append(.stepped(input, result, run.session))
        if run.source.isLive { speedrun?.proof.record(input, result, run.session, sources: sources) }
        if result.restarted { run.result = nil }
        let events = run.session.events
        learnHints(from: events, &effects)
        sound(events, result, &effects, koalasLost: run.session.world.koalas.filter(\.diedThisStep).map { .rumble(player: $0.number) })
        guard result.ended == .won else { return }
        won(run.session.world, context, &effects)
        if speedrun != nil && run.source.isLive { speedrunSplit(context, &effects) }
    }

    /// A networked run's frame: the game shown as the network has it, the sounds of the ticks
    /// shown for the first time (a tick stepped again after a correction is silent), and the
    /// ticks every machine agrees on recorded, a win among them kept as on the couch.
    package mutating func take(_ network: NetworkTick, _ context: FlowContext, _ effects: inout [Effect]) {
        run.network = network.status
        for shown in network.firstShown {
            sound(shown.events, shown.result, &effects, koalasLost: shown.ownKoalaLost ? [.rumble(player: nil)] : [])
        }
        for confirmed in network.confirmed {
            effects.append(.stepped(confirmed.input, confirmed.result, confirmed.session))
            if confirmed.result.restarted { run.result = nil }
            if confirmed.result.ended == .won { won(confirmed.session.world, context, &effects) }
        }
        switch network.status {
        case .waiting, .ended:
            // No game steps: the loop's clock still moves (notices fade, the on-screen controls hide).
            run.session.wait()
        case .playing:
            if let shown = network.shown { run.session = shown }
        }
        if case let .ended(end) = network.status { endShown(end, context, &effects) }
    }

    /// A networked game over before its end says why for ``networkEndShownSeconds``, then goes
    /// back to Play online (a game from the menus) or ends koalio (`--host`, `--join`).
    private mutating func endShown(_ end: NetworkTick.End, _ context: FlowContext, _ effects: inout [Effect]) {
        let since = run.networkEndedAt ?? context.now
        run.networkEndedAt = since
        guard context.now - since > Self.networkEndShownSeconds else { return }
        guard context.playsTheGame else { return effects.append(.quit) }
        effects.append(.online(.leave))
        online(.over(end), &effects)
    }

    /// How long a window shows why a networked game ended before its end.
    package static let networkEndShownSeconds = 5.0

    /// What a step sounds and feels like: `koalasLost`, the jolts of the koalas lost on it.
    private func sound(_ events: WorldEvents, _ result: Session.StepResult, _ effects: inout [Effect], koalasLost: [Effect]) {
        if events.contains(.jumped) { effects.append(.sound(.jump)) }
        if events.contains(.dashed) { effects.append(.sound(.dash)) }
        if events.contains(.landed) { effects.append(.sound(.land)) }
        if events.contains(.checkpoint) { effects.append(.sound(.checkpoint)) }
        if events.contains(.leaf) { effects.append(.sound(.leaf)) }
        if events.contains(.stomped) { effects.append(.sound(.stomp)) }
        if events.contains(.koalaLost) {
            effects.append(.sound(.death))
            effects += koalasLost
        }
        if result.ended == .died {
            effects.append(.sound(.death))
            effects.append(.rumble(player: nil))
        }
        if result.ended == .won { effects.append(.sound(.win)) }
    }

    /// The run was won (`world`, as it ended): the end screen's result, and a catalog level's
    /// records kept (best time, the next level unlocked, the best run's recording).
    private mutating func won(_ world: World, _ context: FlowContext, _ effects: inout [Effect]) {
        // A catalog level's records are kept by its name, a pack's by its file's digest.
        let name = run.index.flatMap { context.levelNames.indices.contains($0) ? context.levelNames[$0] : nil } ?? run.packRecord?.key
        let medalTimes = run.packRecord.map(\.medals) ?? name.flatMap { context.medals[$0] }
        run.result = RunResult(ticks: world.tick, previousBest: name.flatMap { progress.record($0).bestTicks }, isBest: false,
                               medal: world.assist.isOn ? nil : medalTimes?.medal(forTicks: world.tick), medalTimes: medalTimes,
                               leaves: world.leafCount, leafTotal: world.leavesTaken.count, assisted: world.assist.isOn)
        guard run.source.isLive, let name else { return }
        let isBest = progress.recordWin(level: name, ticks: world.tick, leaves: world.leafCount,
                                        of: world.leavesTaken.count, assisted: world.assist.isOn)
        run.result?.isBest = isBest
        effects.append(.saveProgress)
        if isBest { effects.append(.keepBestRun(level: name)) }
    }
}
