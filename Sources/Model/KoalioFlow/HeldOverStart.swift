import KoalioInput

/// The buttons a level may not take yet: a jump or dash held from the menu that started it
/// (A, Space or Z that chose the level, the A that chose Restart, the host's A that started an
/// online game, a key held over a speedrun's split). Each acts only once let go and pressed
/// again, for every player on this machine; a button up at the level's first tick, or pressed
/// anew then (a jump's press count, a dash key or button that went down this tick), is free from
/// then on. Applied to the input before the world steps (and so recorded): replays need no
/// such rule.
package struct HeldOverStart: Equatable {
    /// One bit per player (1–4) and button: bit `2 × (player − 1)` the jump, the next the dash.
    private var held: UInt8

    /// Nothing held over: a level started from the command line, or every button let go.
    package static let none = HeldOverStart(held: 0)
    /// Every player's jump and dash: a level just started from a menu.
    package static let all = HeldOverStart(held: 0xFF)

    package var isEmpty: Bool { held == 0 }

    /// `input` with every button still held over let go; a button found up, or pressed anew
    /// (`dashPressed`: a dash key or pad button went down this tick), is free from now on.
    package mutating func masking(_ input: TickInput, dashPressed: Bool) -> TickInput {
        guard held != 0 else { return input }
        var input = input
        var present: UInt8 = mask(player: 1, &input.snapshot, &input.pressed, dashPressed: dashPressed)
        for index in input.partners.indices {
            var partner = input.partners[index]
            present |= mask(player: partner.player, &partner.snapshot, &partner.pressed, dashPressed: dashPressed)
            input.partners[index] = partner
        }
        // A player not in the tick (no partner yet) has nothing held: a pad that joins later presses anew.
        held &= present
        return input
    }

    /// Masks `player`'s held-over buttons that are still down, frees those let go; returns the
    /// player's two bits (their place in ``held``).
    private mutating func mask(player: Int, _ snapshot: inout GamepadSnapshot, _ pressed: inout TickPresses, dashPressed: Bool) -> UInt8 {
        guard (1...4).contains(player) else { return 0 }
        let jump = UInt8(1) << (2 * (player - 1)), dash = jump << 1
        if pressed.contains(.a) { held &= ~jump }  // pressed anew: not the one held over
        if dashPressed { held &= ~dash }
        if held & jump != 0 {
            if snapshot.buttonA >= TickInput.pressThreshold {
                snapshot.buttonA = 0
                pressed.remove(.a)
            } else {
                held &= ~jump
            }
        }
        if held & dash != 0 {
            if snapshot.buttonX >= TickInput.pressThreshold || snapshot.buttonB >= TickInput.pressThreshold {
                snapshot.buttonX = 0
                snapshot.buttonB = 0
            } else {
                held &= ~dash
            }
        }
        return jump | dash
    }
}
