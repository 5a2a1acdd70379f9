import KoalioCore
import KoalioInput
import KoalioText

/// The game's own values in the message table's words.
extension Medal {
    public var message: Message {
        switch self {
        case .gold: .medalGold
        case .silver: .medalSilver
        case .bronze: .medalBronze
        }
    }

    /// "2 gold", as World complete counts them.
    public var countMessage: Message {
        switch self {
        case .gold: .goldCount
        case .silver: .silverCount
        case .bronze: .bronzeCount
        }
    }

    /// "Gold medal", as the end screen says it was won.
    public var wonMessage: Message {
        switch self {
        case .gold: .goldMedal
        case .silver: .silverMedal
        case .bronze: .bronzeMedal
        }
    }
}

extension Action {
    /// As the settings pages and the prompts name it.
    public var message: Message {
        switch self {
        case .left: .left
        case .right: .right
        case .jump: .jump
        case .dash: .dash
        case .pause: .pause
        }
    }

    /// What its button does, after the glyph in a hint (`[A] jump`).
    public var hint: Message {
        switch self {
        case .left, .right: .hintWalk
        case .jump: .hintJump
        case .dash: .hintDash
        case .pause: .hintPause
        }
    }
}

extension Battery {
    /// As the pause screen says it beside the pad's name: SDL 2 reports a coarse level, or that
    /// the pad is on its cable ("wired": charging, or powered by it).
    public var message: Message {
        switch state {
        case .unknown: return .batteryUnknown
        case .wired: return .batteryWired
        case .full: return .batteryFull
        case .discharging:
            let level = self.level ?? 0
            return level <= 0.1 ? .batteryEmpty : level <= Battery.lowLevel ? .batteryLowShort : .batteryMedium
        }
    }
}
