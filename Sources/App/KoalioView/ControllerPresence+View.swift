import KoalioCore
import KoalioFlow
import KoalioHUD
import KoalioInput
import KoalioText
import KoalioUI

/// What the presence shows, in pictures and words: the overlay's notice and HUD, the free pads'
/// join prompts, the line about pads gone away.
extension ControllerPresence {
    /// The notice, the low-battery line and the HUD (faded over ``hudFadeTicks`` after each change).
    package func overlay(at step: Int, touchOpacityPercent: Int, current: Controller?, hud: HUD) -> Scene.Overlay {
        let progress = min(1, Double(step - hudChangedAtStep) / Double(Self.hudFadeTicks))
        let opacity = (hudShown ? progress : 1 - progress) * Double(touchOpacityPercent) / 100
        return Scene.Overlay(notice: notice.flatMap { $0.untilStep > step ? $0.notice.text : nil },
                             lowBatteryPad: current.flatMap { $0.battery.isLow ? $0.vendorName : nil },
                             hud: opacity > 0 ? hud.appearance(opacity: opacity) : nil)
    }

    /// The pads that are no one's, in their own pictures: "DualSense: press ✕ to join" for
    /// ``joinPromptTicks`` after the pad became free, then "✕ to join" in the corner.
    package func joinPrompts(at step: Int, registry: ControllerRegistry, seats: Seating, bindings: Bindings,
                             keyNames: KeyNameTable) -> (prompts: [Prompt], hints: [Prompt]) {
        guard seats.hasRoom else { return ([], []) }
        var prompts: [Prompt] = [], hints: [Prompt] = []
        for pad in registry.controllers where registry.player(of: pad.id, seats: seats) == nil {
            let since = freeSince[pad.id].flatMap { $0 <= step ? $0 : nil } ?? step
            if step - since < Self.joinPromptTicks { prompts.append(Self.joinPrompt(pad, bindings: bindings, keyNames: keyNames)) } else {
                hints.append(Self.joinHint(pad, bindings: bindings, keyNames: keyNames))
            }
        }
        return (prompts, hints)
    }

    /// "Player 2's pad is gone: …", or for several "Players 2 and 3: pads gone: …"; nil for none.
    package static func padsAwayLine(_ players: [Int]) -> Text? {
        guard let last = players.last else { return nil }
        guard players.count > 1 else { return .message(.playerPadGone, [.number(last)]) }
        return .message(.playersPadsGone, [.message(.andList, [.list(players.dropLast().map(Text.number)), .number(last)])])
    }

    /// The widest a pad's name is drawn in its join prompt, in logical pixels.
    package static let joinNameWidth = 200.0

    /// "DualSense Wireless Controller: press ✕ to join", a long name cut short.
    package static func joinPrompt(_ pad: Controller, bindings: Bindings, keyNames: KeyNameTable) -> Prompt {
        let glyph = Prompt.Part.glyph(Prompts(controller: pad, bindings: bindings, keyNames: keyNames).glyph(.jump))
        // A maker's long name is cut; a phone's ("Phone 2", in the player's words) is short.
        var name = Text.padName(pad.vendorName)
        if case let .verbatim(maker) = name { name = .verbatim(Lettering.fitting(maker, width: joinNameWidth)) }
        return Prompt([.text(.joined([.message(.padPressToJoin, [name]), .empty], separator: " ")), glyph, .does(.toJoin)])
    }

    /// "✕ to join", in the corner.
    package static func joinHint(_ pad: Controller, bindings: Bindings, keyNames: KeyNameTable) -> Prompt {
        Prompt([.glyph(Prompts(controller: pad, bindings: bindings, keyNames: keyNames).glyph(.jump)), .does(.toJoin)])
    }
}
