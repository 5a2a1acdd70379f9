import KoalioInput
import KoalioSDL
import KoalioUserData
import KoalioView

/// What the menus show, built from the state each frame in the glyphs of the controller in
/// hand (``Prompts``).
extension FlowState {
    /// The page of the menu on screen, or nil in a level (whose pause menu is part of its scene).
    func menuPage(_ context: FlowContext, prompts: Prompts, rawStick: (x: Float, y: Float)) -> MenuPage? {
        if let question = quitConfirmation {
            return MenuPage(heading: "Quit koalio?", entries: QuitConfirmation.entries.map { MenuPage.Entry($0) },
                            selection: question.selection, hint: prompts.menuHint(choose: "choose", back: "back"))
        }
        switch mode {
        case .title, .levelSelect:
            return listPage(context, prompts: prompts)
        case let .settings(state):
            return settingsPage(state, context, prompts: prompts, rawStick: rawStick)
        case .howToPlay:
            return Self.howToPlayPage(prompts)
        case .level:
            return nil
        }
    }

    /// The title's or the level select's page (nil elsewhere): what it shows, and what its ticks
    /// move through and choose from. `prompts` words its hint (none for the ticks).
    func listPage(_ context: FlowContext, prompts: Prompts?) -> MenuPage? {
        switch mode {
        case .title:
            return MenuPage(heading: "koalio", subheading: titleNotice ?? "a koala, some spikes, and a flag",
                            entries: Self.titleEntries.map { MenuPage.Entry($0) }, selection: selection[.title] ?? 0,
                            hint: prompts?.menuHint(choose: "go", back: "quit") ?? Prompt([]))
        case .levelSelect:
            var page = Self.levelSelectPage(names: context.levelNames, progress: progress, selection: selection[.levels] ?? 0,
                                            hint: prompts?.menuHint(choose: "play", back: "back") ?? Prompt([]))
            page.subheading = levelNotice
            return page
        case .settings, .howToPlay, .level:
            return nil
        }
    }

    /// The end and pause screens' lines, as the level draws them: each names what its screen's
    /// presses do (``leavesEndScreen`` and the pause menu).
    func stateScreenPrompts(_ context: FlowContext, prompts: Prompts) -> (won: Prompt, died: Prompt, paused: Prompt) {
        (prompts.won(nextLevel: nextLevel(context) != nil, inGame: context.playsTheGame),
         prompts.died(inGame: context.playsTheGame), prompts.paused(canLeave: context.playsTheGame))
    }

    /// The how-to-play page's rows: walk, jump, dash, pause, Back.
    static let howToPlayRows = 5

    /// The controls of the controller in hand (keys as bound, the pad's own glyphs, or the
    /// on-screen controls) and the rules in a line.
    static func howToPlayPage(_ prompts: Prompts) -> MenuPage {
        let walk = prompts.style == .touch ? Prompt([.glyph(prompts.glyph(.left))]) : Prompt([.glyph(prompts.glyph(.left)), .glyph(prompts.glyph(.right))])
        let entries = [
            MenuPage.Entry("Walk", glyphs: walk),
            MenuPage.Entry("Jump", detail: "hold for higher", glyphs: Prompt([.glyph(prompts.glyph(.jump))])),
            MenuPage.Entry("Dash", detail: "runs faster", glyphs: Prompt([.glyph(prompts.glyph(.dash))])),
            MenuPage.Entry("Pause", glyphs: Prompt([.glyph(prompts.glyph(.pause))])),
            MenuPage.Entry("Back"),
        ]
        let hint = prompts.back.map { Prompt([$0, .text(" back")]) } ?? Prompt([.text("Tap Back")])
        return MenuPage(heading: "How to play", subheading: "Reach the flag. Spikes and pits end the run: try again.",
                        entries: entries, selection: howToPlayRows - 1, hint: hint, compact: true)
    }

    /// `level2` → `Level 2`; other names as they are.
    static func displayName(_ name: String) -> String {
        name.hasPrefix("level") && name.dropFirst(5).allSatisfy(\.isNumber) && name.count > 5 ? "Level " + name.dropFirst(5) : name
    }

    /// The widest line the title shows under its heading, in characters of the menu font.
    static let titleNoticeCharacters = 68

    /// The title's notice: every file's line, or the first alone when together they are too wide.
    static func titleNotice(_ notices: [String]) -> String? {
        guard let first = notices.first else { return nil }
        let all = notices.joined(separator: "  ·  ")
        return all.count <= titleNoticeCharacters ? all : first
    }

    /// The level select: each level with its best time, `new` or `locked`, then Back.
    static func levelSelectPage(names: [String], progress: PlayerProgress, selection: Int, hint: Prompt) -> MenuPage {
        var entries = names.indices.map { index in
            let name = names[index]
            let unlocked = progress.isUnlocked(index, of: names)
            let detail = !unlocked ? "locked" : progress.record(name).bestTicks.map { "best " + Scene.clockText(ticks: $0) } ?? "new"
            return MenuPage.Entry(displayName(name), detail: detail, enabled: unlocked)
        }
        entries.append(.init("Back"))
        return MenuPage(heading: "Levels", entries: entries, selection: selection, hint: hint)
    }

    private func settingsPage(_ state: SettingsState, _ context: FlowContext, prompts: Prompts, rawStick: (x: Float, y: Float)) -> MenuPage {
        let rows = SettingsMenu.rows(state.page, context.settingsMenu)
        let index = min(selection[state.page] ?? 0, rows.count - 1)
        var page = MenuPage(heading: SettingsMenu.heading(state.page), entries: rows.map(\.entry), selection: index,
                            hint: prompts.menuHint(choose: "change", back: "back"), compact: true)
        let cancel: [Prompt.Part] = [.glyph(.keycap(KeyNames.name(of: .escape))), .text(" or a tap cancels)")]
        switch state.capture {
        case let .key(action):
            page.hint = Prompt([.text("Press the key for \(action.title)   (")] + cancel)
        case let .pad(action, _):
            page.hint = Prompt([.text("Press the pad button for \(action.title)   (")] + cancel)
        case nil:
            break
        }
        if state.page == .settings && index == SettingsMenu.deadZoneRow {
            page.stick = (Double(rawStick.x), Double(rawStick.y), Double(context.settings.deadZonePercent) / 100)
        }
        return page
    }
}
