import KoalioCore
import KoalioInput
import KoalioUserData
import KoalioText
import KoalioUI

/// What the menus show, built from the state each frame in the glyphs of the controller in
/// hand (``Prompts``).
extension FlowState {
    /// The page of the menu on screen, or nil in a level (whose pause menu is part of its scene).
    package func menuPage(_ context: FlowContext, prompts: Prompts, rawStick: (x: Float, y: Float)) -> MenuPage? {
        if let question = quitConfirmation {
            let answers = QuitConfirmation.Answer.allCases
            return MenuPage(heading: .message(.quitQuestion), entries: answers.map { MenuPage.Entry(.message($0.label)) },
                            selection: answers.firstIndex(of: question.selection) ?? 0, hint: prompts.menuHint(choose: .hintChoose, back: .hintBack))
        }
        switch mode {
        case .title, .levelSelect, .packs, .packLevels:
            return listPage(context, prompts: prompts)
        case let .settings(state):
            return settingsPage(state, context, prompts: prompts, rawStick: rawStick)
        case .howToPlay:
            return Self.howToPlayPage(prompts)
        case .addPhone:
            return Self.addPhonePage(context, prompts, selection: selection[.addPhone])
        case let .worldComplete(world, _):
            return Self.worldCompletePage(world: world, names: context.levelNames, progress: progress, medals: context.medals,
                                          hint: Prompt([prompts.choose, .does(.hintContinue)]))
        case let .online(.choose(problem)):
            return Self.onlinePage(problem: problem, context, selection: selection[.online] ?? 0, hint: prompts.menuHint(choose: .hintGo, back: .hintBack))
        case let .online(.host(problem)):
            return Self.hostPage(problem: problem, context, selection: selection[.host] ?? 0, hint: prompts.menuHint(choose: .hintGo, back: .hintBack))
        case let .online(.join(form)):
            return Self.joinPage(form, context, prompts: prompts)
        case let .online(.joining(form)):
            return Self.joiningPage(form, prompts: prompts)
        case .speedrunSelect:
            return speedrunPage(context, prompts: prompts)
        case let .speedrunResults(result):
            return Self.speedrunResultsPage(result, context, hint: Prompt([prompts.choose, .does(.hintContinue)]))
        case .level:
            return nil
        }
    }

    /// "World N complete!": the world's totals from the progress (its levels' best times added,
    /// the most leaves taken in each, the medals of those best times), and Continue.
    package static func worldCompletePage(world: Int, names: [String], progress: PlayerProgress, medals: [String: MedalTimes],
                                  hint: Prompt) -> MenuPage {
        let first = (world - 1) * FlowState.levelsPerWorld
        let levels = names[min(first, names.count)..<min(first + FlowState.levelsPerWorld, names.count)]
        let records = levels.map { progress.record($0) }
        let times = records.compactMap(\.bestTicks)
        let time: Text = times.count == records.count ? .verbatim(ClockText.of(ticks: times.reduce(0, +))) : .message(.wonOnlyWithAssist)
        let leafTotal = records.compactMap(\.leafTotal).reduce(0, +)
        var won: [Medal: Int] = [:]
        for (name, record) in zip(levels, records) {
            if let ticks = record.bestTicks, let medal = medals[name]?.medal(forTicks: ticks) { won[medal, default: 0] += 1 }
        }
        let medalLine = Medal.allCases.compactMap { medal in won[medal].map { Text.counted(medal.countMessage, count: $0) } }
        let leaves = Text.verbatim("\(records.compactMap(\.bestLeaves).reduce(0, +))/\(leafTotal)")
        return MenuPage(heading: .message(.worldComplete, [.number(world)]), subheading: .message(.worldCompleteSummary),
                        entries: [MenuPage.Entry(.message(.time), detail: time),
                                  MenuPage.Entry(.message(.leaves), detail: leafTotal > 0 ? leaves : .message(.noneHere)),
                                  MenuPage.Entry(.message(.medals), detail: medalLine.isEmpty ? .message(.noneYet) : .joined(medalLine, separator: "  ")),
                                  MenuPage.Entry(.message(.continue))],
                        selection: 3, hint: hint, compact: true)
    }

    /// The title's or the level select's page (nil elsewhere): what it shows, and what its ticks
    /// move through and choose from. `prompts` words its hint (none for the ticks).
    package func listPage(_ context: FlowContext, prompts: Prompts?) -> MenuPage? {
        switch mode {
        case .title:
            return MenuPage(heading: .verbatim("koalio"), subheading: Self.titleNotice(fileNotices.map(\.text)) ?? .message(.tagline),
                            entries: TitleEntry.allCases.map { MenuPage.Entry(.message($0.label)) }, selection: selection[.title] ?? 0,
                            hint: prompts?.menuHint(choose: .hintGo, back: .hintQuit) ?? Prompt([]))
        case .levelSelect:
            var page = Self.levelSelectPage(names: context.levelNames, titles: context.levelTitles, progress: progress, medals: context.medals,
                                            selection: selection[.levels] ?? 0,
                                            hint: prompts?.menuHint(choose: .hintPlay, back: .hintBack) ?? Prompt([]))
            page.subheading = levelNotice?.text ?? (hostsNextLevel != nil ? .message(.onlineChooseLevel) : nil)
            return page
        case .packs:
            return Self.packsPage(context, progress: progress, selection: selection[.packs] ?? 0,
                                  hint: prompts?.menuHint(choose: .hintOpen, back: .hintBack) ?? Prompt([]))
        case let .packLevels(index):
            guard context.packs.indices.contains(index) else { return nil }
            var page = Self.packLevelsPage(context.packs[index], progress: progress, selection: selection[.packLevels] ?? 0,
                                           hint: prompts?.menuHint(choose: .hintPlay, back: .hintBack) ?? Prompt([]))
            if let levelNotice { page.subheading = levelNotice.text }
            return page
        case .settings, .howToPlay, .addPhone, .level, .worldComplete, .online, .speedrunSelect, .speedrunResults:
            return nil
        }
    }

    /// "More levels": each pack with its author and how many of its levels are won, then
    /// Back; a pack that cannot be read is said in the subheading (the first, and how many).
    package static func packsPage(_ context: FlowContext, progress: PlayerProgress, selection: Int, hint: Prompt) -> MenuPage {
        var entries = context.packs.map { pack in
            let won = pack.levels.count { level in level.key.map { progress.record($0).won } ?? false }
            return MenuPage.Entry(.verbatim(pack.title),
                                  detail: .joined([.message(.byAuthor, [.verbatim(pack.author)]), .verbatim("\(won)/\(pack.levels.count)")], separator: "  "))
        }
        entries.append(.init(.message(.back)))
        let subheading: Text
        if let problem = context.packProblems.first {
            let others = context.packProblems.count - 1
            subheading = .cutToFit(problem.text,
                                   keeping: others > 0 ? .joined([.empty, .counted(.andMore, count: others)], separator: " ") : .empty)
        } else if context.packs.isEmpty {
            subheading = .message(.noPacksYet, [.leftToRight(context.packsFolder)])
        } else {
            subheading = .message(.levelsByOthers)
        }
        return MenuPage(heading: .message(.moreLevels), subheading: subheading, entries: entries, selection: selection, hint: hint, compact: true)
    }

    /// One pack's levels as the level select shows the game's: best time, medal and leaves,
    /// `new` or `locked` (each opens when the one before is won), `missing` for a file not
    /// there; then Back.
    package static func packLevelsPage(_ pack: PackListing, progress: PlayerProgress, selection: Int, hint: Prompt) -> MenuPage {
        var entries = pack.levels.enumerated().map { index, level in
            guard let key = level.key else { return MenuPage.Entry(.verbatim(level.name), detail: .message(.missing), enabled: false) }
            let unlocked = pack.isOpen(index, in: progress)
            return MenuPage.Entry(.verbatim(level.name), detail: unlocked ? levelDetail(progress.record(key), medals: level.medals) : .message(.locked),
                                  enabled: unlocked)
        }
        entries.append(.init(.message(.back)))
        return MenuPage(heading: .cutToFit(.verbatim(pack.title), keeping: .empty), subheading: .message(.byAuthor, [.verbatim(pack.author)]),
                        entries: entries, selection: selection, hint: hint, compact: true)
    }

    /// The end and pause screens' lines, as the level draws them: each names what its screen's
    /// presses do (``leavesEndScreen`` and the pause menu).
    package func stateScreenPrompts(_ context: FlowContext, prompts: Prompts) -> (won: Prompt, died: Prompt, paused: Prompt) {
        guard run.networked else {
            return (prompts.won(next: wonNext(context), inGame: context.playsTheGame),
                    prompts.died(inGame: context.playsTheGame), prompts.paused(canLeave: context.playsTheGame, menu: run.source.isLive))
        }
        // Online the world's own restart plays again; Back leaves the online game (from the title).
        let leave: [Prompt.Part] = context.playsTheGame ? prompts.back.map { [.gap, $0, .does(.hintLeave)] } ?? [] : []
        return (Prompt([prompts.restart, .does(.hintPlayAgain)] + leave), Prompt([prompts.restart, .does(.hintTryAgain)] + leave),
                prompts.paused(canLeave: context.playsTheGame, leaving: .hintLeave, menu: run.source.isLive))
    }

    /// Add a phone's entries: a new code (while a card shows), Back.
    package enum AddPhoneEntry: Equatable {
        case newCode, back

        /// Its words.
        package var label: Message {
            switch self {
            case .newCode: .newCode
            case .back: .back
            }
        }
    }

    package static func addPhoneEntries(_ context: FlowContext) -> [AddPhoneEntry] {
        context.pairingCard == nil ? [.back] : [.newCode, .back]
    }

    /// Add a phone: what to do, or why phones cannot join; New code (a fresh code and QR code:
    /// the way back in when too many wrong codes turned the code off, or when the player wants
    /// the old one to stop working), Back. The card is drawn beside it
    /// (``FlowRunner/showsPairingCard(_:)``). Back is chosen at first, New code while the code is off.
    package static func addPhonePage(_ context: FlowContext, _ prompts: Prompts?, selection: Int?) -> MenuPage {
        let entries = addPhoneEntries(context)
        let codeOff = context.pairingCard?.codeOff ?? false
        let subheading: Text = context.phonesProblem.map { .message(.phonesCannotJoin, [$0.text]) }
            ?? .message(context.pairingCard == nil ? .phonesFull : codeOff ? .codeOffTooManyWrong : .scanTheCode)
        let chosen = min(selection ?? (codeOff ? 0 : entries.count - 1), entries.count - 1)
        return MenuPage(heading: .message(.addPhone), subheading: subheading,
                        entries: entries.map { MenuPage.Entry(.message($0.label)) }, selection: chosen,
                        hint: prompts?.menuHint(choose: .hintChoose, back: .hintBack) ?? Prompt([]), compact: true)
    }

    /// The how-to-play page's rows: walk, jump, dash, pause, Back.
    package static let howToPlayRows = 5

    /// The controls of the controller in hand (keys as bound, the pad's own glyphs, or the
    /// on-screen controls) and the rules in a line.
    package static func howToPlayPage(_ prompts: Prompts) -> MenuPage {
        let walk = prompts.style == .touch ? Prompt([.glyph(prompts.glyph(.left))]) : Prompt([.glyph(prompts.glyph(.left)), .glyph(prompts.glyph(.right))])
        let entries = [
            MenuPage.Entry(.message(.walk), glyphs: walk),
            MenuPage.Entry(.message(.jump), detail: .message(.holdForHigher), glyphs: Prompt([.glyph(prompts.glyph(.jump))])),
            MenuPage.Entry(.message(.dash), detail: .message(.runsFaster), glyphs: Prompt([.glyph(prompts.glyph(.dash))])),
            MenuPage.Entry(.message(.pause), glyphs: Prompt([.glyph(prompts.glyph(.pause))])),
            MenuPage.Entry(.message(.back)),
        ]
        return MenuPage(heading: .message(.howToPlay), subheading: .message(.rules),
                        entries: entries, selection: howToPlayRows - 1, hint: prompts.backHint, compact: true)
    }

    /// A level's line in the level select: "new", or its best time ("assist" when won only with
    /// assist on), its medal and its leaves.
    package static func levelDetail(_ record: PlayerProgress.LevelRecord, medals: MedalTimes?) -> Text {
        guard record.won else { return .message(.new) }
        var parts: [Text] = [record.bestTicks.map { .message(.best, [.verbatim(ClockText.of(ticks: $0))]) } ?? .message(.wonWithAssist)]
        if let ticks = record.bestTicks, let medal = medals?.medal(forTicks: ticks) { parts.append(.message(medal.message)) }
        if let total = record.leafTotal { parts.append(.message(.leavesCount, [.number(record.bestLeaves ?? 0), .number(total)])) }
        return .joined(parts, separator: "  ")
    }

    /// `level2` → `Level 2` (in the player's language); other names as they are.
    package static func displayName(_ name: String) -> Text {
        guard let number = levelNumber(name) else { return .verbatim(name) }
        return .message(.levelNumber, [.number(number)])
    }

    /// `level2` → 2; nil for any other name.
    static func levelNumber(_ name: String) -> Int? {
        guard name.hasPrefix("level"), name.count > 5, name.dropFirst(5).allSatisfy(\.isNumber) else { return nil }
        return Int(name.dropFirst(5))
    }

    /// A level's row in the level select: its number and its title (`2  Treetops at dusk`, the
    /// title in the player's words), or ``displayName(_:)`` for a level without a title.
    package static func levelLabel(_ name: String, title: String?) -> Text {
        guard let title else { return displayName(name) }
        let named = Text.levelTitle(title, name: name)
        return levelNumber(name).map { .joined([.number($0), named], separator: "  ") } ?? named
    }

    /// The title's notice: every file's line, or the first alone when together they are too wide.
    package static func titleNotice(_ notices: [Text]) -> Text? {
        guard let first = notices.first else { return nil }
        return .firstFitting([.joined(notices, separator: "  ·  "), first])
    }

    /// The level select: each level with its best time, `new` or `locked`, under its world's
    /// heading ("World 1", …, when there is more than one), then Back.
    package static func levelSelectPage(names: [String], titles: [String: String] = [:], progress: PlayerProgress,
                                        medals: [String: MedalTimes] = [:], selection: Int, hint: Prompt) -> MenuPage {
        let worlds = names.count > levelsPerWorld
        var entries = names.indices.map { index in
            let name = names[index]
            let unlocked = progress.isUnlocked(index, of: names)
            return MenuPage.Entry(levelLabel(name, title: titles[name]), detail: unlocked ? levelDetail(progress.record(name), medals: medals[name]) : .message(.locked),
                                  enabled: unlocked,
                                  section: worlds && index % levelsPerWorld == 0 ? .message(.world, [.number(index / levelsPerWorld + 1)]) : nil)
        }
        entries.append(.init(.message(.moreLevels)))
        entries.append(.init(.message(.back)))
        return MenuPage(heading: .message(.levels), entries: entries, selection: selection, hint: hint, compact: true)
    }

    /// How the controller in hand cancels a rebind: Escape on the keyboard, a tap on the screen;
    /// a pad's back button for a key (a pad rebind takes any of its buttons: it runs out instead).
    static func cancelsCapture(_ prompts: Prompts, pad: Bool) -> [Prompt.Part] {
        switch prompts.style {
        case .keyboard: return [.glyph(.keycap(prompts.keyNames.name(of: .escape))), .does(.hintCancel)]
        case .touch: return [.text(.message(.tapCancels))]
        default: return pad ? [.text(.message(.waitToCancel))] : (prompts.back.map { [$0, .does(.hintCancel)] } ?? [])
        }
    }

    private func settingsPage(_ state: SettingsState, _ context: FlowContext, prompts: Prompts, rawStick: (x: Float, y: Float)) -> MenuPage {
        let rows = SettingsMenu.rows(state.page, context.settingsMenu)
        let index = min(selection[state.page] ?? 0, rows.count - 1)
        var page = MenuPage(heading: .message(SettingsMenu.heading(state.page)), entries: rows.map(\.entry), selection: index,
                            hint: prompts.menuHint(choose: .hintChange, back: .hintBack), compact: true)
        switch state.capture {
        case let .key(action):
            page.hint = Prompt([.text(.message(.pressKeyFor, [.message(action.message)])), .gap, .text(.verbatim("("))]
                               + Self.cancelsCapture(prompts, pad: false) + [.text(.verbatim(")"))])
        case let .pad(action, _):
            page.hint = Prompt([.text(.message(.pressPadButtonFor, [.message(action.message)])), .gap, .text(.verbatim("("))]
                               + Self.cancelsCapture(prompts, pad: true) + [.text(.verbatim(")"))])
        case nil:
            if state.page == .padControls && context.padCategory == nil { page.subheading = .message(.noPadToBind) }
        }
        if state.page == .assist { page.subheading = .message(.assistApplies) }
        if state.page == .settings && rows[index].setting == .deadZone {
            page.stick = (Double(rawStick.x), Double(rawStick.y), Double(context.settings.deadZonePercent) / 100)
        }
        return page
    }
}
