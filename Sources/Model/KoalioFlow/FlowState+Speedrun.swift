import KoalioCore
import KoalioText
import KoalioUI
import KoalioUserData

/// Speedrun mode: the categories page, a run over a category's levels (each flag a split, the
/// next level at once), and the results; abandoned when the player leaves the level.
extension FlowState {
    /// How long a split's delta shows under the timer (ticks).
    package static let splitShownTicks = 150

    /// Every category this game has: its worlds, all levels, each level, each whole pack.
    package static func speedrunCategories(_ context: FlowContext) -> [SpeedrunCategory] {
        let count = context.levelNames.count
        let worlds = count > levelsPerWorld ? (1...(count + levelsPerWorld - 1) / levelsPerWorld).map(SpeedrunCategory.world) : []
        let levels = count > 0 ? (1...count).map(SpeedrunCategory.level) : []
        let packs = context.packs.filter { $0.levels.allSatisfy { $0.key != nil } && !$0.levels.isEmpty }.map { SpeedrunCategory.pack($0.id) }
        return worlds + (count > 0 ? [.allLevels] : []) + levels + packs
    }

    /// A category's levels as the flow loads them, with their names; nil when it has none here.
    package static func speedrunLevels(_ category: SpeedrunCategory, _ context: FlowContext) -> (refs: [LevelRef], names: [String])? {
        if case let .pack(name) = category {
            guard let index = context.packs.firstIndex(where: { $0.id == name }), !context.packs[index].levels.isEmpty,
                  context.packs[index].levels.allSatisfy({ $0.key != nil }) else { return nil }
            let pack = context.packs[index]
            return (pack.levels.indices.map { LevelRef.pack(index, level: $0) }, pack.levels.map(\.name))
        }
        guard let indexes = category.catalogLevels(count: context.levelNames.count, perWorld: levelsPerWorld) else { return nil }
        return (indexes.map(LevelRef.catalog), indexes.map { context.levelNames[$0] })
    }

    /// The category's words on the page.
    package static func label(_ category: SpeedrunCategory, _ context: FlowContext) -> Text {
        switch category {
        case let .world(number): .message(.world, [.number(number)])
        case .allLevels: .message(.allLevels)
        case let .level(number): displayName("level\(number)")
        case let .pack(name): .verbatim(context.packs.first { $0.id == name }?.title ?? name)
        }
    }

    package func speedrunPage(_ context: FlowContext, prompts: Prompts?) -> MenuPage {
        let categories = Self.speedrunCategories(context)
        var entries = categories.map { category in
            let best = progress.speedruns[category.description]?.personalBest.last
            return MenuPage.Entry(Self.label(category, context), detail: best.map { .verbatim(ClockText.precise(ticks: $0)) } ?? .message(.noneYet))
        }
        entries.append(.init(.message(.back)))
        return MenuPage(heading: .message(.speedrun), subheading: .message(speedrunNotice ? .speedrunAssistOn : .speedrunHow), entries: entries,
                        selection: min(selection[.speedrun] ?? 0, entries.count - 1),
                        hint: prompts?.menuHint(choose: .hintPlay, back: .hintBack) ?? Prompt([]), compact: true)
    }

    @MainActor
    package mutating func speedrunSelectTick(_ input: MenuInput, _ context: FlowContext, _ effects: inout [Effect]) {
        let page = speedrunPage(context, prompts: nil)
        let chosen: Int
        switch selection.update(input, page, key: .speedrun, sideways: true, &effects) {
        case nil: return
        case .back: chosen = page.entries.count - 1  // Back, the last entry
        case let .entry(index): chosen = index
        }
        let categories = Self.speedrunCategories(context)
        guard categories.indices.contains(chosen) else {
            speedrunNotice = false
            return mode = .title
        }
        startSpeedrun(categories[chosen], context, &effects)
    }

    /// The run begins with its first level (refused with assist on: the page says why).
    package mutating func startSpeedrun(_ category: SpeedrunCategory, _ context: FlowContext, _ effects: inout [Effect]) {
        guard !context.settings.assist.isOn else {
            speedrunNotice = true
            mode = .speedrunSelect
            return
        }
        guard let (refs, names) = Self.speedrunLevels(category, context) else { return }
        speedrunNotice = false
        speedrun = SpeedrunRun(category: category, levels: refs, names: names,
                               before: progress.speedruns[category.description] ?? SpeedrunRecord(), startedAt: context.now)
        hostsNextLevel = nil
        mode = .level  // the first level loads within this tick (a refusal returns to the categories)
        effects += [.loadLevel(refs[0]), .speedrun(.started)]
    }

    /// A flag reached in a speedrun: the split, then the next level at once, or the results.
    package mutating func speedrunSplit(_ context: FlowContext, _ effects: inout [Effect]) {
        guard var speedrun else { return }
        let next = speedrun.split(playTicks: run.session.playTicks, now: context.now, tick: ticks)
        let (time, real) = (speedrun.completedTicks, speedrun.realSplits.last ?? 0)
        effects.append(.speedrun(.split(inGameTicks: time)))
        if let next {
            self.speedrun = speedrun
            effects.append(.loadLevel(next))
            return
        }
        var record = speedrun.before
        let isBest = record.finish(speedrun.splits, real: speedrun.realSplits)
        progress.speedruns[speedrun.category.description] = record
        self.speedrun = nil
        let proof = speedrun.proof.finish(category: speedrun.category.description)
        effects += [.saveProgress, .speedrun(.finished(inGameTicks: time, realMilliseconds: real, personalBest: isBest, run: proof))]
        mode = .speedrunResults(SpeedrunResult(category: speedrun.category, names: speedrun.names, splits: speedrun.splits,
                                               realSplits: speedrun.realSplits, before: speedrun.before, isPersonalBest: isBest))
    }

    /// Once a tick, after its loads: the speedrun's own update (``SpeedrunRun/update(levelOn:playTicks:)``).
    package mutating func noteSpeedrunClock(_ effects: inout [Effect]) {
        let (levelOn, playTicks) = (isInLevel && session.state == .playing, session.playTicks)
        if let event = speedrun?.update(levelOn: levelOn, playTicks: playTicks) {
            effects.append(.speedrun(event))
        }
    }

    /// The player left the run's level (the pause menu's way out, the end screens'): the run is
    /// abandoned, and the categories show again.
    package mutating func abandonSpeedrunIfLeft(_ effects: inout [Effect]) {
        guard speedrun != nil else { return }
        switch mode {
        case .level, .speedrunResults: return
        case let .settings(state) where state.exit == .level: return
        case let .howToPlay(exit), let .addPhone(exit): if exit == .level { return }
        default: break
        }
        speedrun = nil
        effects.append(.speedrun(.reset))
        if quitConfirmation == nil, mode == .levelSelect || mode == .title { mode = .speedrunSelect }
    }

    /// The results: each level's split with its delta to the personal best before the run
    /// (gold for a best segment), the in-game and real times; Continue.
    package static func speedrunResultsPage(_ result: SpeedrunResult, _ context: FlowContext, hint: Prompt) -> MenuPage {
        var entries = result.names.indices.map { index in
            let comparison = result.before.compare(result.splits, at: index)
            let delta = comparison.delta.map { Text.verbatim(ClockText.delta(ticks: $0)) }
            return MenuPage.Entry(displayName(result.names[index]),
                                  detail: .joined([.verbatim(ClockText.precise(ticks: result.splits[index]))] + (delta.map { [$0] } ?? []), separator: "  "),
                                  warns: comparison.gold)
        }
        entries.append(MenuPage.Entry(.message(.inGameTime), detail: .verbatim(ClockText.precise(ticks: result.splits.last ?? 0))))
        entries.append(MenuPage.Entry(.message(.realTime), detail: .verbatim(ClockText.precise(milliseconds: result.realMilliseconds))))
        entries.append(MenuPage.Entry(.message(.continue)))
        return MenuPage(heading: .message(.runComplete), subheading: result.isPersonalBest ? .message(.newPersonalBest) : label(result.category, context),
                        entries: entries, selection: entries.count - 1, hint: hint, compact: true)
    }

    package mutating func speedrunResultsTick(_ input: MenuInput, _ effects: inout [Effect]) {
        guard input.choose || input.anyBack || input.tapped != nil else { return }
        effects.append(.sound(.menuChoose))
        mode = .speedrunSelect
    }

    /// The HUD's timer: the run's in-game time in a speedrun, the level's with the setting on
    /// (nil: off), and a split's delta for a while after it (gold for a best segment).
    package func timerLine(_ context: FlowContext) -> (ticks: Int, delta: (text: String, gold: Bool, faster: Bool)?)? {
        if let speedrun {
            var delta: (String, Bool, Bool)?
            if let at = speedrun.lastSplitAt, ticks - at < Self.splitShownTicks {
                let comparison = speedrun.before.compare(speedrun.splits, at: speedrun.splits.count - 1)
                delta = comparison.delta.map { (ClockText.delta(ticks: $0), comparison.gold, $0 <= 0) }  // none on a first run
            }
            return (speedrun.inGameTicks(current: run.session.playTicks), delta)
        }
        return context.settings.speedrunTimer ? (run.session.playTicks, nil) : nil
    }
}
