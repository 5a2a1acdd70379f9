import KoalioHUD
import KoalioInput
import KoalioSDL
import KoalioUserData
import KoalioView

extension GameLoop {
    /// Puts the effective settings to work: bindings and dead zone in the registry, rumble
    /// strength, the on-screen controls' size, hand and joystick, the volumes. (The window's
    /// size, fullscreen and display are the platform's, set when it opens.)
    func applySettings() {
        let effective = settings.effective
        registry.bindings = effective.bindings
        registry.deadZone = DeadZone(radius: Float(effective.deadZonePercent) / 100)
        registry.rumbleStrength = effective.rumble ? Float(effective.rumbleStrengthPercent) / 100 : 0
        let layout = HUDLayout(size: Double(effective.touchSizePercent) / 100, leftHanded: effective.leftHanded)
        let follows = effective.joystick == .floating
        if layout != hud.layout || follows != hud.joystick.baseFollows { hud.configure(layout: layout, joystickFollows: follows) }
        platform.setVolumes(Audio.Volumes(music: effective.musicVolume, effects: effective.effectsVolume))
    }

    /// The settings menu (or F11) made a change: applied at once and saved (only when something
    /// changed). The window follows the Fullscreen setting (also when it had left it: F11 on a
    /// window a window manager took out of fullscreen); its size and display change only when
    /// they were changed.
    func change(settings new: Settings) {
        let old = settings.effective
        if settings.change(to: new, writer: writer) { applySettings() }
        let now = settings.effective
        do {
            try platform.setFullscreen(now.fullscreen)
            if now.display != old.display { try platform.moveWindow(toDisplay: platform.displays.firstIndex(of: now.display) ?? 0) }
        } catch {
            warn("\(error)")
        }
        if now.windowScale != old.windowScale { platform.setWindowScale(now.windowScale) }
        if !now.ghost { ghost = nil }
    }
}

// MARK: - The settings menu

extension GameLoop {
    func openSettings(returningTo exit: Screen) {
        settingsExit = exit
        selection[.settings] = 0
        screen = .settings
    }

    /// Back: a sub-page to the main settings page, the main page to where it was opened from.
    func leaveSettingsPage() {
        capture = nil
        screen = screen == .settings ? settingsExit : .settings
    }

    var settingsContext: SettingsMenu.Context {
        let pad = registry.current
        return SettingsMenu.Context(settings: settings.effective, padStyle: pad.map { ButtonStyle(pad: $0.productCategory) } ?? .xbox,
                                    padCategory: pad?.productCategory ?? .xboxOne, displays: platform.displays,
                                    resetKeys: settings.resetKeys)
    }

    func settingsPage() -> MenuPage {
        let rows = SettingsMenu.rows(screen, settingsContext)
        let index = min(selection[screen] ?? 0, rows.count - 1)
        var page = MenuPage(heading: SettingsMenu.heading(screen), entries: rows.map(\.entry), selection: index,
                            hint: prompts.menuHint(choose: "change", back: "back"), compact: true)
        switch capture {
        case let .key(action):
            page.hint = Prompt([.text("Press the key for \(action.title)   ("), .glyph(.keycap(KeyNames.name(of: .escape))),
                                .text(" or a tap cancels)")])
        case let .pad(action, _):
            page.hint = Prompt([.text("Press the pad button for \(action.title)   ("), .glyph(.keycap(KeyNames.name(of: .escape))),
                                .text(" or a tap cancels)")])
        case nil:
            break
        }
        if screen == .settings && index == SettingsMenu.deadZoneRow {
            let raw = registry.current?.extendedGamepad.rawLeftStick ?? (x: 0, y: 0)
            page.stick = (Double(raw.x), Double(raw.y), Double(settings.effective.deadZonePercent) / 100)
        }
        return page
    }

    /// A tick on a settings page: up and down choose a row, left and right (or a tap on a
    /// row's left or right half) change its value, A or Enter chooses, B or Esc goes back. While
    /// a rebind waits for its key or button, the page takes nothing else.
    func settingsTick(_ input: MenuInput) {
        if capture != nil && input.tap != nil {  // a hand on the screen has no key to press: a tap cancels
            capture = nil
            return
        }
        if case let .pad(action, since) = capture { return padCaptureTick(action, since: since) }
        if capture != nil {  // a key rebind: a pad's B cancels it too
            if input.padBack { capture = nil }
            return
        }
        let rows = SettingsMenu.rows(screen, settingsContext)
        let index = min(selection[screen] ?? 0, rows.count - 1)
        let page = MenuPage(heading: "", entries: rows.map(\.entry), selection: index, hint: Prompt([]), compact: true)
        moveSelection(of: page, key: screen, up: input.up, down: input.down)
        if let tap = input.tap {
            guard let hit = MenuLayout.entry(at: tap, count: rows.count, compact: true) else { return }
            selection[screen] = hit
            let rect = MenuLayout.entryRects(count: rows.count, compact: true)[hit]
            return perform(rows[hit], step: tap.x >= rect.x + rect.width / 2 ? 1 : -1)
        }
        if input.left || input.right, case let .adjust(step) = rows[index].kind {
            cue(.menuMove)
            return adjust(step, by: input.right ? 1 : -1)
        }
        if input.choose { return perform(rows[index], step: 1) }
        if input.back || input.padBack {
            cue(.menuChoose)
            leaveSettingsPage()
        }
    }

    private func perform(_ row: SettingsRow, step: Int) {
        cue(.menuChoose)
        switch row.kind {
        case let .open(page):
            selection[page] = 0
            screen = page
        case let .adjust(change): adjust(change, by: step)
        case let .bind(action):
            if screen == .keyboardControls {
                capture = .key(action)
            } else {
                capture = .pad(action, since: loopTicks)
                capturePads = mergedRawPads()
            }
        case .reset:
            var new = settings.effective
            if screen == .keyboardControls { new.bindings.keys = Bindings.defaultKeys } else {
                new.bindings.buttons = Bindings.defaultButtons
                new.bindings.nintendoByLabel = false
            }
            change(settings: new)
        case .back: leaveSettingsPage()
        }
    }

    private func adjust(_ change: (inout Settings, Int) -> Void, by step: Int) {
        var new = settings.effective
        change(&new, step)
        self.change(settings: new)
    }

    /// Every pad's own buttons merged, before the bindings (a rebind reads the button itself).
    func mergedRawPads() -> GamepadSnapshot { .merging(registry.controllers.map { $0.extendedGamepad.capture() }) }

    /// A key pressed while a keyboard rebind waits: Escape cancels, any other key becomes the
    /// action's key. Returns whether the key was taken (it then reaches nothing else).
    func captureKey(_ key: Key) -> Bool {
        switch capture {
        case let .key(action):
            capture = nil
            cue(.menuChoose)
            guard key != .escape else { return true }
            var new = settings.effective
            new.bindings.keys[action] = [key]
            change(settings: new)
            return true
        case .pad:
            guard key == .escape else { return true }
            capture = nil
            return true
        case nil:
            return false
        }
    }

    /// A pad rebind waiting: the first pad input pressed past half-way becomes the action's
    /// button (written by SDL's positional name, or by label for a Nintendo pad read so);
    /// after ``SettingsMenu/padCaptureTicks`` it gives up.
    private func padCaptureTick(_ action: Action, since: Int) {
        let now = mergedRawPads()
        defer { capturePads = now }
        let threshold = MenuInputReader.threshold
        if let pressed = PadBinding.all.first(where: { $0.value(in: now) >= threshold && $0.value(in: capturePads) < threshold }) {
            capture = nil
            cue(.menuChoose)
            var new = settings.effective
            let category = registry.current?.productCategory ?? .generic
            let named = new.bindings.nintendoByLabel && category.isNintendo ? pressed.nintendoLabelSwapped : pressed
            new.bindings.buttons[action] = [named]
            change(settings: new)
        } else if loopTicks - since >= SettingsMenu.padCaptureTicks {
            capture = nil
        }
    }
}
