import KoalioInput
import KoalioText
import KoalioUI

/// The prompts' buttons in the pictures of the controller that last had input: keycaps with
/// the bound key's name, the pad's own glyphs (by SDL's controller type), or the on-screen
/// controls' icons. Built each frame, so a prompt changes on the tick another controller is used.
package struct Prompts {
    package var style: ButtonStyle
    package var bindings: Bindings
    /// The pad's kind, for Nintendo's printed labels (ignored for the keyboard and touch).
    package var category: ProductCategory
    /// The keycaps' text.
    package var keyNames: KeyNameTable

    /// The controller named as used last, as a style.
    package init(controller: Controller, bindings: Bindings, keyNames: KeyNameTable) {
        switch controller.id {
        case .keyboard: style = .keyboard
        case .onScreen: style = .touch
        case .pad: style = ButtonStyle(pad: controller.productCategory)
        }
        self.bindings = bindings
        self.keyNames = keyNames
        category = controller.productCategory
    }

    /// A pad's physical button for a menu's fixed SDL button (`a` choose, `b` back): on a
    /// Nintendo pad read by label, the button printed so.
    private func menuPad(_ binding: PadBinding) -> ButtonGlyph {
        .pad(bindings.nintendoByLabel && category.isNintendo ? binding.nintendoLabelSwapped : binding, style)
    }

    /// What does `action` in play.
    package func glyph(_ action: Action) -> ButtonGlyph {
        switch style {
        case .keyboard: return .keycap(bindings.keys[action]?.first.map(keyNames.name(of:)) ?? "?")
        case .touch:
            switch action {
            case .jump: return .touch(.a)
            case .dash: return .touch(.b)
            case .pause: return .touch(.pause)
            case .left, .right: return .touch(.joystick)
            }
        default: return .pad(bindings.physicalButtons(for: action, on: category).first ?? .a, style)
        }
    }

    package var choose: Prompt.Part {
        switch style {
        case .keyboard: return .glyph(.keycap(keyNames.name(of: .enter)))
        case .touch: return .glyph(.touch(.a))
        default: return .glyph(menuPad(.a))
        }
    }

    /// Nil for the on-screen controls, which have no back button.
    package var back: Prompt.Part? {
        switch style {
        case .keyboard: return .glyph(.keycap(keyNames.name(of: .escape)))
        case .touch: return nil
        default: return .glyph(menuPad(.b))
        }
    }

    /// Playing again on an end screen: Enter, the pad's jump (A), the on-screen A.
    package var restart: Prompt.Part {
        switch style {
        case .keyboard: return .glyph(.keycap(keyNames.name(of: KeyboardController.restartKey)))
        default: return .glyph(glyph(.jump))
        }
    }

    package var move: [Prompt.Part] {
        switch style {
        case .keyboard: return [.glyph(.keycap(keyNames.name(of: .up))), .glyph(.keycap(keyNames.name(of: .down)))]
        case .touch: return []
        default: return [.glyph(.pad(.button(.dpadUp), style)), .glyph(.pad(.button(.dpadDown), style))]
        }
    }

    // MARK: - Lines

    /// A menu's hint: how to move the selection, choose (`verb`) and go back (`backVerb`).
    package func menuHint(choose verb: Message, back backVerb: Message) -> Prompt {
        guard let back else { return Prompt([.text(.message(.tapAnEntry))]) }
        return menuHint(choose: verb, then: [back, .does(backVerb)])
    }

    /// How to move the selection and choose (`verb`), then `last` (a menu's way back, the pause
    /// menu's resume); touch, which taps entries, has no buttons to name.
    package func menuHint(choose verb: Message, then last: [Prompt.Part]) -> Prompt {
        guard back != nil else { return Prompt([.text(.message(.tapAnEntry))]) }
        return Prompt(move + [.does(.hintSelect), .gap, choose, .does(verb), .gap] + last)
    }

    /// The join form's text rows: a pad's ←/→ pick the character offered, choose adds it, back
    /// takes the last one back; the keyboard types (Enter moves on, Backspace deletes; a room
    /// code's keys are its letters too, and Enter joins its room); touch taps the keypad under
    /// the rows.
    package func entryHint(roomCode: Bool) -> Prompt {
        switch style {
        case .touch: return Prompt([.text(.message(.tapKeys))])
        case .keyboard:
            return Prompt([.glyph(.keycap(roomCode ? "0-9 A-Z" : "0-9")), .does(.hintType), .gap,
                           .glyph(.keycap(keyNames.name(of: .enter))), .does(roomCode ? .hintGo : .hintNext), .gap,
                           .glyph(.keycap(keyNames.name(of: .backspace))), .does(.hintDelete)])
        default:
            // Up and down first: a newcomer on a text row must learn they leave it.
            return Prompt(move + [.does(.hintSelect), .gap, .glyph(.pad(.button(.dpadLeft), style)), .glyph(.pad(.button(.dpadRight), style)), .does(.hintPick), .gap,
                           choose, .does(.hintAdd), .gap] + (back.map { [$0, .does(.hintDelete)] } ?? []))
        }
    }

    /// The waiting screen: the host's new code (when the code went off) or start (once someone
    /// joined), and the way out (`canLeave`: a game from the menus; `--host`'s ends with its window).
    package func waitingHint(canStart: Bool, codeOff: Bool = false, canLeave: Bool = true) -> Prompt {
        let start: [Prompt.Part] = codeOff ? [choose, .does(.hintNewCode), .gap] : canStart ? [choose, .does(.hintStart), .gap] : []
        let leave: [Prompt.Part] = canLeave ? back.map { [$0, .does(.hintLeave)] } ?? [] : []
        return Prompt(start + leave)
    }

    /// The line of a page whose one entry is Back (how to play, add a phone): the back press
    /// alone ("Escape back"; choosing Back does the same), or "Tap Back" on the touch controls.
    package var backHint: Prompt {
        back.map { Prompt([$0, .does(.hintBack)]) } ?? Prompt([.text(.message(.tapBack))])
    }

    /// The pause screen's line. On the keyboard the way out is Q, not Escape: Escape is the
    /// pause key, so there it resumes ("Escape resume   Escape levels" promised both).
    /// `leaving`: where the way out goes (the level select; online, out of the game).
    /// `menu`: the pause menu's entries show: the line sits under them as every menu's does
    /// and says how to move and choose, and that the pause button resumes (Quit is an entry).
    package func paused(canLeave: Bool, leaving: Message = .hintLevels, menu: Bool = false) -> Prompt {
        if menu { return menuHint(choose: .hintChoose, then: [.glyph(glyph(.pause)), .does(.hintResume)]) }
        var parts: [Prompt.Part] = [.glyph(glyph(.pause)), .does(.hintResume)]
        let leave: Prompt.Part? = style == .keyboard ? .glyph(.keycap(keyNames.name(of: FrameInputReader.leaveLevelKey))) : back
        if canLeave, let leave { parts += [.gap, leave, .does(leaving)] }
        return Prompt(parts)
    }

    package func won(next: WonNext, inGame: Bool) -> Prompt {
        guard inGame else { return Prompt([restart, .does(.hintPlayAgain)]) }
        let words: Message
        switch next {
        case .levels: return Prompt([choose, .does(.hintLevels)])
        case .nextLevel: words = .hintNextLevel
        case .worldComplete: words = .hintContinue
        }
        guard let back else { return Prompt([choose, .does(words)]) }
        return Prompt([choose, .does(words), .gap, back, .does(.hintLevels)])
    }

    /// Where "You Won!"'s choose press leads in the game.
    package enum WonNext { case nextLevel, worldComplete, levels }

    /// "You have Died!": play again; in the game, the level select the same way as "You Won!".
    package func died(inGame: Bool) -> Prompt {
        guard inGame, let back else { return Prompt([restart, .does(.hintTryAgain)]) }
        return Prompt([restart, .does(.hintTryAgain), .gap, back, .does(.hintLevels)])
    }
}
