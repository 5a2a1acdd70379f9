/// What a player can bind: the actions of play. Menus keep their fixed keys and buttons
/// (arrows, Enter, Esc; d-pad, A, B), so no binding can lock anyone out of the settings.
public enum Action: String, CaseIterable, Hashable, Sendable {
    case left, right, jump, dash, pause
}

/// A pad input a player can bind: a button, or a trigger (pressed past its threshold), by
/// the name SDL gives it (`SDL_GameControllerGetStringForButton`, `…ForAxis`): the settings
/// file's spelling. Positional: `a` is the bottom face button on every pad.
public enum PadBinding: Hashable, Sendable {
    case button(PadButton)
    case trigger(PadAxis)

    public static let a = PadBinding.button(.a), b = PadBinding.button(.b), x = PadBinding.button(.x), y = PadBinding.button(.y)
    public static let start = PadBinding.button(.start)
    public static let dpadLeft = PadBinding.button(.dpadLeft), dpadRight = PadBinding.button(.dpadRight)

    /// Every input that can be bound, in the settings menu's order.
    public static let all: [PadBinding] = PadButton.allCases.map(PadBinding.button) + [.trigger(.leftTrigger), .trigger(.rightTrigger)]

    /// SDL's name (`a`, `dpleft`, `lefttrigger`).
    public var name: String {
        switch self {
        case let .button(button): return button.rawValue
        case let .trigger(axis): return axis.rawValue
        }
    }

    /// The input SDL calls `name`; nil for a name that is no button or trigger.
    public init?(name: String) {
        guard let binding = Self.all.first(where: { $0.name == name }) else { return nil }
        self = binding
    }

    /// The profile element this input is (for a d-pad direction, that direction's button).
    public func input(on pad: ExtendedGamepad) -> ButtonInput {
        switch self {
        case .button(.dpadUp): return pad.dpad.up
        case .button(.dpadDown): return pad.dpad.down
        case .button(.dpadLeft): return pad.dpad.left
        case .button(.dpadRight): return pad.dpad.right
        default:
            // Every other button and trigger has its row; an axis that is no trigger reads as the left trigger, as it always did.
            guard let row = PadButtonRow.row(self), let input = pad.button(row.element) else { return pad.leftTrigger }
            return input
        }
    }

    /// Its value (0…1) in a snapshot.
    public func value(in snapshot: GamepadSnapshot) -> Float {
        switch self {
        case .button(.dpadUp): return max(0, snapshot.dpadY)
        case .button(.dpadDown): return max(0, -snapshot.dpadY)
        case .button(.dpadLeft): return max(0, -snapshot.dpadX)
        case .button(.dpadRight): return max(0, snapshot.dpadX)
        default: return snapshot[keyPath: (PadButtonRow.row(self) ?? PadButtonRow.leftTrigger).field]
        }
    }

    /// The same place on a Nintendo pad read by printed label: the bottom button (`a` by
    /// position) is labelled B, the right one (`b`) A, the left (`x`) Y, the top (`y`) X.
    public var nintendoLabelSwapped: PadBinding {
        switch self {
        case .button(.a): return .b
        case .button(.b): return .a
        case .button(.x): return .y
        case .button(.y): return .x
        default: return self
        }
    }
}

/// Which keys and pad buttons do each ``Action``: the settings file's `[keyboard]` and
/// `[gamepad]` tables. Several inputs per action; an input on two actions is a conflict the
/// settings menu shows (both actions then happen).
public struct Bindings: Equatable, Sendable {
    public var keys: [Action: [Key]]
    public var buttons: [Action: [PadBinding]]
    /// Nintendo pads: bindings name buttons by their printed label (`a` = the right button,
    /// printed A) instead of by position (`a` = the bottom one, where Xbox has A).
    public var nintendoByLabel: Bool

    public init(keys: [Action: [Key]] = Bindings.defaultKeys, buttons: [Action: [PadBinding]] = Bindings.defaultButtons,
                nintendoByLabel: Bool = false) {
        self.keys = keys
        self.buttons = buttons
        self.nintendoByLabel = nintendoByLabel
    }

    /// The original's keys: ←/→ or A/D walk, Space/Z/↑/W jump, X/Left Shift dash, Esc/P pause.
    public static let defaultKeys: [Action: [Key]] = [
        .left: [.left, .a], .right: [.right, .d], .jump: [.space, .z, .up, .w], .dash: [.x, .leftShift], .pause: [.escape, .p],
    ]
    /// The original's buttons: the d-pad (and the left stick, always) walks, A jumps, X dashes
    /// (B too: the on-screen controls' dash button is B), Start/Menu pauses.
    public static let defaultButtons: [Action: [PadBinding]] = [
        .left: [.dpadLeft], .right: [.dpadRight], .jump: [.a], .dash: [.x, .b], .pause: [.start],
    ]

    /// The actions other than `action` that `key` also does.
    public func conflicts(of key: Key, with action: Action) -> [Action] {
        Action.allCases.filter { $0 != action && keys[$0, default: []].contains(key) }
    }

    public func conflicts(of button: PadBinding, with action: Action) -> [Action] {
        Action.allCases.filter { $0 != action && buttons[$0, default: []].contains(button) }
    }

    /// The physical buttons (SDL's positional names) that do `action` on a pad of `category`.
    public func physicalButtons(for action: Action, on category: ProductCategory) -> [PadBinding] {
        let named = buttons[action, default: []]
        return nintendoByLabel && category.isNintendo ? named.map(\.nintendoLabelSwapped) : named
    }

    /// A pad's snapshot as the game reads every controller: the d-pad's x from the walk
    /// bindings, A jump, X dash, Menu pause; sticks and Options (play again) as they are. The
    /// keyboard and the on-screen controls already report this way, so replays, which record
    /// it, replay the same whatever the bindings are later.
    public func canonical(_ snapshot: GamepadSnapshot, category: ProductCategory) -> GamepadSnapshot {
        func strongest(_ action: Action) -> Float {
            physicalButtons(for: action, on: category).reduce(0) { max($0, $1.value(in: snapshot)) }
        }
        var result = snapshot
        result.dpadX = strongest(.right) - strongest(.left)
        result.buttonA = strongest(.jump)
        result.buttonX = strongest(.dash)
        result.buttonB = 0
        result.buttonMenu = strongest(.pause)
        return result
    }

    /// A pad's snapshot for menus, whose buttons are fixed (A chooses, B goes back): on a
    /// Nintendo pad read by label, the buttons printed A and B (right and bottom) do that.
    public func forMenus(_ snapshot: GamepadSnapshot, category: ProductCategory) -> GamepadSnapshot {
        guard nintendoByLabel && category.isNintendo else { return snapshot }
        var result = snapshot
        (result.buttonA, result.buttonB) = (snapshot.buttonB, snapshot.buttonA)
        (result.buttonX, result.buttonY) = (snapshot.buttonY, snapshot.buttonX)
        return result
    }

    /// Press counts of a pad's bound buttons, added up per action, for finding presses between ticks.
    public func presses(of pad: ExtendedGamepad, category: ProductCategory) -> GamepadPresses {
        var presses = GamepadPresses()
        presses.a = physicalButtons(for: .jump, on: category).reduce(0) { $0 + $1.input(on: pad).pressCount }
        presses.menu = physicalButtons(for: .pause, on: category).reduce(0) { $0 + $1.input(on: pad).pressCount }
        presses.options = pad.buttonOptions.pressCount
        return presses
    }
}

extension ProductCategory {
    /// Switch Pro and Joy-Con: the face buttons' letters sit where Xbox has other letters.
    public var isNintendo: Bool { self == .switchPro || self == .joyCon }
}
