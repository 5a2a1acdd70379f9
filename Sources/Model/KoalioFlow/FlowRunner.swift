import KoalioCore
import KoalioInput
import KoalioNet
import KoalioSim
import KoalioHUD

/// The game above the world as it runs, frame by frame: each frame's controller events read
/// into the registry, the input reader and the ``GameState`` (what the player sees of the
/// controllers); the rules on who steers, when the HUD shows, when the game pauses itself and
/// how fast the world runs; and each tick's ``FlowState/tick(_:_:load:)``, with the joins and
/// leaves it asks for made in the state's seats and shown on the pads. The driver runs it with SDL's events; the
/// tests run this very code with events of their own making.
@MainActor
package final class FlowRunner {
    /// The whole game above the world, one value.
    package var state: GameState
    package let registry: ControllerRegistry
    /// The on-screen controls, a controller among the registry's: shown as ``ControllerPresence/hudShown`` says.
    package let hud = HUD()
    package private(set) var feed = InputFeed()

    /// The flow, changed in place (a networked game's rollback buffers are not copied to step it).
    package var flow: FlowState {
        get { state.flow }
        _modify { yield &state.flow }
    }
    package var presence: ControllerPresence {
        get { state.presence }
        set { state.presence = newValue }
    }

    package init(flow: FlowState, registry: ControllerRegistry) {
        state = GameState(flow: flow)
        self.registry = registry
        if !state.presence.hudShown {
            hud.setVisible(false)
            registry.onScreenShown = false
        }
        registry.attachOnScreen(hud.controller)
    }

    // MARK: - A frame's events

    /// Before the frame's events: in the menus the pad in use is the one used last; in a level
    /// another pad is someone else's (it joins with A), so it does not take player 1's koala.
    /// The on-screen controls move off the level's spawn before the frame's pointers reach them
    /// (moving them lets go of what they hold: a level just begun holds nothing).
    package func beginFrame() {
        registry.currentFollowsInput = !flow.isInLevel
        hud.keepClear(of: flow.isInLevel ? Self.spawnInView(flow.session.stage) : nil)
    }

    /// Takes one action between the frame's beginning and end: returns what the pads' event
    /// changed (the driver hides the pointer when a pad is in use) and the effects it makes
    /// (the notices' sounds).
    @discardableResult
    package func apply(_ action: GameAction) -> (changes: [ControllerChange], effects: [Effect]) {
        switch action {
        case let .keyDown(key, isRepeat):
            if key != FrameInputReader.fullscreenKey {
                registry.keyboard.keyDown(key, isRepeat: isRepeat)
                presence.lastUsed = .keyboard
                presence.keysOrPadUsed(atTick: flow.ticks)
            }
            feed.reader.lettersType = flow.typesLetters
            feed.reader.key(key, isRepeat: isRepeat)
        case let .keyUp(key):
            registry.keyboard.keyUp(key)
            feed.reader.keyUp(key)
        case .focusLost:
            registry.keyboard.releaseAll()
            feed.reader.releaseKeys()
            presence.pauseRequested = true
        case let .pointer(pointer, target):
            // The menus, the pause screen's entries and "You Won!" take taps; in a level the
            // on-screen controls take the rest.
            if pointer.phase == .down && flow.takesTaps { feed.reader.tap(target) }
            // A finger on a menu: its prompts become the touch screen's (a mouse keeps the keys').
            if pointer.phase == .down, case .finger = pointer.id, !flow.isInLevel { presence.fingerOnMenus = true }
            if pointer.phase == .down { presence.pointerUsed() }  // the on-screen controls come back
            if flow.isInLevel && hud.handle(pointer) { presence.lastUsed = .hud }
        case let .pad(event):
            // What changed, and the notices, sounds and self-pause (the pad in use, or a co-op
            // player's, went away) that makes.
            let changes = registry.apply(event, seats: &state.seats)
            let (registry, seats) = (registry, state.seats)
            return (changes, presence.react(to: changes, at: flow.session.steps, tick: flow.ticks, noPadsLeft: registry.controllers.isEmpty,
                                            playerOf: { registry.player(of: $0, seats: seats) }))
        case let .levelReloaded(reload):
            feed.reloaded = reload
        case let .online(news):
            switch news {
            case .began, .newCode, .room:
                // The networked game begins, its code is new, or its room came further: at once,
                // as the handler that made it answers (the tick after must find it).
                var effects: [Effect] = []
                flow.online(news, &effects)
                return ([], effects)
            case .welcomed, .failed, .over:
                feed.online = news
            }
        case let .network(heard):
            // The datagrams the online handler read: a hello is answered at once.
            return ([], Self.sending(flow.online?.hear(heard) ?? []))
        }
        return ([], [])
    }

    /// After the frame's events: the on-screen controls show while no pad is connected, in a
    /// level (never during a replay), as the settings' Show says.
    package func endEvents() {
        let wanted = registry.controllers.isEmpty && flow.isInLevel
            && presence.wantsHUD(atTick: flow.ticks)
        if let shown = presence.updateHUD(visible: wanted, at: flow.session.steps) {
            hud.setVisible(shown)
            registry.onScreenShown = shown
        }
    }

    /// The koala's box where `stage` spawns it, in the view's points (the camera framing it).
    nonisolated static func spawnInView(_ stage: Stage) -> Rect {
        let koala = Player(feet: stage.spawn)
        let origin = Camera.origin(following: koala, in: stage)
        let box = koala.box
        return Rect(x: box.minX - origin.x, y: box.minY - origin.y, width: box.width, height: box.height)
    }

    /// How fast the world runs this frame, as a share of 60 ticks a second: the assist's game
    /// speed slows play, not the menus (a run's speed is fixed when it starts).
    package var tickRate: Double {
        flow.isInLevel && flow.session.state == .playing ? Double(flow.session.world.assist.speedPercent) / 100 : 1
    }

    // MARK: - A tick

    /// A networked run's frame that may not step (the game not started, or a machine too far
    /// behind): no tick of the flow, only the corrections and confirmations the network brings.
    package func networkFrame(_ context: FlowContext) -> [Effect] {
        guard flow.networkRuns else { return [] }
        presence.touchShown = context.settings.touchShown
        var effects: [Effect] = []
        switch flow.run.network {
        case .waiting?, .ended?:
            // Presses while the game waits to start, or after it ended, are no one's: taken now
            // (not on a later tick, nor by the page shown after); only the waiting and end
            // screens' start and leave read them. A pause asked for meanwhile is dropped too.
            _ = presence.takePauseRequest()
            let input = feed.take(from: registry, seats: &state.seats, steering: presence.namedController(registry, hud: hud), pausing: false,
                                  sourceIndex: { _ in 0 })
            flow.waitingTick(input.menu, self.context(context), &effects)
            guard flow.networkRuns else { return effects }  // left
        default:
            break
        }
        let players = flow.session.world.koalas.map(\.number)
        if let tick = stepOnline(nil, &effects) { flow.take(tick, self.context(context), &effects) }
        noticeOnlineLeaves(since: players)
        return effects
    }

    /// A player whose koala left the networked game (their machine quit or was away too long, or
    /// a couch player here left) is said by the number the koala wore.
    private func noticeOnlineLeaves(since players: [Int]) {
        guard flow.run.networked, case .playing? = flow.run.network else { return }
        let now = Set(flow.session.world.koalas.map(\.number))
        for player in players where !now.contains(player) {
            presence.show(.playerLeft(player: player), at: flow.session.steps)
        }
    }

    /// The networked game's frame (``OnlineGame/frame(_:)``): what the flow takes, the datagrams
    /// it has due sent (into `effects`); nil with no networked game.
    private func stepOnline(_ local: TickInput?, _ effects: inout [Effect]) -> NetworkTick? {
        guard let (tick, out) = flow.online?.frame(local) else { return nil }
        effects += Self.sending(out)
        return tick
    }

    /// Datagrams out, as the effect that sends them (none for none).
    private static func sending(_ datagrams: [Datagram]) -> [Effect] { datagrams.isEmpty ? [] : [.online(.send(datagrams))] }

    /// `input` with every player's controls let go (each still in play).
    nonisolated static func lettingGo(_ input: TickInput) -> TickInput {
        var calm = TickInput(source: input.source, snapshot: .neutral)
        calm.partners = input.partners.map { PartnerInput(player: $0.player, source: $0.source, snapshot: .neutral) }
        return calm
    }

    /// The next tick may run: always, but in a networked run whose game may not step now.
    package var mayTick: Bool {
        guard flow.networkRuns, let online = flow.online else { return true }
        return online.canStep
    }

    /// `base` with the registry's part filled in: the pad in use's kind, the seated players and
    /// those whose pad is away.
    package func context(_ base: FlowContext) -> FlowContext {
        var context = base
        context.read(registry, seats: state.seats)
        return context
    }

    /// One 60 Hz tick: the frame's input read once, the flow stepped (loads answered by `load`),
    /// its joins and leaves performed on the registry with their notices. Returns every effect,
    /// in order, the joins' and leaves' sounds after them, for the driver to perform the rest.
    /// `sourceIndex`: a controller's number in the run's recording, by name.
    package func tick(_ context: FlowContext, load: (LevelRef) -> LevelLoad) -> [Effect] {
        let context = self.context(context)
        presence.touchShown = context.settings.touchShown
        let reloaded = feed.reloaded?.fileName
        // Each controller's number in the recordings: its place in the value's table, new names last.
        var sources = flow.sources
        // A held letter's repeats stop once its menu row takes letters (a row moved to by them).
        feed.reader.lettersType = flow.typesLetters
        var input = feed.take(from: registry, seats: &state.seats, steering: presence.namedController(registry, hud: hud), pausing: presence.takePauseRequest(),
                              sourceIndex: { name in
                                  if let index = sources.firstIndex(of: name) { return index }
                                  sources.append(name)
                                  return sources.count - 1
                              })
        if sources != flow.sources { flow.sources = sources }
        var effects: [Effect] = []
        if flow.networkRuns, flow.online != nil {
            // Resume chosen: Start goes to every machine once the press that chose it is let go
            // (a held A would also jump, as offline).
            if flow.run.networkResume, !(input.play?.command.jump ?? false) {
                flow.run.networkResume = false
                input.play?.pressed.insert(.menu)
            }
            if let play = input.play { input.play = flow.run.heldOverStart.masking(play, dashPressed: input.dashPressed(registry.bindings)) }
            // Answering "Quit koalio?" steers no koala: the game goes on for the others, this
            // machine's players let go.
            let local = flow.quitConfirmation == nil ? input.play : input.play.map(Self.lettingGo)
            input.network = stepOnline(local, &effects)
        }
        let players = flow.session.world.koalas.map(\.number)
        defer { noticeOnlineLeaves(since: players) }
        for effect in flow.tick(input, context, load: load) {
            // Every effect goes on to the driver's router; the runner also seats players and
            // says what happened (no switch over effects here: the router's is the exhaustive one).
            effects.append(effect)
            if case let .join(id) = effect {
                guard let pad = registry.controller(id: id), let player = registry.join(pad, seats: &state.seats) else { continue }
                presence.show(.playerJoined(player: player, pad: pad.vendorName), at: flow.session.steps)
                effects.append(.sound(.padConnected))
            } else if case let .leave(player) = effect {
                registry.leave(player: player, seats: &state.seats)
                presence.show(.playerLeft(player: player), at: flow.session.steps)
                effects.append(.sound(.padDisconnected))
            } else if case let .levelReloaded(keptPlace) = effect {
                presence.show(.levelReloaded(file: reloaded ?? "", keptPlace: keptPlace), at: flow.session.steps)
            }
        }
        if flow.showsJoinPrompts { presence.noteFreePads(registry, seats: state.seats, at: flow.session.steps) }
        return effects
    }
}
