import KoalioInput
import KoalioNet
import KoalioText
import KoalioUI

/// Play online from the title: Host (the level select chooses the level, then the game waits
/// for players with the address and code on screen) or Join (a game found on this network, or
/// an address and code entered with a pad or typed), and the way back from a game that ends.
extension FlowState {
    /// Play online's entries, in the order shown.
    package enum OnlineEntry: CaseIterable, Equatable {
        case host, join, hideAddress, back

        package var label: Message {
            switch self {
            case .host: .hostGame
            case .join: .joinGame
            case .hideAddress: .hideMyAddress
            case .back: .back
            }
        }
    }

    /// Host a game's entries: where the game is found.
    package enum HostEntry: CaseIterable, Equatable {
        case thisNetwork, anywhere, back

        package var label: Message {
            switch self {
            case .thisNetwork: .hostHere
            case .anywhere: .hostAnywhere
            case .back: .back
            }
        }
    }

    /// The join form's entries: each game found, the address, the code, Join, the room code, Back.
    /// A game found is named by its address: the list changes under the selection.
    package enum JoinEntry: Equatable {
        case found(address: String), field(JoinForm.Field), join, back
    }

    package static func joinEntries(_ context: FlowContext) -> [JoinEntry] {
        context.foundGames.map { JoinEntry.found(address: $0.address) } + [.field(.address), .field(.code), .join, .field(.room), .back]
    }

    /// A text row of the join form is selected: the keyboard's letters type there (none moves
    /// the menu, chooses or leaves: ``FrameInputReader/lettersType``).
    package var typesLetters: Bool {
        if case let .online(.join(form)) = mode, case .field = form.at { true } else { false }
    }

    /// The row of `form`'s selection among `entries` (the address row when its game went away).
    static func row(of form: JoinForm, in entries: [JoinEntry]) -> Int {
        entries.firstIndex(of: form.at) ?? entries.firstIndex(of: .field(.address)) ?? 0
    }

    @MainActor
    package mutating func onlineTick(_ page: OnlinePage, _ input: FrameInput, _ context: FlowContext, _ effects: inout [Effect]) {
        switch page {
        case .choose: chooseOnlineTick(input.menu, context, &effects)
        case .host: hostTick(input.menu, context, &effects)
        case let .join(form): joinTick(form, input, context, &effects)
        case let .joining(form):
            // Back gives up (or its one entry, Back, tapped); A waits on (a held Enter repeats).
            let tapsBack = input.menu.tapped?.entry == 0
            guard input.menu.anyBack || tapsBack else { return }
            effects += [.sound(.menuChoose), .online(.leave)]
            mode = .online(.join(form))
        }
    }

    private mutating func chooseOnlineTick(_ input: MenuInput, _ context: FlowContext, _ effects: inout [Effect]) {
        let entries = OnlineEntry.allCases
        let page = Self.onlinePage(problem: nil, context, selection: selection[.online] ?? 0, hint: Prompt([]))
        // ←/→ on Hide my address turn it on or off, as on a settings row.
        if entries[min(selection[.online] ?? 0, entries.count - 1)] == .hideAddress, input.left || input.right {
            return toggleHideMyAddress(context, &effects)
        }
        let chosen: OnlineEntry
        switch selection.update(input, page, key: .online, sideways: false, &effects) {
        case nil: return
        case .back: chosen = .back
        case let .entry(index): chosen = entries[index]
        }
        switch chosen {
        case .host: mode = .online(.host(nil))
        case .join: mode = .online(.join(JoinForm(address: context.joinAddressHint)))
        case .hideAddress: toggleHideMyAddress(context, &effects)
        case .back: mode = .title
        }
    }

    /// Hide my address turned on or off: the settings saved (the next game by room code takes it).
    private func toggleHideMyAddress(_ context: FlowContext, _ effects: inout [Effect]) {
        var settings = context.settings
        settings.hideMyAddress.toggle()
        effects += [.sound(.menuMove), .changeSettings(settings)]
    }

    /// Host a game: on this network or anywhere, then the level select chooses the level.
    /// Anywhere needs a rendezvous: without one the page says how to name one.
    private mutating func hostTick(_ input: MenuInput, _ context: FlowContext, _ effects: inout [Effect]) {
        let entries = HostEntry.allCases
        let page = Self.hostPage(problem: nil, context, selection: selection[.host] ?? 0, hint: Prompt([]))
        let chosen: HostEntry
        switch selection.update(input, page, key: .host, sideways: false, &effects) {
        case nil: return
        case .back: chosen = .back
        case let .entry(index): chosen = entries[index]
        }
        switch chosen {
        case .thisNetwork, .anywhere:
            if chosen == .anywhere, context.rendezvous == nil { return mode = .online(.host(.noRendezvous)) }
            hostsNextLevel = chosen == .anywhere ? .room : .thisNetwork
            levelNotice = nil
            mode = .levelSelect
        case .back: mode = .online(.choose(nil))
        }
    }

    /// The join form: ↑/↓ move; on the address, code and room code rows a pad's ←/→ pick the
    /// character offered, A adds it (a full code moves on to Join), B takes the last one back
    /// (Back on an empty row); keys type digits, `.`, `:`, `a`–`f` and `[ ]` (a room code's
    /// letters), Backspace deletes and Enter or Space moves on; the touch screen's keypad types,
    /// deletes and moves on. A game found fills the address in; Join sends the form (the driver
    /// checks the address); a whole room code's A, Enter or Next joins its room.
    @MainActor
    private mutating func joinTick(_ form: JoinForm, _ input: FrameInput, _ context: FlowContext, _ effects: inout [Effect]) {
        var form = form
        let entries = Self.joinEntries(context)
        var at = Self.row(of: form, in: entries)
        let menu = input.menu
        if case let .field(field) = entries[at] {
            if case let .key(key)? = menu.tapped {
                // The keypad under the rows (a touch user's keys).
                switch key {
                case let .character(character):
                    if form.add(character, to: field) { effects.append(.sound(.menuMove)) }
                    // The code's last digit moves on to Join, as the keys' and the pad's do.
                    if field == .code && form.code.count == JoinForm.codeDigits { form.at = .join }
                case .delete: if form.deleteLast(of: field) { effects.append(.sound(.menuMove)) }
                case .next:
                    effects.append(.sound(.menuChoose))
                    if field == .room { return joinRoom(&form, context, &effects) }
                    form.at = field == .address ? .field(.code) : .join
                }
                return mode = .online(.join(form))
            }
            for key in input.keysPressed {
                if key == .backspace { form.deleteLast(of: field) } else if let typed = JoinForm.typed(key, into: field) { form.add(typed, to: field) }
            }
            // The code typed whole: on to Join, as the pad's last digit does.
            if field == .code, form.code.count == JoinForm.codeDigits, input.keysPressed.contains(where: { JoinForm.typed($0, into: field) != nil }) {
                form.at = .join
                return mode = .online(.join(form))
            }
            if menu.left { form.pick(field, by: -1) }
            if menu.right { form.pick(field, by: 1) }
        }
        let before = at
        if menu.up { at = max(0, at - 1) }
        if menu.down { at = min(entries.count - 1, at + 1) }
        if at != before { effects.append(.sound(.menuMove)) }
        form.at = entries[at]
        var chosen: JoinEntry?
        let isTextRow = if case .field = entries[at] { true } else { false }
        if let index = menu.tapped?.entry, entries.indices.contains(index) {
            if case .field = entries[index] {
                form.at = entries[index]  // a tap on a text row selects it (the keypad under the rows types)
            } else {
                chosen = entries[index]
            }
        } else if menu.choose {
            chosen = entries[at]
        } else if case let .field(field) = entries[at], menu.padBack {
            // B on a text row deletes, and does nothing more on an empty one: a press too many
            // while clearing must not throw the form away (Esc still goes back).
            if form.deleteLast(of: field) { effects.append(.sound(.menuMove)) }
        } else if menu.back || menu.padBack || (menu.quit && !isTextRow) {
            // The leave key (Q) is a letter's place on some layouts (AZERTY's A): on a text row
            // it leaves nothing; Escape still goes back.
            chosen = .back
        }
        defer { if case .online(.join) = mode { mode = .online(.join(form)) } }
        guard let chosen else { return }
        effects.append(.sound(.menuChoose))
        switch chosen {
        case let .found(address):
            form.address = address
            form.at = .field(.code)
        case .field(.room):
            // A whole room code's A joins; a key (Enter, Space) joins or says what is missing.
            if form.room.count == RoomCode.symbols || input.keysPressed.contains(where: FrameInputReader.choosesMenus) {
                return joinRoom(&form, context, &effects)
            }
            form.add(form.offeredCharacter(.room), to: .room)
        case let .field(field):
            // A key (Enter, Space) moves on: the keys typed the text; a pad's A adds the character offered.
            if input.keysPressed.contains(where: FrameInputReader.choosesMenus) || (field == .code && form.code.count == JoinForm.codeDigits) {
                form.at = field == .address ? .field(.code) : .join
            } else {
                form.add(form.offeredCharacter(field), to: field)
                if field == .code && form.code.count == JoinForm.codeDigits { form.at = .join }
            }
        case .join:
            guard form.code.count == JoinForm.codeDigits else {
                form.problem = .noCode
                form.at = .field(.code)
                return
            }
            form.problem = nil
            mode = .online(.joining(form))
            effects.append(.online(.join(address: form.address, code: form.code)))
        case .back:
            mode = .online(.choose(nil))
        }
    }

    /// The room code sent (its room entered through the rendezvous, then the host's answer
    /// awaited), or the form says what is missing: a rendezvous, the whole code.
    private mutating func joinRoom(_ form: inout JoinForm, _ context: FlowContext, _ effects: inout [Effect]) {
        form.at = .field(.room)
        form.problem = context.rendezvous == nil ? .noRendezvous : form.room.count < RoomCode.symbols ? .noRoomCode : nil
        guard form.problem == nil else { return mode = .online(.join(form)) }
        mode = .online(.joining(form))
        effects.append(.online(.joinRoom(code: form.room)))
    }

    /// What the online devices said: a joiner let in loads the host's level (``levelLoaded(_:_:_:)``
    /// makes it a networked run); a failure or an end returns to the online pages, saying why.
    package mutating func online(_ news: OnlineNews, _ effects: inout [Effect]) {
        switch news {
        case let .welcomed(level):
            guard case .online(.joining) = mode else { return effects.append(.online(.leave)) }  // given up meanwhile
            effects.append(.loadLevel(level))
        case let .failed(problem):
            switch mode {
            case let .online(.join(form)), let .online(.joining(form)):
                var form = form
                form.problem = problem
                mode = .online(.join(form))
            default:
                // The networked game from the menus could not go on (hosting did not work: the
                // socket, the room; a joiner's level, after all): it is left, and the page it came
                // from says why (Host a game for a host).
                let hosting = online.map { $0.session.role == .host } ?? !problem.isJoiners
                if online != nil { quitOnline(&effects) }
                quitConfirmation = nil
                run.source = .live
                run.network = nil
                mode = .online(hosting ? .host(problem) : .choose(problem))
            }
        case let .over(end):
            guard run.networked else { return }
            run.source = .live
            run.network = nil
            quitConfirmation = nil
            mode = .online(.choose(end.map(OnlineProblem.ended)))
        case let .began(game):
            online = game
        case let .newCode(code):
            online?.session.renewCode(code)
        case let .room(state):
            online?.invitation?.room = state
        }
    }

    /// The networked run from the menus is left (Back while waiting, the pause menu's Leave):
    /// the others are told, and Play online shows again.
    package mutating func leaveOnline(_ effects: inout [Effect]) {
        quitOnline(&effects)
        run.source = .live
        run.network = nil
        selection[.level] = 0
        mode = .online(.choose(nil))
    }

    /// The networked game (or the try to join) is left, whatever shows: its goodbyes go out (none
    /// once it is over) and the socket is closed.
    package mutating func quitOnline(_ effects: inout [Effect]) {
        online?.session.quit()
        if let goodbyes = online?.outgoing(), !goodbyes.isEmpty { effects.append(.online(.send(goodbyes))) }
        effects.append(.online(.leave))
    }

    /// The waiting screen of a game hosted or joined from the menus: the host's A starts the game
    /// with the machines here (once another has joined), or makes a new code when too many wrong
    /// ones turned the code off; B or Esc leaves; on the screen that says
    /// why a game ended, B or Esc goes back to Play online at once.
    package mutating func waitingTick(_ input: MenuInput, _ context: FlowContext, _ effects: inout [Effect]) {
        guard run.networked else { return }
        // Any host's A makes a new code when its code went off (`--host` in a window too).
        if case let .waiting(invitation?)? = run.network, invitation.codeOff, input.choose {
            return effects += [.sound(.menuChoose), .online(.newCode)]
        }
        guard context.playsTheGame else { return }
        switch run.network {
        case let .waiting(invitation)?:
            if input.anyBack {
                effects.append(.sound(.menuChoose))
                leaveOnline(&effects)
            } else if input.choose, let invitation, invitation.canStart {
                effects.append(.sound(.menuChoose))
                // The A that started it is not the koala's first jump: held back until let go.
                if online?.session.startNow() == true { run.heldOverStart = .all }
            }
        case let .ended(end)?:
            guard input.anyBack else { return }
            effects.append(.sound(.menuChoose))
            leaveOnline(&effects)
            mode = .online(.choose(.ended(end)))
        default:
            break
        }
    }

    // MARK: - Pages

    package static func onlinePage(problem: OnlineProblem?, _ context: FlowContext, selection: Int, hint: Prompt) -> MenuPage {
        MenuPage(heading: .message(.playOnline), subheading: problem?.text ?? .message(.onlineHow),
                 entries: OnlineEntry.allCases.map {
                     MenuPage.Entry(.message($0.label), detail: $0 == .hideAddress ? .message(context.settings.hideMyAddress ? .on : .off) : nil)
                 }, selection: selection, hint: hint)
    }

    /// Host a game: on this network, or anywhere through the rendezvous (named, or how to name one).
    package static func hostPage(problem: OnlineProblem?, _ context: FlowContext, selection: Int, hint: Prompt) -> MenuPage {
        let line: Text = problem?.text ?? context.rendezvous.map { .message(.onlineHostWhere, [.leftToRight($0)]) } ?? .message(.onlineNoRendezvous)
        return MenuPage(heading: .message(.hostGame), subheading: line, entries: HostEntry.allCases.map { MenuPage.Entry(.message($0.label)) },
                        selection: selection, hint: hint)
    }

    /// The join form: the games found (level, address, machines there of its room), the address
    /// and code with the character offered in ‹ › on the row selected, Join, the room code (its
    /// halves apart: `K7M-3QX`) and Back.
    package static func joinPage(_ form: JoinForm, _ context: FlowContext, prompts: Prompts?) -> MenuPage {
        let entries = joinEntries(context)
        let at = row(of: form, in: entries)
        let pads = prompts.map { $0.style != .keyboard && $0.style != .touch } ?? true
        let rows = entries.enumerated().map { index, entry -> MenuPage.Entry in
            switch entry {
            case let .found(address):
                let found = context.foundGames.first { $0.address == address } ?? FoundGame(address: address, levelName: "", here: 0, expected: 0)
                return MenuPage.Entry(levelLabel(found.shownLevelName, title: context.levelTitles[found.shownLevelName]),
                                      detail: .joined([.leftToRight((found.onThisNetwork ? FoundGame.thisNetworkMark : "") + found.address),
                                                       .verbatim("\(found.here)/\(found.expected)")], separator: "  "))
            case let .field(field):
                var text = form.shown(field)
                // A pad picks the character to add (‹ ›); keys and the keypad type at the caret.
                if index == at { text += pads ? "<\(form.offeredCharacter(field))>" : "_" }
                if field != .address { text += String(repeating: "_", count: max(0, field.maxLength - form[field].count - (index == at ? 1 : 0))) }
                let label: Message = switch field {
                case .address: .onlineAddress
                case .code: .onlineCode
                case .room: .onlineRoomCode
                }
                return MenuPage.Entry(.message(label), detail: .leftToRight(text))
            case .join: return MenuPage.Entry(.message(.onlineJoinNow))
            case .back: return MenuPage.Entry(.message(.back))
            }
        }
        let subheading: Text = form.problem?.text ?? .message(context.foundGames.isEmpty ? .onlineLooking : .onlineJoinHow)
        var hint = prompts?.menuHint(choose: .hintChoose, back: .hintBack) ?? Prompt([])
        if let prompts, case let .field(field) = entries[at] { hint = prompts.entryHint(roomCode: field == .room) }
        var page = MenuPage(heading: .message(.joinGame), subheading: subheading, entries: rows, selection: at, hint: hint, compact: true)
        if prompts?.style == .touch, case let .field(field) = entries[at] {
            page.keypad = Keypad(alphabet: field.alphabet, perRow: field == .room ? roomKeypadKeysPerRow : keypadKeysPerRow)
        }
        return page
    }

    /// Characters to a row of the join form's keypad: the address's 20 in two rows.
    static let keypadKeysPerRow = 10
    /// … and the room code's 32 in three.
    static let roomKeypadKeysPerRow = 11

    /// Waiting for the host's answer: where (the address, or the room code), and Back.
    package static func joiningPage(_ form: JoinForm, prompts: Prompts?) -> MenuPage {
        let line: Text = form.at == .field(.room) ? .message(.onlineJoiningRoom, [.leftToRight(form.shown(.room))])
            : .message(.onlineJoining, [.leftToRight(form.address)])
        return MenuPage(heading: .message(.joinGame), subheading: line,
                 entries: [MenuPage.Entry(.message(.back))], hint: prompts?.backHint ?? Prompt([]), compact: true)
    }
}
