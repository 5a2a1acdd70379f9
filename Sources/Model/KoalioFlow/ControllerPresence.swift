import KoalioCore
import KoalioHUD
import KoalioInput
import KoalioUserData

/// What the player sees of the controllers, as a value in ``GameState``: whether the on-screen
/// controls show (while no pad is connected, fading in and out), the "… connected" notice, when
/// each free pad's join prompt started, which kind of controller had input last (it names the
/// steering in prompts and the trace; keyboard, pads and the HUD all steer at once) and whether
/// the game pauses itself at the next tick. The devices it speaks of (the registry's
/// controllers, the HUD) are passed in; what it decides about them the runner carries out.
package struct ControllerPresence: Equatable {
    /// How long "… connected" stays on screen.
    package static let noticeTicks = 3 * Tick.perSecond
    /// How long the HUD takes to fade in or out.
    package static let hudFadeTicks = 12
    /// How long the on-screen controls stay (Show: auto) after keys or a pad take over from
    /// touch and the mouse, before they fade: a player who reaches for the keyboard for a
    /// moment keeps them, one who plays on it sees the level clear.
    package static let hudStaysTicks = 3 * Tick.perSecond
    /// How long a free pad's "press ✕ to join" stays over the level before it folds into the
    /// corner's "✕ to join".
    package static let joinPromptTicks = 4 * Tick.perSecond

    /// Which kind of controller had input last: it names the steering, it does not choose it.
    package enum LastUsed: Equatable { case keyboard, pad, hud }

    /// A notice on screen until the session's step `untilStep`.
    package struct ShownNotice: Equatable {
        package var notice: Notice
        package var untilStep: Int
    }

    /// False during a replay, whose controllers do not steer: the HUD never shows.
    package let showsHUD: Bool
    /// Whether the on-screen controls show (the HUD device follows it).
    package private(set) var hudShown: Bool
    package var lastUsed = LastUsed.keyboard { didSet { fingerOnMenus = false } }
    /// A finger tapped a menu since the keys, a pad or the on-screen controls were last used:
    /// the menus' prompts are the touch screen's ("Tap an entry", the join form's keypad). The
    /// controller named (the trace's, the run's source) stays the one last used to play.
    package var fingerOnMenus = false
    /// The game pauses itself at the next tick (focus lost, the pad in use left).
    package var pauseRequested = false
    package private(set) var notice: ShownNotice?
    /// The flow's tick (it runs on through levels) at which keys or a pad took over from touch
    /// and the mouse; nil while they were used last, or before anything was.
    package private(set) var othersTookOverAt: Int?
    /// The settings' Show for the on-screen controls (the runner keeps it up to date each tick).
    package var touchShown = Settings.TouchControlsShown.auto
    /// The step at which the HUD last appeared or disappeared, for its fade.
    package private(set) var hudChangedAtStep = -ControllerPresence.hudFadeTicks
    /// When each free pad was first seen free while the world played, in the session's steps,
    /// for its join prompt.
    package private(set) var freeSince: [ControllerID: Int] = [:]

    /// - Parameter showsHUD: false during a replay, whose controllers do not steer.
    package init(showsHUD: Bool) {
        self.showsHUD = showsHUD
        hudShown = showsHUD
    }

    /// Whether the game pauses itself this tick; asked once per tick.
    package mutating func takePauseRequest() -> Bool {
        defer { pauseRequested = false }
        return pauseRequested
    }

    /// What a pad event changed: notices, the pause when the pad in use leaves, which
    /// controller is named as used last (a new pad at once), and whether the on-screen controls
    /// step aside (a pad used) or come back (the last pad gone). Returns the sounds to play.
    /// - Parameters:
    ///   - step: the session's step (notices); `tick`: the flow's (the on-screen controls).
    ///   - noPadsLeft: no pad is connected after these changes.
    ///   - playerOf: the registry's player of a controller (nil: no one's, or player 1's free use).
    package mutating func react(to changes: [ControllerChange], at step: Int, tick: Int, noPadsLeft: Bool,
                                playerOf: (ControllerID) -> Int?) -> [Effect] {
        var effects: [Effect] = []
        for change in changes {
            switch change {
            case let .connected(controller):
                show(.padConnected(pad: controller.vendorName), at: step)
                effects.append(.sound(.padConnected))
            case let .disconnected(controller, wasInUse):
                show(.padDisconnected(pad: controller.vendorName), at: step)
                effects.append(.sound(.padDisconnected))
                if wasInUse { pauseRequested = true }
                if noPadsLeft { pointerUsed() }  // the last pad gone: the on-screen controls return
            case let .playerPadLost(_, player):
                show(.playerPadLost(player: player), at: step)
                pauseRequested = true  // their koala waits, without input, until they are back or leave
            case let .playerPadReturned(controller, player):
                show(.playerPadReturned(player: player, pad: controller.vendorName), at: step)
            case .becameCurrent:
                lastUsed = .pad
                keysOrPadUsed(atTick: tick)
            case let .input(controller):
                if playerOf(controller.id) == 1 { lastUsed = .pad }
                keysOrPadUsed(atTick: tick)
            }
        }
        return effects
    }

    package mutating func show(_ notice: Notice, at step: Int) {
        self.notice = ShownNotice(notice: notice, untilStep: step + Self.noticeTicks)
    }

    /// Keys or a pad were used at the flow's `tick`: with Show at auto the on-screen controls
    /// fade ``hudStaysTicks`` after the first such use since touch or the mouse.
    package mutating func keysOrPadUsed(atTick tick: Int) {
        if othersTookOverAt == nil { othersTookOverAt = tick }
    }

    /// A touch or a click (or the last pad gone): the on-screen controls come back (Show: auto).
    package mutating func pointerUsed() { othersTookOverAt = nil }

    /// Whether Show wants the on-screen controls at the flow's `tick`, where they
    /// may show at all (a level with no pad).
    package func wantsHUD(atTick tick: Int) -> Bool {
        switch touchShown {
        case .off: false
        case .always: true
        case .auto: ticksUntilHUDLeaves(atTick: tick) != 0
        }
    }

    /// Ticks until Show at auto lets the on-screen controls go (0: gone; nil: not leaving).
    package func ticksUntilHUDLeaves(atTick tick: Int) -> Int? {
        guard touchShown == .auto, let since = othersTookOverAt else { return nil }
        return max(0, since + Self.hudStaysTicks - tick)
    }

    /// The HUD shows while no pad is connected, in a level (never during a replay): it hides
    /// when one arrives and returns when the last one leaves. Returns the new visibility when it
    /// changed (the runner shows or hides the HUD device, which lets go of everything as it hides).
    package mutating func updateHUD(visible wanted: Bool, at step: Int) -> Bool? {
        let visible = wanted && showsHUD
        guard visible != hudShown else { return nil }
        hudShown = visible
        hudChangedAtStep = step
        return visible
    }

    /// Steps until what the overlay (KoalioView's `overlay(at:…)`) draws changes by itself:
    /// nil while the HUD fades (every step), else until the notice goes (`Int.max`: never). Join
    /// prompts are not counted: they show only while the world plays.
    package func stepsUntilOverlayChanges(at step: Int) -> Int? {
        guard step - hudChangedAtStep >= Self.hudFadeTicks else { return nil }
        guard let notice, notice.untilStep > step else { return .max }
        return notice.untilStep - step
    }

    /// The controller named as steering: the kind used last, falling back to the pad in use,
    /// then the keyboard, when that kind is gone (a pad unplugged, the HUD hidden).
    package func namedController(_ registry: ControllerRegistry, hud: HUD) -> Controller {
        switch lastUsed {
        case .pad: return registry.current ?? registry.keyboard.controller
        case .hud: return hudShown ? hud.controller : registry.current ?? registry.keyboard.controller
        case .keyboard: return registry.keyboard.controller
        }
    }

    /// Whose buttons the prompts picture: the touch screen's on a menu a finger tapped last,
    /// else the controller named (``namedController(_:hud:)``).
    package func promptController(_ registry: ControllerRegistry, hud: HUD, onMenus: Bool) -> Controller {
        onMenus && fingerOnMenus ? hud.controller : namedController(registry, hud: hud)
    }

    /// The name the trace gives the steering controller; nil until it has been used.
    package func activeControllerName(_ registry: ControllerRegistry, hud: HUD) -> String? {
        let controller = namedController(registry, hud: hud)
        if controller === registry.keyboard.controller { return registry.keyboard.hasHadInput ? controller.vendorName : nil }
        if controller === hud.controller { return hud.hasHadInput ? controller.vendorName : nil }
        return controller.vendorName
    }

    /// While the world plays and pads may join: each free pad's first step free is kept (a pad
    /// that is seated, gone, or seen before a restart is forgotten), for its join prompt.
    package mutating func noteFreePads(_ registry: ControllerRegistry, seats: Seating, at step: Int) {
        let free = registry.controllers.filter { registry.player(of: $0.id, seats: seats) == nil }.map(\.id)
        freeSince = freeSince.filter { id, since in since <= step && free.contains(id) }  // forgotten even while joins are closed
        guard seats.hasRoom else { return }
        for id in free where freeSince[id] == nil { freeSince[id] = step }
    }
}
