import KoalioCore
import KoalioInput
import KoalioReplay
import KoalioSim

/// Everything one 60 Hz tick of the game above the world reads, with every press found once,
/// from one previous and one current frame, before any mode looks at it. A mode that takes a
/// press ends the tick's handling of it: no other mode sees it.
package struct FrameInput: Equatable {
    /// Menu navigation pressed this tick, from every scheme at once.
    package var menu = MenuInput()
    /// The controllers' input for the world this tick, live or from a recording; nil when a
    /// recording steers and has nothing for this tick (its playback paused, or over).
    package var play: TickInput?
    /// Keys pressed this tick (not repeats), in order: a keyboard rebind takes the first.
    package var keysPressed: [Key] = []
    /// Every pad's own buttons merged, before the bindings (a rebind reads the button itself),
    /// this tick and the one before.
    package var rawPads = GamepadSnapshot.neutral
    package var previousRawPads = GamepadSnapshot.neutral
    /// Free pads whose A asks to join, and co-op players who held Back to leave.
    package var joinRequests: [ControllerID] = []
    package var leaveRequests: [Int] = []
    /// F11 was pressed: fullscreen or back (kept in the settings, as the menu's Fullscreen is).
    package var fullscreenToggled = false
    /// `--watch`: the level's files changed and were loaded again (nil on other ticks).
    package var reloaded: LevelReload?
    /// A networked run: what the networked game did this tick, this machine's input given to it.
    package var network: NetworkTick?
    /// What hosting or joining from the menus came to (nil on most ticks).
    package var online: OnlineNews?
}

/// A `--watch`ed level loaded again from its changed files.
package struct LevelReload: Equatable {
    package var map: LevelMap
    package var stage: Stage
    package var sha256: [UInt8]
    /// The level file's name, for the notice that says it was reloaded.
    package var fileName: String

    package init(map: LevelMap, stage: Stage, sha256: [UInt8], fileName: String) {
        self.map = map
        self.stage = stage
        self.sha256 = sha256
        self.fileName = fileName
    }
}

/// One tick's menu navigation, from every scheme at once: arrows/WASD, Enter and Esc on the
/// keyboard; any pad's d-pad or left stick, A and B; a tap or click on an entry.
package struct MenuInput: Equatable {
    package var up = false, down = false, left = false, right = false
    package var choose = false
    /// Esc: back in menus (in a level it is the pause key).
    package var back = false
    /// A pad's B: back in menus, and out of a paused level.
    package var padBack = false
    /// Q: out of a paused level.
    package var quit = false
    /// What the mouse or a finger went down on this tick.
    package var tapped: Tapped?

    /// Esc, B or Q: the way back, wherever it is offered.
    package var anyBack: Bool { back || padBack || quit }
}

/// Turns the frame's key and pointer events and each tick's pads into a ``FrameInput``: keys
/// count as pressed; pads' directions, A and B as they cross half-way, against the pads of the
/// tick before. A direction held (an arrow or WASD key, a pad's d-pad or stick) repeats, the
/// same for every scheme: after ``repeatDelayTicks``, then every ``repeatIntervalTicks`` (the
/// system's own key repeats are not counted, so its settings do not change the menus' pace).
/// Pads are read apart from the keyboard, whose ↑ is also its A (jump).
package struct FrameInputReader {
    /// Past half-way counts as pressed, for stick and d-pad directions and buttons.
    package static let threshold: Float = 0.5
    /// The key that leaves a paused level (Escape there resumes: it is the pause key).
    package static let leaveLevelKey = Key.q
    /// The key that toggles fullscreen, on every screen (it is never a binding's, nor a rebind's).
    package static let fullscreenKey = Key.f11
    /// A held direction's first repeat comes 0.4 s after its press.
    package static let repeatDelayTicks = 24
    /// Then one every 7 ticks: about 8 a second.
    package static let repeatIntervalTicks = 7
    package init() {}

    /// A menu direction.
    fileprivate enum Direction: CaseIterable { case up, down, left, right }
    /// The direction keys down now (a key's up event lets it go).
    private var heldKeys: Set<Key> = []
    /// The directions the held keys press (arrows, and WASD while no text row takes letters).
    private var heldKeyDirections: Set<Direction> { Set(heldKeys.compactMap(Self.direction(of:))) }
    /// The directions the pads held at the last tick.
    private var heldOnPads: Set<Direction> = []
    /// How many ticks each held direction has been held, for its repeats.
    private var heldTicks: [Direction: Int] = [:]

    private static func direction(of key: Key) -> Direction? {
        switch key {
        case .up, .w: .up
        case .down, .s: .down
        case .left, .a: .left
        case .right, .d: .right
        default: nil
        }
    }

    private var pending = MenuInput()
    private var keys: [Key] = []
    private var fullscreenToggled = false
    private var previousPads = GamepadSnapshot.neutral
    /// The bindings the pads were read through last tick: when they change (Nintendo buttons
    /// toggled with a Switch pad's A), what is held now is not pressed anew: the A that toggled
    /// would otherwise read as B, held, and leave the page.
    private var menuBindings: Bindings?
    private var previousRawPads = GamepadSnapshot.neutral

    /// A text row that takes letters is selected (the join form's: ``FlowState/typesLetters``):
    /// the letters are typed there, and none moves the menu (W, A, S, D), chooses (Z) or
    /// leaves (Q), held or not (a letter held from another row stops repeating when it comes).
    /// The driver sets it from the flow before each frame's keys.
    package var lettersType = false {
        didSet { if lettersType { heldKeys = heldKeys.filter { !Key.letters.contains($0.usage) } } }
    }

    /// The keys that choose in the menus.
    package static func choosesMenus(_ key: Key) -> Bool { key == .enter || key == .space || key == .z }

    package mutating func key(_ key: Key, isRepeat: Bool) {
        if key == Self.fullscreenKey {
            if !isRepeat { fullscreenToggled = true }
            return
        }
        if !isRepeat { keys.append(key) }
        if lettersType, Key.letters.contains(key.usage) { return }
        if let direction = Self.direction(of: key) {
            guard !isRepeat else { return }  // the reader repeats a held direction itself
            heldKeys.insert(key)
            heldTicks[direction] = 0  // pressed anew: its repeats start over
            pending.press(direction)
            return
        }
        switch key {
        case _ where Self.choosesMenus(key): pending.choose = true
        case .escape: pending.back = true
        case Self.leaveLevelKey: pending.quit = true
        default: break
        }
    }

    /// A key let go: a direction it held stops repeating.
    package mutating func keyUp(_ key: Key) {
        heldKeys.remove(key)
    }

    /// Every key let go at once (the window lost the keyboard).
    package mutating func releaseKeys() { heldKeys.removeAll() }

    package mutating func tap(_ target: Tapped) { pending.tapped = target }

    /// Nothing read since the last tick waits for the next one.
    package var isIdle: Bool { pending == MenuInput() && keys.isEmpty && !fullscreenToggled }

    /// A direction is held, up or down (`vertical`) or left or right: its repeats need the
    /// ticks to go on where the screen takes it.
    package func holds(vertical: Bool) -> Bool {
        heldKeyDirections.union(heldOnPads).contains { ($0 == .up || $0 == .down) == vertical }
    }

    /// This tick's input; what the keys and pointers did since the last tick is used up.
    /// - Parameters:
    ///   - pads: every pad's input merged, through the menus' bindings (not the keyboard's or the HUD's).
    ///   - rawPads: every pad's own buttons merged, before any binding.
    package mutating func take(pads snapshot: GamepadSnapshot, rawPads: GamepadSnapshot) -> FrameInput {
        var menu = pending
        let previous = previousPads
        func crossed(_ value: (GamepadSnapshot) -> Float, _ sign: Float) -> Bool {
            value(snapshot) * sign > Self.threshold && value(previous) * sign <= Self.threshold
        }
        let x: (GamepadSnapshot) -> Float = { abs($0.dpadX) >= abs($0.leftX) ? $0.dpadX : $0.leftX }
        let y: (GamepadSnapshot) -> Float = { abs($0.dpadY) >= abs($0.leftY) ? $0.dpadY : $0.leftY }
        menu.up = menu.up || crossed(y, 1)
        menu.down = menu.down || crossed(y, -1)
        menu.left = menu.left || crossed(x, -1)
        menu.right = menu.right || crossed(x, 1)
        menu.choose = menu.choose || crossed({ $0.buttonA }, 1)
        menu.padBack = crossed({ $0.buttonB }, 1)
        heldOnPads = Set(Direction.allCases.filter { direction in
            switch direction {
            case .up: y(snapshot) > Self.threshold
            case .down: y(snapshot) < -Self.threshold
            case .left: x(snapshot) < -Self.threshold
            case .right: x(snapshot) > Self.threshold
            }
        })
        repeatHeld(&menu)
        var input = FrameInput(menu: menu, keysPressed: keys, rawPads: rawPads, previousRawPads: previousRawPads)
        input.fullscreenToggled = fullscreenToggled
        pending = MenuInput()
        keys.removeAll()
        fullscreenToggled = false
        previousPads = snapshot
        previousRawPads = rawPads
        return input
    }

    /// Each direction held for this tick counted; one held long enough repeats as a press.
    private mutating func repeatHeld(_ menu: inout MenuInput) {
        let held = heldKeyDirections.union(heldOnPads)
        heldTicks = heldTicks.filter { held.contains($0.key) }
        for direction in held {
            let ticks = (heldTicks[direction] ?? 0) + 1
            heldTicks[direction] = ticks
            let since = ticks - 1 - Self.repeatDelayTicks
            if since >= 0 && since % Self.repeatIntervalTicks == 0 { menu.press(direction) }
        }
    }
}

private extension MenuInput {
    mutating func press(_ direction: FrameInputReader.Direction) {
        switch direction {
        case .up: up = true
        case .down: down = true
        case .left: left = true
        case .right: right = true
        }
    }
}

extension FrameInputReader {
    /// The tick's whole input from the registry's controllers: the menus' (every pad through
    /// the menus' bindings, with the keys and taps since the last tick), the pads' own buttons
    /// for a rebind, player 1's merged input for the world (named `steering`) with each co-op
    /// player's, and the free pads' joins and the players' leaves.
    /// - Parameter sourceIndex: a controller name's index in the run's table of controllers.
    package mutating func take(from registry: ControllerRegistry, seats: inout Seating, steering: Controller,
                               sourceIndex: (String) -> Int) -> FrameInput {
        let team = registry.teamInput(seats: &seats)
        let bindings = registry.bindings
        let pads = registry.controllers
        let menuPads = GamepadSnapshot.merging(pads.map { bindings.forMenus($0.extendedGamepad.capture(), category: $0.productCategory) })
        if let last = menuBindings, last != bindings { previousPads = menuPads }
        menuBindings = bindings
        var input = take(pads: menuPads, rawPads: .merging(pads.map { $0.extendedGamepad.capture() }))
        var play = TickInput(source: sourceIndex(steering.vendorName), snapshot: team.snapshot, pressed: team.pressed)
        play.partners = team.partners.map { partner in
            PartnerInput(player: partner.player, source: partner.pad.map { sourceIndex($0.vendorName) } ?? PartnerInput.noSource,
                         snapshot: partner.snapshot, pressed: partner.pressed)
        }
        input.play = play
        input.joinRequests = team.joinRequests.map(\.id)
        input.leaveRequests = team.leaveRequests
        return input
    }
}

extension FrameInput {
    /// Whether a pad's own button (or trigger) went past half-way this tick, not held from before.
    package func pressedAnew(_ binding: PadBinding) -> Bool {
        binding.value(in: rawPads) >= FrameInputReader.threshold && binding.value(in: previousRawPads) < FrameInputReader.threshold
    }

    /// A dash pressed this tick (a key bound to it, or a pad button bound to it), not one held
    /// from before: it frees a dash held over a level's start.
    package func dashPressed(_ bindings: Bindings) -> Bool {
        let keys = bindings.keys[.dash] ?? []
        return keysPressed.contains(where: keys.contains) || (bindings.buttons[.dash] ?? []).contains(where: pressedAnew)
    }
}
