import KoalioInput
import KoalioUserData
import KoalioUI

/// The settings pages as a sub-state with its own ``update(_:_:menus:tick:_:)``, which the
/// flow's calls while they are open: the page, a rebind waiting for its key or button, and
/// where the main page's Back leads. Up and down choose a row, left and right (or a tap on a
/// row's left or right half) change its value, A or Enter chooses, B or Esc goes back. A rebind
/// waits for its key or pad button and takes nothing else meanwhile. A change is asked for as
/// ``Effect/changeSettings(_:)``: the settings in effect are the driver's (the context's).
package struct SettingsState: Equatable {
    /// `.settings`, `.keyboardControls`, `.padControls`, `.touchControls`, `.video` or `.assist`.
    package var page: Screen
    /// A rebind waiting for its key or button.
    package var capture: BindingCapture?
    /// Opened from the title, or from the paused level (which stays paused underneath).
    package var exit: Exit

    package enum Exit: Equatable { case title, level }

    package init(page: Screen, capture: BindingCapture? = nil, exit: Exit) {
        self.page = page
        self.capture = capture
        self.exit = exit
    }

    /// What a tick did to the pages: they stay open, or the main page's Back left them.
    package enum Outcome: Equatable { case open, left }

    /// One tick of the open settings (`tick`: the flow's clock, which a pad rebind's wait runs on).
    package mutating func update(_ input: FrameInput, _ context: FlowContext, menus: inout MenuMemory, tick: Int,
                                 _ effects: inout [Effect]) -> Outcome {
        if let capture {
            self.capture = nil
            if !Self.captured(capture, input, context, tick: tick, &effects) { self.capture = capture }
            return .open
        }
        let menu = input.menu
        let rows = SettingsMenu.rows(page, context.settingsMenu)
        let index = min(menus[page] ?? 0, rows.count - 1)
        let shown = MenuPage(heading: .empty, entries: rows.map(\.entry), selection: index, hint: Prompt([]), compact: true)
        menus.move(shown, key: page, up: menu.up, down: menu.down, &effects)
        if let tapped = menu.tapped {
            guard case let .entry(hit, rightHalf) = tapped, rows.indices.contains(hit) else { return .open }
            menus[page] = hit
            return perform(rows[hit], step: rightHalf ? 1 : -1, context, menus: &menus, tick: tick, &effects)
        }
        if menu.left || menu.right, case let .adjust(change) = rows[index].kind {
            effects.append(.sound(.menuMove))
            Self.adjust(change, by: menu.right ? 1 : -1, context, &effects)
            return .open
        }
        if menu.choose { return perform(rows[index], step: 1, context, menus: &menus, tick: tick, &effects) }
        if menu.back || menu.padBack {
            effects.append(.sound(.menuChoose))
            return back()
        }
        return .open
    }

    /// Back: a sub-page to the main settings page, the main page out of the settings.
    private mutating func back() -> Outcome {
        guard page == .settings else {
            page = .settings
            return .open
        }
        return .left
    }

    private mutating func perform(_ row: SettingsRow, step: Int, _ context: FlowContext, menus: inout MenuMemory, tick: Int,
                                  _ effects: inout [Effect]) -> Outcome {
        effects.append(.sound(.menuChoose))
        switch row.kind {
        case let .open(next):
            menus[next] = 0
            page = next
        case let .adjust(change):
            Self.adjust(change, by: step, context, &effects)
        case let .bind(action):
            guard page == .keyboardControls || context.padCategory != nil else { return .open }  // no pad: the page says so
            capture = page == .keyboardControls ? .key(action) : .pad(action, since: tick)
        case .reset:
            var new = context.settings
            if page == .keyboardControls {
                new.bindings.keys = Bindings.defaultKeys
            } else {
                new.bindings.buttons = Bindings.defaultButtons
                new.bindings.nintendoByLabel = false
            }
            effects.append(.changeSettings(new))
        case .back:
            return back()
        }
        return .open
    }

    private static func adjust(_ change: (inout Settings, Int) -> Void, by step: Int, _ context: FlowContext, _ effects: inout [Effect]) {
        var new = context.settings
        change(&new, step)
        effects.append(.changeSettings(new))
    }

    /// A rebind waiting: whether this tick ended it. A key rebind adds the first key pressed
    /// beside the action's others (Escape cancels); a pad rebind the first pad input pressed past half-way (written by SDL's
    /// positional name, or by label for a Nintendo pad read so), Escape cancelling it, and gives
    /// up after ``SettingsMenu/padCaptureTicks``. A pad's B cancels a key rebind; a tap cancels
    /// either (a hand on the screen has no key to press).
    private static func captured(_ capture: BindingCapture, _ input: FrameInput, _ context: FlowContext, tick: Int,
                                 _ effects: inout [Effect]) -> Bool {
        if input.menu.tapped != nil { return true }
        switch capture {
        case let .key(action):
            if input.menu.padBack { return true }
            guard let key = input.keysPressed.first else { return false }
            effects.append(.sound(.menuChoose))
            guard key != .escape else { return true }
            // Beside the action's other keys (Reset to defaults takes them back to the first ones).
            var new = context.settings
            let keys = new.bindings.keys[action, default: []]
            if !keys.contains(key) { new.bindings.keys[action] = keys + [key] }
            effects.append(.changeSettings(new))
            return true
        case let .pad(action, since):
            if input.keysPressed.contains(.escape) { return true }
            if let pressed = PadBinding.all.first(where: input.pressedAnew) {
                effects.append(.sound(.menuChoose))
                var new = context.settings
                let category = context.padCategory ?? .generic
                let named = new.bindings.nintendoByLabel && category.isNintendo ? pressed.nintendoLabelSwapped : pressed
                new.bindings.buttons[action] = [named]
                effects.append(.changeSettings(new))
                return true
            }
            return tick - since >= SettingsMenu.padCaptureTicks
        }
    }
}
