import KoalioCore
import KoalioHUD
import KoalioInput
import KoalioView

/// What the player sees of the controllers: the on-screen controls (shown while no pad is
/// connected, fading in and out), the "… connected" notices, the free pads' join prompts, and
/// which controller the prompts and the trace name. Keyboard, pads and the HUD all steer at
/// once; the one used last only names the steering.
@MainActor
package final class ControllerPresence {
    /// How long "… connected" stays on screen.
    package static let noticeTicks = 3 * Tick.perSecond
    /// How long the HUD takes to fade in or out.
    package static let hudFadeTicks = 12
    /// How long a free pad's "press ✕ to join" stays over the level before it folds into the
    /// corner's "✕ to join".
    package static let joinPromptTicks = 4 * Tick.perSecond

    /// Which kind of controller had input last: it names the steering, it does not choose it.
    package enum LastUsed { case keyboard, pad, hud }

    package let registry: ControllerRegistry
    package let hud = HUD()
    /// False during a replay, whose controllers do not steer: the HUD never shows.
    private let showsHUD: Bool
    package var lastUsed = LastUsed.keyboard
    /// The game pauses itself at the next tick (focus lost, the pad in use left).
    package var pauseRequested = false

    /// Whether the game pauses itself this tick; asked once per tick.
    package func takePauseRequest() -> Bool {
        defer { pauseRequested = false }
        return pauseRequested
    }
    private var notice: (text: String, untilStep: Int)?
    /// The step at which the HUD last appeared or disappeared, for its fade.
    private var hudChangedAtStep = -ControllerPresence.hudFadeTicks
    /// When each free pad was first seen free, in the session's steps, for its join prompt.
    private var freeSince: [ControllerID: Int] = [:]

    /// - Parameter showsHUD: false during a replay, whose controllers do not steer.
    package init(registry: ControllerRegistry, showsHUD: Bool) {
        self.registry = registry
        self.showsHUD = showsHUD
        if !showsHUD {
            hud.setVisible(false)
            registry.onScreenShown = false
        }
        registry.attachOnScreen(hud.controller)
    }

    /// What a pad event changed: notices, the pause when the pad in use leaves, and which
    /// controller is named as used last (a new pad at once). Returns the sounds to play.
    package func react(to changes: [ControllerChange], at step: Int) -> [Effect] {
        var effects: [Effect] = []
        for change in changes {
            switch change {
            case let .connected(controller):
                show("\(controller.vendorName) connected", at: step)
                effects.append(.sound(.padConnected))
            case let .disconnected(controller, wasInUse):
                show("\(controller.vendorName) disconnected", at: step)
                effects.append(.sound(.padDisconnected))
                if wasInUse { pauseRequested = true }
            case let .playerPadLost(_, player):
                show("Player \(player)'s pad disconnected", at: step)
                pauseRequested = true  // their koala waits, without input, until they are back or leave
            case let .playerPadReturned(controller, player):
                show("Player \(player): \(controller.vendorName) connected", at: step)
            case .becameCurrent:
                lastUsed = .pad
            case let .input(controller):
                if registry.player(of: controller.id) == 1 { lastUsed = .pad }
            }
        }
        return effects
    }

    package func show(_ text: String, at step: Int) {
        notice = (text, step + Self.noticeTicks)
    }

    /// Steps until what ``overlay(at:touchOpacityPercent:)`` draws changes by itself: nil while
    /// the HUD fades (every step), else until the notice goes (`Int.max`: never). Join prompts
    /// are not counted: they show only while the world plays.
    package func stepsUntilOverlayChanges(at step: Int) -> Int? {
        guard step - hudChangedAtStep >= Self.hudFadeTicks else { return nil }
        guard let notice, notice.untilStep > step else { return .max }
        return notice.untilStep - step
    }

    /// The HUD shows while no pad is connected, in a level (never during a replay): it hides
    /// when one arrives, returns when the last one leaves, and lets go of everything as it hides.
    package func updateHUD(visible wanted: Bool, at step: Int) {
        let visible = wanted && showsHUD
        guard visible != hud.isVisible else { return }
        hud.setVisible(visible)
        registry.onScreenShown = visible
        hudChangedAtStep = step
    }

    /// The controller named as steering: the kind used last, falling back to the pad in use,
    /// then the keyboard, when that kind is gone (a pad unplugged, the HUD hidden).
    package var namedController: Controller {
        switch lastUsed {
        case .pad: return registry.current ?? registry.keyboard.controller
        case .hud: return hud.isVisible ? hud.controller : registry.current ?? registry.keyboard.controller
        case .keyboard: return registry.keyboard.controller
        }
    }

    /// The name the trace gives the steering controller; nil until it has been used.
    package var activeControllerName: String? {
        let controller = namedController
        if controller === registry.keyboard.controller { return registry.keyboard.hasHadInput ? controller.vendorName : nil }
        if controller === hud.controller { return hud.hasHadInput ? controller.vendorName : nil }
        return controller.vendorName
    }

    /// The notice, the low-battery line and the HUD (faded over ``hudFadeTicks`` after each change).
    package func overlay(at step: Int, touchOpacityPercent: Int) -> Scene.Overlay {
        let progress = min(1, Double(step - hudChangedAtStep) / Double(Self.hudFadeTicks))
        let opacity = (hud.isVisible ? progress : 1 - progress) * Double(touchOpacityPercent) / 100
        let current = registry.current
        return Scene.Overlay(notice: notice.flatMap { $0.untilStep > step ? $0.text : nil },
                             lowBatteryPad: current.flatMap { $0.battery.isLow ? $0.vendorName : nil },
                             hud: opacity > 0 ? hud.appearance(opacity: opacity) : nil)
    }

    /// The pads that are no one's, in their own pictures: "DualSense: press ✕ to join" for
    /// ``joinPromptTicks`` after the pad became free, then "✕ to join" in the corner.
    package func joinPrompts(at step: Int, bindings: Bindings, keyNames: KeyNameTable) -> (prompts: [Prompt], hints: [Prompt]) {
        let free = registry.controllers.filter { registry.player(of: $0.id) == nil }
        freeSince = freeSince.filter { id, since in since <= step && free.contains { $0.id == id } }
        guard registry.seats.count < PartyLimits.players - 1 || !registry.playersWithPadAway.isEmpty else { return ([], []) }
        var prompts: [Prompt] = [], hints: [Prompt] = []
        for pad in free {
            let since = freeSince[pad.id] ?? step
            freeSince[pad.id] = since
            if step - since < Self.joinPromptTicks { prompts.append(Self.joinPrompt(pad, bindings: bindings, keyNames: keyNames)) } else {
                hints.append(Self.joinHint(pad, bindings: bindings, keyNames: keyNames))
            }
        }
        return (prompts, hints)
    }

    /// "Player 2's pad is gone: …", or for several "Players 2 and 3: pads gone: …"; nil for none.
    package nonisolated static func padsAwayLine(_ players: [Int]) -> String? {
        guard let last = players.last else { return nil }
        guard players.count > 1 else { return "Player \(last)'s pad is gone: plug it back in, or A on a free pad" }
        let names = players.dropLast().map(String.init).joined(separator: ", ") + " and \(last)"
        return "Players \(names): pads gone: plug them back in, or A on free pads"
    }

    /// The widest a pad's name is drawn in its join prompt, in logical pixels.
    package nonisolated static let joinNameWidth = 200.0

    /// "DualSense Wireless Controller: press ✕ to join", a long name cut short.
    package nonisolated static func joinPrompt(_ pad: Controller, bindings: Bindings, keyNames: KeyNameTable) -> Prompt {
        let glyph = Prompt.Part.glyph(Prompts(controller: pad, bindings: bindings, keyNames: keyNames).glyph(.jump))
        return Prompt([.text("\(Text.fitting(pad.vendorName, width: joinNameWidth)): press "), glyph, .text(" to join")])
    }

    /// "✕ to join", in the corner.
    package nonisolated static func joinHint(_ pad: Controller, bindings: Bindings, keyNames: KeyNameTable) -> Prompt {
        Prompt([.glyph(Prompts(controller: pad, bindings: bindings, keyNames: keyNames).glyph(.jump)), .text(" to join")])
    }
}
