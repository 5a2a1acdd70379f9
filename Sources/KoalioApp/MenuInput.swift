import KoalioCore
import KoalioInput

/// One tick's menu navigation, from every scheme at once: arrows/WASD, Enter and Esc on the
/// keyboard; any pad's d-pad or left stick, A and B; a tap or click on an entry.
struct MenuInput: Equatable {
    var up = false, down = false, left = false, right = false
    var choose = false
    /// Esc: back in menus (in a level it is the pause key).
    var back = false
    /// A pad's B: back in menus, and out of a paused level.
    var padBack = false
    /// Q: out of a paused level.
    var quit = false
    /// Where the mouse or a finger went down this tick, in the logical view.
    var tap: Vec2?
}

/// Turns the frame's key and pointer events and each tick's pads into ``MenuInput``: keys
/// count as pressed (repeats included, so a held arrow scrolls); pads' directions, A and B as
/// they cross half-way. Pads are read apart from the keyboard, whose ↑ is also its A (jump).
struct MenuInputReader {
    /// Past half-way counts as pressed, for stick and d-pad directions and the B button.
    static let threshold: Float = 0.5
    /// The key that leaves a paused level (Escape there resumes: it is the pause key).
    static let leaveLevelKey = Key.q
    private var pending = MenuInput()
    private var previous = GamepadSnapshot.neutral

    mutating func key(_ key: Key) {
        switch key {
        case .up, .w: pending.up = true
        case .down, .s: pending.down = true
        case .left, .a: pending.left = true
        case .right, .d: pending.right = true
        case .enter, .space, .z: pending.choose = true
        case .escape: pending.back = true
        case Self.leaveLevelKey: pending.quit = true
        default: break
        }
    }

    mutating func pointerDown(at point: Vec2) { pending.tap = point }

    /// This tick's input; what the keys and pointers did since the last tick is used up.
    /// - Parameter snapshot: every pad's input merged (not the keyboard's or the HUD's).
    mutating func take(pads snapshot: GamepadSnapshot) -> MenuInput {
        var input = pending
        pending = MenuInput()
        func crossed(_ value: (GamepadSnapshot) -> Float, _ sign: Float) -> Bool {
            value(snapshot) * sign > Self.threshold && value(previous) * sign <= Self.threshold
        }
        let x: (GamepadSnapshot) -> Float = { abs($0.dpadX) >= abs($0.leftX) ? $0.dpadX : $0.leftX }
        let y: (GamepadSnapshot) -> Float = { abs($0.dpadY) >= abs($0.leftY) ? $0.dpadY : $0.leftY }
        input.up = input.up || crossed(y, 1)
        input.down = input.down || crossed(y, -1)
        input.left = input.left || crossed(x, -1)
        input.right = input.right || crossed(x, 1)
        input.choose = input.choose || crossed({ $0.buttonA }, 1)
        input.padBack = crossed({ $0.buttonB }, 1)
        previous = snapshot
        return input
    }
}
