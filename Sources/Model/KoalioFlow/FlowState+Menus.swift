import KoalioCore
import KoalioSim
import KoalioUserData
import KoalioText
import KoalioUI

/// The title, the level select and the quit question: up and down (or left and right) move,
/// A, Enter or a tap on an entry chooses, Esc or B goes back.
extension FlowState {
    /// The title's entries, in the order they are shown: what each does is chosen by its case,
    /// never by its place (an entry added moves no other).
    package enum TitleEntry: CaseIterable, Equatable {
        case play, settings, howToPlay, addPhone, playOnline, speedrun, quit

        /// Its words.
        package var label: Message {
            switch self {
            case .play: .play
            case .playOnline: .playOnline
            case .speedrun: .speedrun
            case .settings: .settings
            case .howToPlay: .howToPlay
            case .addPhone: .addPhone
            case .quit: .quit
            }
        }
    }

    @MainActor
    package mutating func menuTick(_ input: MenuInput, _ context: FlowContext, _ effects: inout [Effect]) {
        guard let page = listPage(context, prompts: nil) else { return }
        let chosen: Int
        switch selection.update(input, page, key: screen, sideways: true, &effects) {
        case nil: return
        case .back: return goBack()
        case let .entry(index): chosen = index
        }
        switch mode {
        case .title:
            chooseOnTitle(chosen, context, &effects)
        case .packs:
            if chosen < context.packs.count {
                selection[.packLevels] = 0
                mode = .packLevels(chosen)
            } else {
                mode = .levelSelect
            }
        case let .packLevels(pack):
            levelNotice = nil
            guard context.packs.indices.contains(pack), chosen < context.packs[pack].levels.count else { return mode = .packs }
            if page.entries[chosen].enabled { effects.append(.loadLevel(.pack(pack, level: chosen))) }
        default:
            levelNotice = nil
            if chosen < context.levelNames.count {
                if page.entries[chosen].enabled { startLevel(chosen, context, &effects) }  // a locked level does nothing
            } else if chosen == context.levelNames.count {
                mode = .packs  // More levels
            } else {
                goBack()
            }
        }
    }

    private mutating func chooseOnTitle(_ index: Int, _ context: FlowContext, _ effects: inout [Effect]) {
        fileNotices = []  // seen: it goes once the player moves on
        guard TitleEntry.allCases.indices.contains(index) else { return }
        switch TitleEntry.allCases[index] {
        case .play:
            hostsNextLevel = nil
            mode = .levelSelect
        case .playOnline: mode = .online(.choose(nil))
        case .speedrun: mode = .speedrunSelect
        case .settings: openSettings(exit: .title)
        case .howToPlay: mode = .howToPlay(exit: .title)
        case .addPhone: openAddPhone(exit: .title, context, &effects)
        case .quit: quitConfirmation = QuitConfirmation()
        }
    }

    /// Add a phone: its page, with phone pads turned on first if they are off.
    package mutating func openAddPhone(exit: SettingsState.Exit, _ context: FlowContext, _ effects: inout [Effect]) {
        if !context.phonesOn { effects.append(.turnPhonesOn) }
        mode = .addPhone(exit: exit)
    }

    /// Add a phone: up and down move, New code (chosen or tapped) makes a fresh code; Esc, B
    /// or Back (chosen or tapped) returns where it was opened from.
    package mutating func addPhoneTick(_ exit: SettingsState.Exit, _ input: MenuInput, _ context: FlowContext, _ effects: inout [Effect]) {
        let page = Self.addPhonePage(context, nil, selection: selection[.addPhone])
        let entries = Self.addPhoneEntries(context)
        let chosen: FlowState.AddPhoneEntry
        switch selection.update(input, page, key: .addPhone, sideways: false, &effects) {
        case nil: return
        case .back: chosen = .back
        case let .entry(index): chosen = entries[index]
        }
        switch chosen {
        case .newCode:
            effects.append(.newPhoneCode)
        case .back:
            selection[.addPhone] = nil
            mode = exit == .level ? .level : .title
        }
    }

    /// Back from the title asks whether to quit; from the level select, the title.
    private mutating func goBack() {
        switch mode {
        case .title: quitConfirmation = QuitConfirmation()
        case .packs: mode = .levelSelect
        case .packLevels: mode = .packs
        case .levelSelect where hostsNextLevel != nil:
            hostsNextLevel = nil
            mode = .online(.host(nil))
        default: mode = .title
        }
    }

    /// "Quit koalio?": Yes quits; No, Esc or B returns to the screen that asked.
    package mutating func confirmQuitTick(_ input: MenuInput, _ effects: inout [Effect]) {
        guard var question = quitConfirmation else { return }
        let answers = QuitConfirmation.Answer.allCases
        let at = answers.firstIndex(of: question.selection) ?? 0
        if input.up || input.left { question.selection = answers[(at + answers.count - 1) % answers.count] }
        if input.down || input.right { question.selection = answers[(at + 1) % answers.count] }
        if question.selection != quitConfirmation?.selection { effects.append(.sound(.menuMove)) }
        quitConfirmation = question
        var chosen: QuitConfirmation.Answer?
        if let index = input.tapped?.entry, answers.indices.contains(index) { chosen = answers[index] }
        if input.choose { chosen = question.selection }
        if input.anyBack { chosen = .no }
        guard let chosen else { return }
        effects.append(.sound(.menuChoose))
        quitConfirmation = nil
        if chosen == .yes { effects.append(.quit) }
    }

    /// How to play: Esc, B or Back (chosen or tapped) returns where it was opened from.
    package mutating func howToPlayTick(_ exit: SettingsState.Exit, _ input: MenuInput, _ effects: inout [Effect]) {
        let tapsBack = input.tapped?.entry == Self.howToPlayRows - 1
        guard input.anyBack || input.choose || tapsBack else { return }
        effects.append(.sound(.menuChoose))
        mode = exit == .level ? .level : .title
    }

    // MARK: - Levels

    /// Asks for a level of the catalog to be loaded; ``levelLoaded(_:_:_:)`` starts it.
    package mutating func startLevel(_ index: Int, _ context: FlowContext, _ effects: inout [Effect]) {
        guard context.levelNames.indices.contains(index) else { return }
        effects.append(.loadLevel(.catalog(index)))
    }

    /// The answer to ``Effect/loadLevel(_:)``: the level starts, or (one line naming the file,
    /// the place and the problem, on stderr and on the level select) the player stays in the menu.
    package mutating func levelLoaded(_ level: LevelRef, _ load: LevelLoad, _ context: FlowContext) -> [Effect] {
        var joining: JoinForm?
        if case let .online(.joining(form)) = mode { joining = form }
        if case let .refused(problem) = load, var form = joining {
            form.problem = .cannotLoad(problem)
            mode = .online(.join(form))
            return [.online(.leave), .levelRefused(problem)]
        }
        // Online, every machine steps the same world; a speedrun is timed without help: no assist.
        let online = hostsNextLevel != nil || joining != nil
        var context = context
        if online || speedrun != nil { context.settings.assist = .off }
        switch (load, level) {
        case let (.refused(problem), .catalog):
            levelNotice = problem
            mode = .levelSelect
            return [.levelRefused(problem)]
        case let (.refused(problem), .pack(pack, _)):
            levelNotice = problem
            mode = .packLevels(pack)
            return [.levelRefused(problem)]
        case let (.loaded(map, stage, sha256), .catalog(index)):
            run = LevelRun(session: Session(stage: stage, assist: context.settings.assist), map: map, index: index, sha256: sha256)
            selection[.levels] = index
        case let (.loaded(map, stage, sha256), .pack(pack, index)):
            run = LevelRun(session: Session(stage: stage, assist: context.settings.assist), map: map, index: nil, sha256: sha256)
            // Kept by the digest of the file just read: an edited level starts fresh.
            run.packRecord = PackRecord(key: LevelPack.recordKey(sha256: sha256), medals: context.packs[pack].levels[index].medals, pack: pack)
            selection[.packLevels] = index
        }
        selection[.level] = 0
        mode = .level
        run.heldOverStart = .all  // the press that chose it (or a key held over a split) is not the koala's
        speedrun?.proof.begin(run, gameVersion: context.gameVersion)
        guard online else { return [.levelStarted] }
        run.source = .network
        run.network = .waiting(nil)
        defer { hostsNextLevel = nil }
        return [.levelStarted, hostsNextLevel.map { .online(.host($0)) } ?? .online(.ready)]
    }

    /// Where leaving a level goes: its pack's page, or the level select.
    package mutating func leaveLevel() {
        mode = run.packRecord?.pack.map { .packLevels($0) } ?? .levelSelect
    }
}
