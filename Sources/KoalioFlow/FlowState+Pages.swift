import KoalioCore
import KoalioInput
import KoalioUserData
import KoalioUI

/// What the menus show, built from the state each frame in the glyphs of the controller in
/// hand (``Prompts``).
extension FlowState {
    /// The page of the menu on screen, or nil in a level (whose pause menu is part of its scene).
    package func menuPage(_ context: FlowContext, prompts: Prompts, rawStick: (x: Float, y: Float)) -> MenuPage? {
        if let question = quitConfirmation {
            let answers = QuitConfirmation.Answer.allCases
            return MenuPage(heading: "Quit koalio?", entries: answers.map { MenuPage.Entry($0.label) },
                            selection: answers.firstIndex(of: question.selection) ?? 0, hint: prompts.menuHint(choose: "choose", back: "back"))
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
                                          hint: Prompt([prompts.choose, .text(" continue")]))
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
        let time = times.count == records.count ? ClockText.of(ticks: times.reduce(0, +)) : "a level won only with assist"
        let leafTotal = records.compactMap(\.leafTotal).reduce(0, +)
        var won: [Medal: Int] = [:]
        for (name, record) in zip(levels, records) {
            if let ticks = record.bestTicks, let medal = medals[name]?.medal(forTicks: ticks) { won[medal, default: 0] += 1 }
        }
        let medalLine = Medal.allCases.compactMap { medal in won[medal].map { "\($0) \(medal.rawValue)" } }.joined(separator: "  ")
        return MenuPage(heading: "World \(world) complete!", subheading: "You reached every flag. Your best runs add up to:",
                        entries: [MenuPage.Entry("Time", detail: time),
                                  MenuPage.Entry("Leaves", detail: leafTotal > 0 ? "\(records.compactMap(\.bestLeaves).reduce(0, +))/\(leafTotal)" : "none here"),
                                  MenuPage.Entry("Medals", detail: medalLine.isEmpty ? "none yet" : medalLine), MenuPage.Entry("Continue")],
                        selection: 3, hint: hint, compact: true)
    }

    /// The title's or the level select's page (nil elsewhere): what it shows, and what its ticks
    /// move through and choose from. `prompts` words its hint (none for the ticks).
    package func listPage(_ context: FlowContext, prompts: Prompts?) -> MenuPage? {
        switch mode {
        case .title:
            return MenuPage(heading: "koalio", subheading: Self.titleNotice(fileNotices.map(\.words)) ?? "a koala, some spikes, and a flag",
                            entries: TitleEntry.allCases.map { MenuPage.Entry($0.label) }, selection: selection[.title] ?? 0,
                            hint: prompts?.menuHint(choose: "go", back: "quit") ?? Prompt([]))
        case .levelSelect:
            var page = Self.levelSelectPage(names: context.levelNames, progress: progress, medals: context.medals,
                                            selection: selection[.levels] ?? 0,
                                            hint: prompts?.menuHint(choose: "play", back: "back") ?? Prompt([]))
            page.subheading = levelNotice?.words
            return page
        case .packs:
            return Self.packsPage(context, progress: progress, selection: selection[.packs] ?? 0,
                                  hint: prompts?.menuHint(choose: "open", back: "back") ?? Prompt([]))
        case let .packLevels(index):
            guard context.packs.indices.contains(index) else { return nil }
            var page = Self.packLevelsPage(context.packs[index], progress: progress, selection: selection[.packLevels] ?? 0,
                                           hint: prompts?.menuHint(choose: "play", back: "back") ?? Prompt([]))
            if let levelNotice { page.subheading = levelNotice.words }
            return page
        case .settings, .howToPlay, .addPhone, .level, .worldComplete:
            return nil
        }
    }

    /// The widest subheading the level pages show, in characters (longer lines are cut).
    package static let subheadingCharacters = 64

    /// "More levels": each pack with its author and how many of its levels are won, then
    /// Back; a pack that cannot be read is said in the subheading (the first, and how many).
    package static func packsPage(_ context: FlowContext, progress: PlayerProgress, selection: Int, hint: Prompt) -> MenuPage {
        var entries = context.packs.map { pack in
            let won = pack.levels.count { level in level.key.map { progress.record($0).won } ?? false }
            return MenuPage.Entry(pack.title, detail: "by \(pack.author)  \(won)/\(pack.levels.count)")
        }
        entries.append(.init("Back"))
        let subheading: String
        if let problem = context.packProblems.first {
            let more = context.packProblems.count > 1 ? " (and \(context.packProblems.count - 1) more: koalio --list-levels)" : ""
            subheading = excerpt("Cannot read " + problem, characters: subheadingCharacters - more.count) + more
        } else if context.packs.isEmpty {
            subheading = "No level packs yet: put one in ~/.local/share/koalio/levels/"
        } else {
            subheading = "Levels made by others"
        }
        return MenuPage(heading: "More levels", subheading: subheading, entries: entries, selection: selection, hint: hint, compact: true)
    }

    /// One pack's levels as the level select shows the game's: best time, medal and leaves,
    /// `new` or `locked` (each opens when the one before is won), `missing` for a file not
    /// there; then Back.
    package static func packLevelsPage(_ pack: PackListing, progress: PlayerProgress, selection: Int, hint: Prompt) -> MenuPage {
        var entries = pack.levels.enumerated().map { index, level in
            guard let key = level.key else { return MenuPage.Entry(level.name, detail: "missing", enabled: false) }
            let unlocked = pack.isOpen(index, in: progress)
            return MenuPage.Entry(level.name, detail: unlocked ? levelDetail(progress.record(key), medals: level.medals) : "locked",
                                  enabled: unlocked)
        }
        entries.append(.init("Back"))
        return MenuPage(heading: excerpt(pack.title, characters: 28), subheading: "by \(pack.author)", entries: entries,
                        selection: selection, hint: hint, compact: true)
    }

    /// `text` cut to `characters`, with three dots when it was longer (the font has no ellipsis).
    package static func excerpt(_ text: String, characters: Int) -> String {
        text.count <= characters ? text : String(text.prefix(max(0, characters - 3))) + "..."
    }

    /// The end and pause screens' lines, as the level draws them: each names what its screen's
    /// presses do (``leavesEndScreen`` and the pause menu).
    package func stateScreenPrompts(_ context: FlowContext, prompts: Prompts) -> (won: Prompt, died: Prompt, paused: Prompt) {
        (prompts.won(next: wonNext(context), inGame: context.playsTheGame),
         prompts.died(inGame: context.playsTheGame), prompts.paused(canLeave: context.playsTheGame))
    }

    /// Add a phone's entries: a new code (while a card shows), Back.
    package enum AddPhoneEntry: Equatable {
        case newCode, back

        /// Its words (where a translation will be looked up).
        package var label: String {
            switch self {
            case .newCode: "New code"
            case .back: "Back"
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
        let subheading = context.phonesProblem
            ?? (context.pairingCard == nil ? "Phones cannot join while four play"
                : codeOff ? "Too many wrong codes: the code is off. Choose New code" : "Scan the code with the phone's camera")
        let chosen = min(selection ?? (codeOff ? 0 : entries.count - 1), entries.count - 1)
        return MenuPage(heading: "Add a phone", subheading: subheading,
                        entries: entries.map { MenuPage.Entry($0.label) }, selection: chosen,
                        hint: prompts?.menuHint(choose: "choose", back: "back") ?? Prompt([]), compact: true)
    }

    /// The how-to-play page's rows: walk, jump, dash, pause, Back.
    package static let howToPlayRows = 5

    /// The controls of the controller in hand (keys as bound, the pad's own glyphs, or the
    /// on-screen controls) and the rules in a line.
    package static func howToPlayPage(_ prompts: Prompts) -> MenuPage {
        let walk = prompts.style == .touch ? Prompt([.glyph(prompts.glyph(.left))]) : Prompt([.glyph(prompts.glyph(.left)), .glyph(prompts.glyph(.right))])
        let entries = [
            MenuPage.Entry("Walk", glyphs: walk),
            MenuPage.Entry("Jump", detail: "hold for higher", glyphs: Prompt([.glyph(prompts.glyph(.jump))])),
            MenuPage.Entry("Dash", detail: "runs faster", glyphs: Prompt([.glyph(prompts.glyph(.dash))])),
            MenuPage.Entry("Pause", glyphs: Prompt([.glyph(prompts.glyph(.pause))])),
            MenuPage.Entry("Back"),
        ]
        return MenuPage(heading: "How to play", subheading: "Reach the flag. Stomp critters, dodge spikes; flags are checkpoints.",
                        entries: entries, selection: howToPlayRows - 1, hint: prompts.backHint, compact: true)
    }

    /// A level's line in the level select: "new", or its best time ("assist" when won only with
    /// assist on), its medal and its leaves.
    package static func levelDetail(_ record: PlayerProgress.LevelRecord, medals: MedalTimes?) -> String {
        guard record.won else { return "new" }
        var parts = [record.bestTicks.map { "best " + ClockText.of(ticks: $0) } ?? "won with assist"]
        if let ticks = record.bestTicks, let medal = medals?.medal(forTicks: ticks) { parts.append(medal.rawValue) }
        if let total = record.leafTotal { parts.append("leaves \(record.bestLeaves ?? 0)/\(total)") }
        return parts.joined(separator: "  ")
    }

    /// `level2` → `Level 2`; other names as they are.
    package static func displayName(_ name: String) -> String {
        name.hasPrefix("level") && name.dropFirst(5).allSatisfy(\.isNumber) && name.count > 5 ? "Level " + name.dropFirst(5) : name
    }

    /// The widest line the title shows under its heading, in characters of the menu font.
    package static let titleNoticeCharacters = 68

    /// The title's notice: every file's line, or the first alone when together they are too wide.
    package static func titleNotice(_ notices: [String]) -> String? {
        guard let first = notices.first else { return nil }
        let all = notices.joined(separator: "  ·  ")
        return all.count <= titleNoticeCharacters ? all : first
    }

    /// The level select: each level with its best time, `new` or `locked`, under its world's
    /// heading ("World 1", …, when there is more than one), then Back.
    package static func levelSelectPage(names: [String], progress: PlayerProgress, medals: [String: MedalTimes] = [:], selection: Int,
                                hint: Prompt) -> MenuPage {
        let worlds = names.count > levelsPerWorld
        var entries = names.indices.map { index in
            let name = names[index]
            let unlocked = progress.isUnlocked(index, of: names)
            return MenuPage.Entry(displayName(name), detail: unlocked ? levelDetail(progress.record(name), medals: medals[name]) : "locked",
                                  enabled: unlocked,
                                  section: worlds && index % levelsPerWorld == 0 ? "World \(index / levelsPerWorld + 1)" : nil)
        }
        entries.append(.init("More levels"))
        entries.append(.init("Back"))
        return MenuPage(heading: "Levels", entries: entries, selection: selection, hint: hint, compact: true)
    }

    private func settingsPage(_ state: SettingsState, _ context: FlowContext, prompts: Prompts, rawStick: (x: Float, y: Float)) -> MenuPage {
        let rows = SettingsMenu.rows(state.page, context.settingsMenu)
        let index = min(selection[state.page] ?? 0, rows.count - 1)
        var page = MenuPage(heading: SettingsMenu.heading(state.page), entries: rows.map(\.entry), selection: index,
                            hint: prompts.menuHint(choose: "change", back: "back"), compact: true)
        let cancel: [Prompt.Part] = [.glyph(.keycap(prompts.keyNames.name(of: .escape))), .text(" or a tap cancels)")]
        switch state.capture {
        case let .key(action):
            page.hint = Prompt([.text("Press the key for \(action.title)   (")] + cancel)
        case let .pad(action, _):
            page.hint = Prompt([.text("Press the pad button for \(action.title)   (")] + cancel)
        case nil:
            break
        }
        if state.page == .assist { page.subheading = "Applies from the next level start; no best times or medals." }
        if state.page == .settings && rows[index].setting == .deadZone {
            page.stick = (Double(rawStick.x), Double(rawStick.y), Double(context.settings.deadZonePercent) / 100)
        }
        return page
    }
}
