import KoalioInput
import KoalioUserData
import KoalioText
import KoalioUI

/// The settings pages: up and down choose a row, left and right (or a tap on a row's left or
/// right half) change its value, A or Enter chooses, B or Esc goes back. A rebind waits for its
/// key or pad button and takes nothing else meanwhile.
extension FlowState {
    package mutating func openSettings(exit: SettingsState.Exit) {
        selection[.settings] = 0
        mode = .settings(SettingsState(page: .settings, exit: exit))
    }

    /// Back: a sub-page to the main settings page, the main page to where it was opened from.
    private mutating func leave(_ state: SettingsState) {
        guard state.page == .settings else {
            mode = .settings(SettingsState(page: .settings, exit: state.exit))
            return
        }
        mode = state.exit == .level ? .level : .title
    }

    package mutating func settingsTick(_ state: SettingsState, _ input: FrameInput, _ context: FlowContext, _ effects: inout [Effect]) {
        if let capture = state.capture {
            return captureTick(capture, state, input, context, &effects)
        }
        let menu = input.menu
        let rows = SettingsMenu.rows(state.page, context.settingsMenu)
        let index = min(selection[state.page] ?? 0, rows.count - 1)
        let page = MenuPage(heading: .empty, entries: rows.map(\.entry), selection: index, hint: Prompt([]), compact: true)
        moveSelection(of: page, key: state.page, up: menu.up, down: menu.down, &effects)
        if let tapped = menu.tapped {
            guard case let .entry(hit, rightHalf) = tapped, rows.indices.contains(hit) else { return }
            selection[state.page] = hit
            return perform(rows[hit], step: rightHalf ? 1 : -1, state, context, &effects)
        }
        if menu.left || menu.right, case let .adjust(change) = rows[index].kind {
            effects.append(.sound(.menuMove))
            return adjust(change, by: menu.right ? 1 : -1, context, &effects)
        }
        if menu.choose { return perform(rows[index], step: 1, state, context, &effects) }
        if menu.back || menu.padBack {
            effects.append(.sound(.menuChoose))
            leave(state)
        }
    }

    private mutating func perform(_ row: SettingsRow, step: Int, _ state: SettingsState, _ context: FlowContext,
                                  _ effects: inout [Effect]) {
        effects.append(.sound(.menuChoose))
        var state = state
        switch row.kind {
        case let .open(page):
            selection[page] = 0
            state.page = page
            mode = .settings(state)
        case let .adjust(change):
            adjust(change, by: step, context, &effects)
        case let .bind(action):
            state.capture = state.page == .keyboardControls ? .key(action) : .pad(action, since: ticks)
            mode = .settings(state)
        case .reset:
            var new = context.settings
            if state.page == .keyboardControls {
                new.bindings.keys = Bindings.defaultKeys
            } else {
                new.bindings.buttons = Bindings.defaultButtons
                new.bindings.nintendoByLabel = false
            }
            effects.append(.changeSettings(new))
        case .back:
            leave(state)
        }
    }

    private func adjust(_ change: (inout Settings, Int) -> Void, by step: Int, _ context: FlowContext, _ effects: inout [Effect]) {
        var new = context.settings
        change(&new, step)
        effects.append(.changeSettings(new))
    }

    /// A rebind waiting. A key rebind takes the first key pressed (Escape cancels); a pad
    /// rebind the first pad input pressed past half-way (written by SDL's positional name, or
    /// by label for a Nintendo pad read so), Escape cancelling it, and gives up after
    /// ``SettingsMenu/padCaptureTicks``. A pad's B cancels a key rebind; a tap cancels either
    /// (a hand on the screen has no key to press).
    private mutating func captureTick(_ capture: BindingCapture, _ state: SettingsState, _ input: FrameInput, _ context: FlowContext,
                                      _ effects: inout [Effect]) {
        var state = state
        state.capture = nil
        if input.menu.tapped != nil {
            mode = .settings(state)
            return
        }
        switch capture {
        case let .key(action):
            if input.menu.padBack {
                mode = .settings(state)
                return
            }
            guard let key = input.keysPressed.first else { return }
            mode = .settings(state)
            effects.append(.sound(.menuChoose))
            guard key != .escape else { return }
            var new = context.settings
            new.bindings.keys[action] = [key]
            effects.append(.changeSettings(new))
        case let .pad(action, since):
            if input.keysPressed.contains(.escape) {
                mode = .settings(state)
                return
            }
            let threshold = FrameInputReader.threshold
            let (now, before) = (input.rawPads, input.previousRawPads)
            if let pressed = PadBinding.all.first(where: { $0.value(in: now) >= threshold && $0.value(in: before) < threshold }) {
                mode = .settings(state)
                effects.append(.sound(.menuChoose))
                var new = context.settings
                let category = context.padCategory ?? .generic
                let named = new.bindings.nintendoByLabel && category.isNintendo ? pressed.nintendoLabelSwapped : pressed
                new.bindings.buttons[action] = [named]
                effects.append(.changeSettings(new))
            } else if ticks - since >= SettingsMenu.padCaptureTicks {
                mode = .settings(state)
            }
        }
    }
}
