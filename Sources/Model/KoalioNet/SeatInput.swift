import KoalioCore
import KoalioInput

/// One seat's input for one tick, exactly as it crosses the network: the stick quantised to a
/// signed byte and five bits. A networked game steps every seat's input, its own included,
/// from this value (``snapshot`` and ``pressed``), so the machine that made an input and the
/// ones that received it step the very same thing.
public struct SeatInput: Hashable, Sendable {
    /// Walking strength, −127 (full left) … 127 (full right): the stick or the d-pad.
    public var moveX: Int8
    public var buttons: Buttons

    public struct Buttons: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The seat is in play this tick (a seat without it has no koala: not joined, or left).
        public static let present = Buttons(rawValue: 1)
        /// Jump (A) held.
        public static let jump = Buttons(rawValue: 2)
        /// Dash (X or B) held.
        public static let dash = Buttons(rawValue: 4)
        /// A pressed since the last tick (a tap between two ticks still jumps; on an end screen it plays again).
        public static let aPressed = Buttons(rawValue: 8)
        /// Start / Menu pressed since the last tick: pause or resume, for everyone, on this tick.
        public static let menuPressed = Buttons(rawValue: 16)
        /// Back / Options pressed since the last tick (an end screen's play again).
        public static let optionsPressed = Buttons(rawValue: 32)
        /// Start pressed on a machine that showed the game playing: pause, and never resume
        /// (two players pausing at once leave it paused).
        public static let pausePressed = Buttons(rawValue: 64)

        /// The bits a byte on the wire may carry.
        public static let all: Buttons = [.present, .jump, .dash, .aPressed, .menuPressed, .optionsPressed, .pausePressed]
        /// Presses happen once: a prediction repeats what is held, never what was pressed.
        public static let presses: Buttons = [.aPressed, .menuPressed, .optionsPressed, .pausePressed]
    }

    public init(moveX: Int8 = 0, buttons: Buttons = []) {
        self.moveX = moveX == .min ? -127 : moveX
        self.buttons = buttons
    }

    /// A seat nobody plays on this tick.
    public static let absent = SeatInput()
    /// A seat in play, its controls let go.
    public static let idle = SeatInput(buttons: .present)

    /// The stick steps of the wire: 127 each way.
    public static let stickSteps: Float = 127

    /// What a controller's snapshot and presses say for one tick, quantised (the stick, or the
    /// d-pad when the stick is centred, to the nearest of 255 steps). The game's own pause (a
    /// window that lost focus) is not sent: one player looking away does not stop the others.
    public init(snapshot: GamepadSnapshot, pressed: TickPresses) {
        let command = TickInput(source: 0, snapshot: snapshot, pressed: pressed).command
        let moveX = Float(command.moveX) * Self.stickSteps
        var buttons: Buttons = .present
        if snapshot.buttonA >= 0.5 { buttons.insert(.jump) }
        if command.dash { buttons.insert(.dash) }
        if pressed.contains(.a) { buttons.insert(.aPressed) }
        if pressed.contains(.menu) { buttons.insert(.menuPressed) }
        if pressed.contains(.options) { buttons.insert(.optionsPressed) }
        self.init(moveX: Int8(moveX.rounded()), buttons: buttons)
    }

    public var isPresent: Bool { buttons.contains(.present) }

    /// The one snapshot this input stands for: the stick at its step, A and X at full.
    public var snapshot: GamepadSnapshot {
        var snapshot = GamepadSnapshot()
        snapshot.leftX = Float(moveX) / Self.stickSteps
        snapshot.buttonA = buttons.contains(.jump) ? 1 : 0
        snapshot.buttonX = buttons.contains(.dash) ? 1 : 0
        return snapshot
    }

    /// Start pressed as a pause (the game was shown playing), not a toggle.
    public var pausing: SeatInput {
        guard buttons.contains(.menuPressed) else { return self }
        return SeatInput(moveX: moveX, buttons: buttons.subtracting(.menuPressed).union(.pausePressed))
    }

    /// The presses this input carries.
    public var pressed: TickPresses {
        var pressed: TickPresses = []
        if buttons.contains(.aPressed) { pressed.insert(.a) }
        if buttons.contains(.menuPressed) { pressed.insert(.menu) }
        if buttons.contains(.pausePressed) { pressed.insert(.pauseRequest) }
        if buttons.contains(.optionsPressed) { pressed.insert(.options) }
        return pressed
    }

    /// What a peer guesses for a tick it has not heard yet: the last input it heard, still held,
    /// pressed nothing new.
    public var predictingNext: SeatInput {
        SeatInput(moveX: moveX, buttons: buttons.subtracting(Buttons.presses))
    }

    /// The two bytes on the wire.
    public var wire: (UInt8, UInt8) { (UInt8(bitPattern: moveX), buttons.rawValue) }

    /// Two bytes from the wire, or nil when they are not an input (bits no input has, −128).
    public init?(wire moveX: UInt8, _ buttons: UInt8) {
        let bits = Buttons(rawValue: buttons)
        guard bits.isSubset(of: .all), moveX != 0x80 else { return nil }
        if !bits.contains(.present), bits != [] || moveX != 0 { return nil }  // an absent seat is all zero
        self.init(moveX: Int8(bitPattern: moveX), buttons: bits)
    }
}

/// Every seat's input of one tick, the game's step made from them: seat 1 (the host's first
/// player) is player 1, seats 2–4 are players 2–4 while present. Anyone's Start pauses or resumes
/// for all (a Start pressed while playing only pauses); on an end screen player 1's A or Back,
/// or anyone's Start, plays again.
public enum SeatTick {
    /// The tick's input as the game steps it and a recording keeps it; `sources[i]` is seat i+1's
    /// controller in the run's table.
    public static func tickInput(_ seats: [SeatInput]) -> TickInput {
        let first = seats.first ?? .idle
        var pressed = first.pressed.subtracting([.menu, .pauseRequest])
        if seats.contains(where: { $0.buttons.contains(.menuPressed) }) { pressed.insert(.menu) }
        if seats.contains(where: { $0.buttons.contains(.pausePressed) }) { pressed.insert(.pauseRequest) }
        var partners: [PartnerInput] = []
        for (index, seat) in seats.enumerated().dropFirst() where seat.isPresent {
            partners.append(PartnerInput(player: index + 1, source: index, snapshot: seat.snapshot, pressed: seat.pressed.intersection(.a)))
        }
        return TickInput(source: 0, snapshot: first.snapshot, pressed: pressed, partners: partners)
    }
}
