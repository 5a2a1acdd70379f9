import FoundationEssentials
import KoalioCore
import KoalioReplay
import KoalioSim
import KoalioUserData
import KoalioView

/// The way through the game: title → level select → level → next level, and back out. Menus
/// take one ``MenuInput`` per tick from every scheme at once; a level is loaded when picked.
extension GameLoop {
    /// The game was started at the title: winning offers the next level, pausing offers the way
    /// out. (`--level` and `--replay` runs keep "play again", as tests and scripts expect.)
    var isPlayingTheGame: Bool { options.startScreen == .title && options.replay == nil && options.catalog != nil }

    var levelNames: [String] { options.catalog?.names ?? [] }

    /// `level2` → `Level 2`; other names as they are.
    nonisolated static func displayName(_ name: String) -> String {
        name.hasPrefix("level") && name.dropFirst(5).allSatisfy(\.isNumber) && name.count > 5 ? "Level " + name.dropFirst(5) : name
    }

    var nextLevelIndex: Int? {
        guard let index = levelIndex, index + 1 < levelNames.count else { return nil }
        return index + 1
    }

    // MARK: - Menus

    /// The page the current menu shows, built from the progress.
    func menuPage() -> MenuPage {
        switch screen {
        case .settings, .keyboardControls, .padControls, .touchControls, .video:
            return settingsPage()
        case .title, .level:
            return MenuPage(heading: "koalio", subheading: titleNotice ?? "a koala, some spikes, and a flag",
                            entries: [.init("Play"), .init("Settings"), .init("Quit")], selection: selection[.title] ?? 0,
                            hint: prompts.menuHint(choose: "go", back: "quit"))
        case .levels:
            return Self.levelSelectPage(names: levelNames, progress: progress, selection: selection[.levels] ?? 0,
                                        hint: prompts.menuHint(choose: "play", back: "back"))
        }
    }

    /// The widest line the title shows under its heading, in characters of the menu font.
    nonisolated static let titleNoticeCharacters = 68

    /// The title's notice: every file's line, or the first alone when together they are too wide.
    nonisolated static func titleNotice(_ notices: [String]) -> String? {
        guard let first = notices.first else { return nil }
        let all = notices.joined(separator: "  ·  ")
        return all.count <= titleNoticeCharacters ? all : first
    }

    /// The level select: each level with its best time, `new` or `locked`, then Back.
    nonisolated static func levelSelectPage(names: [String], progress: PlayerProgress, selection: Int, hint: Prompt) -> MenuPage {
        var entries = names.indices.map { index in
            let name = names[index]
            let unlocked = progress.isUnlocked(index, of: names)
            let detail = !unlocked ? "locked" : progress.record(name).bestTicks.map { "best " + Scene.clockText(ticks: $0) } ?? "new"
            return MenuPage.Entry(displayName(name), detail: detail, enabled: unlocked)
        }
        entries.append(.init("Back"))
        return MenuPage(heading: "Levels", entries: entries, selection: selection, hint: hint)
    }

    /// Moves `page`'s selection (kept as `selection[key]`) up or down, with the menu's sound when
    /// it moved: every menu's way of choosing an entry.
    func moveSelection(of page: MenuPage, key: Screen, up: Bool, down: Bool) {
        if up { selection[key] = page.selection(movedBy: -1) }
        if down { selection[key] = page.selection(movedBy: 1) }
        if (selection[key] ?? 0) != page.selection { cue(.menuMove) }
    }

    func menuTick(_ input: MenuInput) {
        if screen.isSettings { return settingsTick(input) }
        let page = menuPage()
        moveSelection(of: page, key: screen, up: input.up || input.left, down: input.down || input.right)
        if let tap = input.tap {
            // A tap picks the entry it lands on; a tap elsewhere does nothing.
            guard let index = MenuLayout.entry(at: tap, count: page.entries.count), page.entries[index].enabled else { return }
            selection[screen] = index
            cue(.menuChoose)
            choose(index)
        } else if input.choose {
            cue(.menuChoose)
            choose(selection[screen] ?? 0)
        } else if input.back || input.padBack || input.quit {
            cue(.menuChoose)
            goBack()
        }
    }

    private func choose(_ index: Int) {
        switch screen {
        case .title, .level:
            titleNotice = nil  // seen: it goes once the player moves on
            switch index {
            case 0: screen = .levels
            case 1: openSettings(returningTo: .title)
            default: quitRequested = true
            }
        case .settings, .keyboardControls, .padControls, .touchControls, .video:
            break  // see settingsTick
        case .levels:
            if index < levelNames.count {
                if progress.isUnlocked(index, of: levelNames) { startLevel(index) }
            } else {
                screen = .title
            }
        }
    }

    private func goBack() {
        switch screen {
        case .title, .level: quitRequested = true
        case .levels: screen = .title
        case .settings, .keyboardControls, .padControls, .touchControls, .video: leaveSettingsPage()
        }
    }

    // MARK: - Levels

    /// Loads and starts a level of the catalog; a level that cannot be loaded is reported in
    /// one line and the player stays in the menu.
    func startLevel(_ index: Int) {
        guard let catalog = options.catalog, catalog.names.indices.contains(index) else { return }
        let loaded: (map: TileMap, sha256: [UInt8])
        do { loaded = try catalog.load(catalog.names[index]) } catch { return warn(error.description) }
        do { try platform.preload(Art.textures(for: loaded.map)) } catch { return warn(loaded.map.describing(error)) }
        session = Session(map: loaded.map)
        levelIndex = index
        selection[.levels] = index
        screen = .level
        loadGhost(levelSHA256: loaded.sha256)
        startRecording(levelName: loaded.map.name, levelSHA256: loaded.sha256)
    }

    /// On "You Won!", A or Enter goes on to the next level (or the level select after the last)
    /// and Esc or B to the level select; on the pause screen, B or Q leaves for the level
    /// select. Returns whether the level was left (the tick then steps nothing).
    func leavesLevel(_ input: MenuInput) -> Bool {
        guard isPlayingTheGame else { return false }
        switch session.state {
        case .won where input.choose:
            if let next = nextLevelIndex, progress.isUnlocked(next, of: levelNames) { startLevel(next) } else { screen = .levels }
            return true
        case .won where input.back || input.padBack || input.quit, .paused where input.padBack || input.quit:
            screen = .levels
            return true
        default:
            return false
        }
    }

    // MARK: - Ghost

    /// The level's best run, if the player has won it (and the ghost is on): a file that cannot
    /// be read is reported in one line and the level is played without a ghost; one recorded
    /// on another version of the level file is skipped (it would run through walls).
    func loadGhost(levelSHA256: [UInt8]) {
        ghost = nil
        guard settings.effective.ghost, options.replay == nil, let path = bestRunPath(), FileManager.default.fileExists(atPath: path) else { return }
        let recording: Recording
        do { recording = try ReplayStore.read(path) } catch { return warn("no ghost: \(error.description)") }
        guard recording.levelSHA256 == levelSHA256 else { return }
        ghost = Ghost(recording: recording, map: session.map)
    }

    // MARK: - Progress

    /// Where the best run of the catalog level being played is kept (`best/NAME.koalioreplay`).
    func bestRunPath() -> String? {
        guard let index = levelIndex, levelNames.indices.contains(index), let directory = options.bestRunDirectory else { return nil }
        return directory + "/" + levelNames[index] + "." + ReplayFile.fileExtension
    }

    /// A won run of a catalog level: saved in the progress (best time, unlocking the next), and
    /// its replay kept when it is the best (the ghost races it).
    func noteWin(_ recording: Recording) {
        guard let index = levelIndex, levelNames.indices.contains(index) else { return }
        let isBest = progress.recordWin(level: levelNames[index], ticks: session.world.tick)
        // Off the frame loop, in order (see ``BackgroundWriter``).
        if let path = options.progressPath {
            let progress = self.progress
            writer.enqueue { try ProgressFile.save(progress, path: path) }
        }
        if isBest, let path = bestRunPath() { save(recording, to: path, purpose: "keep the best run") }
    }
}

// MARK: - The pause screen's menu

extension GameLoop {
    enum PauseChoice { case stay, resume, left }

    /// The pause screen's entries.
    enum PauseEntry: Equatable {
        case resume, settings, levels, quit
        /// A co-op player leaves the game (their pad is free again).
        case leave(player: Int)

        var title: String {
            switch self {
            case .resume: return "Resume"
            case .settings: return "Settings"
            case .levels: return "Levels"
            case .quit: return "Quit"
            case let .leave(player): return "Player \(player) leaves"
            }
        }
    }

    /// Resume, Settings, the level select (in the game from the title), each co-op player's
    /// way out, Quit.
    var pauseEntries: [PauseEntry] {
        [.resume, .settings] + (isPlayingTheGame ? [.levels] : []) + registry.seats.keys.sorted().map { .leave(player: $0) } + [.quit]
    }

    var pauseMenuPage: MenuPage {
        let entries = pauseEntries
        return MenuPage(heading: "Paused", entries: entries.map { MenuPage.Entry($0.title) },
                        selection: min(selection[.level] ?? 0, entries.count - 1), hint: Prompt([]), compact: true)
    }

    /// A paused tick: up and down choose an entry, A, Enter or a tap on it takes it.
    func pauseMenuTick(_ input: MenuInput) -> PauseChoice {
        let page = pauseMenuPage
        moveSelection(of: page, key: .level, up: input.up, down: input.down)
        var chosen: Int?
        if let tap = input.tap { chosen = MenuLayout.pauseEntryRects(count: page.entries.count).firstIndex { $0.contains(tap) } }
        if input.choose { chosen = selection[.level] ?? 0 }
        guard let chosen else { return .stay }
        cue(.menuChoose)
        switch pauseEntries[chosen] {
        case .resume:
            selection[.level] = 0  // the next pause starts on Resume
            return .resume
        case .settings:
            openSettings(returningTo: .level)
            return .left
        case .levels:
            screen = .levels
            return .left
        case .quit:
            quitRequested = true
            return .left
        case let .leave(player):
            leave(player: player)
            return .stay
        }
    }
}
