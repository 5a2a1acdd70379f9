import KoalioCore

/// Buttons pressed since the previous tick, found from press counts, so a tap that went down
/// and up between two ticks still counts.
public struct TickPresses: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let a = TickPresses(rawValue: 1)
    /// Start / Menu (and the keyboard's Esc or P).
    public static let menu = TickPresses(rawValue: 2)
    /// Back / Options (and the keyboard's Enter).
    public static let options = TickPresses(rawValue: 4)
    /// Not a button: the game paused itself before this tick (its window lost focus, or the
    /// pad in use left). Carried with the input so a replay pauses where the run did.
    public static let pauseRequest = TickPresses(rawValue: 8)
}

/// Everything one tick takes from the controller in use: which one, its snapshot, and what
/// was pressed since the last tick. It is what the game steps with, live or replayed, so a
/// list of them replays a run exactly.
public struct TickInput: Hashable, Sendable {
    /// Which controller, as an index into the run's list of controllers (see a recording's table).
    public var source: Int
    public var snapshot: GamepadSnapshot
    public var pressed: TickPresses
    /// Players 2–4 in play on this tick, in player order (co-op; empty alone). Their Start
    /// presses are in ``pressed`` (anyone pauses); theirs carry only what steers their koala.
    public var partners: [PartnerInput]

    public init(source: Int, snapshot: GamepadSnapshot, pressed: TickPresses = [], partners: [PartnerInput] = []) {
        self.source = source
        self.snapshot = snapshot
        self.pressed = pressed
        self.partners = partners
    }

    public static let pressThreshold: Float = 0.5

    /// Player 1's command (see ``command(_:pressed:)``).
    public var command: Command { Self.command(snapshot, pressed: pressed) }

    /// The original's mapping, for every controller and player: left stick x (or the d-pad)
    /// walks with analog strength, A jumps, X dashes (B too: the HUD's dash button).
    static func command(_ snapshot: GamepadSnapshot, pressed: TickPresses) -> Command {
        let moveX = snapshot.leftX != 0 ? snapshot.leftX : snapshot.dpadX
        return Command(moveX: Double(moveX),
                       jump: snapshot.buttonA >= Self.pressThreshold || pressed.contains(.a),
                       dash: snapshot.buttonX >= Self.pressThreshold || snapshot.buttonB >= Self.pressThreshold)
    }

    /// Menu toggles pause; on an end screen A, Menu or Options plays again.
    public var actions: MenuActions {
        MenuActions(togglePause: pressed.contains(.menu), restart: !pressed.isDisjoint(with: [.a, .menu, .options]),
                    pause: pressed.contains(.pauseRequest))
    }
}

/// A co-op player's part of one tick: the merged snapshot of their pads and their A presses.
public struct PartnerInput: Hashable, Sendable {
    /// 2…4.
    public var player: Int
    /// Which controller, as an index into the run's list of controllers (as ``TickInput/source``),
    /// or ``noSource`` while their pad is away.
    public var source: Int
    /// A co-op player's source while their pad is away (a replay file keeps it as this byte).
    public static let noSource = 255
    public var snapshot: GamepadSnapshot
    /// Only ``TickPresses/a`` steers (a tap between ticks still jumps); Start goes to the tick's.
    public var pressed: TickPresses

    public init(player: Int, source: Int, snapshot: GamepadSnapshot, pressed: TickPresses = []) {
        self.player = player
        self.source = source
        self.snapshot = snapshot
        self.pressed = pressed
    }

    public var command: PartnerCommand {
        PartnerCommand(player: player, command: TickInput.command(snapshot, pressed: pressed))
    }
}

/// A controller's press counts at one tick; comparing two finds the presses in between.
public struct GamepadPresses: Equatable, Sendable {
    public var a = 0
    public var menu = 0
    public var options = 0

    public init() {}

    public init(_ pad: ExtendedGamepad) {
        a = pad.buttonA.pressCount
        menu = pad.buttonMenu.pressCount
        options = pad.buttonOptions.pressCount
    }

    public func pressed(since earlier: GamepadPresses) -> TickPresses {
        var pressed: TickPresses = []
        if a != earlier.a { pressed.insert(.a) }
        if menu != earlier.menu { pressed.insert(.menu) }
        if options != earlier.options { pressed.insert(.options) }
        return pressed
    }
}
