import KoalioCore
import KoalioInput
import KoalioSim
import KoalioFlow
import KoalioHUD
import KoalioText
import KoalioUI

extension FlowRunner {
    /// Prompts in the pictures of the controller named as used last.
    package func prompts(_ context: FlowContext) -> Prompts {
        Prompts(controller: presence.promptController(registry, hud: hud, onMenus: !flow.isInLevel), bindings: context.settings.bindings,
                keyNames: context.keyNames)
    }

    /// What is drawn, from the flow's state alone: a menu page over the dimmed level, or the
    /// level with its overlay (the controllers' notices and on-screen controls, the hint, the
    /// join prompts, and the pause and end screens' lines when they show).
    /// - Parameters:
    ///   - ghost: the best run's koala, raced beside the player's (the driver replays it).
    ///   - problem: `--watch`'s line about the last save that did not load.
    ///   - inBetween: smooth motion: the level drawn between its last two steps (menus never are).
    package func view(_ context: FlowContext, ghost: Player?, problem: FileProblem?, inBetween: InBetween? = nil) -> DrawList {
        let context = self.context(context)
        let prompts = self.prompts(context)
        let raw = registry.current?.extendedGamepad.rawLeftStick ?? (x: 0, y: 0)
        let card = showsPairingCard(context) ? context.pairingCard : nil
        if let page = flow.menuPage(context, prompts: prompts, rawStick: raw) {
            let addPhone = if case .addPhone = flow.mode { true } else { false }
            // The title marks that phones may join or play (their card shows on Add a phone alone).
            let phonesOn = flow.mode == .title && context.phonesOn
            return MenuView.drawList(page, over: flow.session, on: flow.run.map, words: context.words, card: card, largeCard: addPhone && flow.quitConfirmation == nil,
                                     phonesOn: phonesOn)
        }
        let session = flow.session
        let live = flow.run.source.isLive
        var overlay = presence.overlay(at: session.steps, touchOpacityPercent: context.settings.touchOpacityPercent,
                                       current: registry.current, hud: hud)
        overlay.words = context.words
        overlay.levelTitle = flow.run.map.title.map { .levelTitle($0, name: flow.run.map.name) }
        if !live {
            overlay.badge = .message(.replayBadge)
            overlay.playbackPaused = flow.run.source.isPlaybackPaused
        }
        overlay.ghost = ghost
        if let problem { overlay.notice = .message(.levelNotReloaded, [problem.text]) }
        overlay.hint = flow.hint.map { Prompt([.glyph(prompts.glyph($0)), .does($0.hint)]) }
        if flow.showsJoinPrompts {
            (overlay.joinPrompts, overlay.joinHints) = presence.joinPrompts(at: session.steps, registry: registry, seats: state.seats,
                                                                           bindings: context.settings.bindings, keyNames: context.keyNames)
        }
        if flow.run.shownState != .playing {  // the end and pause screens' lines, only when shown
            (overlay.wonPrompt, overlay.diedPrompt, overlay.pausePrompt) = flow.stateScreenPrompts(context, prompts: prompts)
            if live { overlay.pauseMenu = flow.pausePage(context) }
            overlay.padBattery = registry.current.map { .message(.padBattery, [.padName($0.vendorName), .message($0.battery.message)]) }
            overlay.playerTimes = Self.playerTimes(session.world)
            overlay.resultLines = flow.run.result.map(FlowState.resultLines) ?? []
            overlay.padsAway = ControllerPresence.padsAwayLine(state.seats.playersWithPadAway)
        }
        overlay.pairingCard = card
        if let timer = flow.timerLine(context) { (overlay.timerTicks, overlay.splitDelta) = (timer.ticks, timer.delta) }
        if flow.run.networked, let status = flow.run.network {
            (overlay.onlineLines, overlay.onlineDims) = status.lines
            if case let .waiting(invitation) = status, context.playsTheGame || invitation?.codeOff == true {
                overlay.onlinePrompt = prompts.waitingHint(canStart: context.playsTheGame && invitation?.canStart == true, codeOff: invitation?.codeOff ?? false,
                                                           canLeave: context.playsTheGame)
            }
        }
        return Scene.drawList(session, on: flow.run.map, overlay: overlay, inBetween: inBetween)
    }

    /// Whether the pause screen's entries are on screen: a live level paused, unless an online
    /// game's waiting or end screen stands in for the pause screen (it has none).
    var showsPauseEntries: Bool {
        flow.run.source.isLive && flow.run.shownState == .paused && flow.isInLevel && !(flow.run.networked && flow.run.network?.lines.dims == true)
    }

    /// The entry selected on the menu shown (a page's, or the pause screen's), nil where no menu
    /// is: the trace names it.
    package func selectedEntry(_ context: FlowContext) -> Text? {
        let context = self.context(context)
        guard let page = flow.menuPage(context, prompts: prompts(context), rawStick: (0, 0)) ?? (showsPauseEntries ? flow.pausePage(context) : nil),
              page.entries.indices.contains(page.selection) else { return nil }
        return page.entries[page.selection].label
    }

    /// What a tap at `point` lands on, as the picture of this state lays it out: a menu page's
    /// entry (scrolled as drawn), the pause screen's, or nothing.
    package func tapTarget(at point: Vec2, _ context: FlowContext) -> Tapped {
        let context = self.context(context)
        let rects: [Rect]
        if let page = flow.menuPage(context, prompts: prompts(context), rawStick: (0, 0)) {
            if let keypad = page.keypad, let hit = MenuLayout.keypadKeys(keypad, words: context.words).first(where: { $0.rect.contains(point) }) {
                return .key(hit.key)
            }
            rects = MenuLayout.entryRects(page)
        } else if showsPauseEntries {
            rects = MenuLayout.pauseEntryRects(count: flow.pausePage(context).entries.count)
        } else {
            rects = []
        }
        guard let index = MenuLayout.entry(at: point, in: rects) else { return .elsewhere }
        return .entry(index, rightHalf: point.x >= rects[index].x + rects[index].width / 2)
    }

    /// Whether the phones' pairing card shows: on Add a phone's page alone (asked for there, it
    /// clutters no other screen), while fewer than four play. A typed code is valid only then,
    /// and each showing has a code of its own.
    package func showsPairingCard(_ context: FlowContext) -> Bool {
        guard context.pairingCard != nil, context.seatedPlayers.count + 1 < PartyLimits.players else { return false }
        return flow.mode.isAddPhone && flow.quitConfirmation == nil
    }

    /// In co-op, each player's time on the end screen: from their join to the end (the first
    /// player's is the run's), and who reached the goal.
    package nonisolated static func playerTimes(_ world: World) -> [Text] {
        guard world.koalas.count > 1 else { return [] }
        return world.koalas.map { koala in
            let time = Text.message(.playerTime, [.number(koala.number), .verbatim(ClockText.of(ticks: world.tick - koala.joinedAtTick))])
            return world.winner == koala.number ? .joined([time, .message(.reachedTheFlag)], separator: "  ") : time
        }
    }
}
