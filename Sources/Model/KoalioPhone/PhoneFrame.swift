/// What a phone's page sends, several dozen times a second: the whole state of its pad, so a
/// lost or late frame is made good by the next. A fixed 9-byte binary layout; anything else is
/// malformed and closes the connection (the server never guesses what a phone meant).
///
/// | byte | what |
/// |---|---|
/// | 0 | ``kind`` (1) |
/// | 1 | buttons held: bit 0 A (jump), bit 1 B (dash), bit 2 pause |
/// | 2–3 | stick x, signed 16-bit little-endian, −32767…32767 (right positive) |
/// | 4–5 | stick y, the same (down positive, as SDL's sticks) |
/// | 6, 7, 8 | presses of A, B and pause so far, each counting up and wrapping at 256 |
///
/// The press counters let a tap shorter than a frame still land: the game sees that a button
/// was pressed since the last frame even if it is up again.
public struct PhoneFrame: Equatable, Sendable {
    public static let kind: UInt8 = 1
    public static let byteCount = 9

    public var a = false, b = false, pause = false
    /// −32767…32767 each.
    public var stickX: Int16 = 0, stickY: Int16 = 0
    public var aPresses: UInt8 = 0, bPresses: UInt8 = 0, pausePresses: UInt8 = 0

    public init(a: Bool = false, b: Bool = false, pause: Bool = false, stickX: Int16 = 0, stickY: Int16 = 0,
                aPresses: UInt8 = 0, bPresses: UInt8 = 0, pausePresses: UInt8 = 0) {
        self.a = a
        self.b = b
        self.pause = pause
        self.stickX = stickX
        self.stickY = stickY
        self.aPresses = aPresses
        self.bPresses = bPresses
        self.pausePresses = pausePresses
    }

    /// Why bytes are no frame.
    public enum Malformed: Error, Equatable, Sendable {
        case length(Int)
        case kind(UInt8)
        /// Bits 3–7 of the buttons byte are not zero.
        case unknownButtons(UInt8)
        /// −32768 is outside the stick's range.
        case stickOutOfRange
    }

    /// The frame in `bytes`, or why they are none.
    public init<Bytes: Collection<UInt8>>(decoding bytes: Bytes) throws(Malformed) {
        guard bytes.count == Self.byteCount else { throw .length(bytes.count) }
        let b = Array(bytes)
        guard b[0] == Self.kind else { throw .kind(b[0]) }
        guard b[1] & ~0b111 == 0 else { throw .unknownButtons(b[1]) }
        let x = Int16(bitPattern: UInt16(b[2]) | UInt16(b[3]) << 8)
        let y = Int16(bitPattern: UInt16(b[4]) | UInt16(b[5]) << 8)
        guard x != .min, y != .min else { throw .stickOutOfRange }
        self.init(a: b[1] & 1 != 0, b: b[1] & 2 != 0, pause: b[1] & 4 != 0, stickX: x, stickY: y,
                  aPresses: b[6], bPresses: b[7], pausePresses: b[8])
    }

    public var bytes: [UInt8] {
        let x = UInt16(bitPattern: stickX), y = UInt16(bitPattern: stickY)
        let buttons: UInt8 = (a ? 1 : 0) | (b ? 2 : 0) | (pause ? 4 : 0)
        return [Self.kind, buttons, UInt8(x & 0xFF), UInt8(x >> 8), UInt8(y & 0xFF), UInt8(y >> 8), aPresses, bPresses, pausePresses]
    }

    /// Nothing held, the stick centred, the counters kept (a neutral pad after a lost connection).
    public var released: PhoneFrame {
        PhoneFrame(aPresses: aPresses, bPresses: bPresses, pausePresses: pausePresses)
    }
}

/// What the game tells a phone's page, as binary frames whose first byte says which.
public enum PhoneMessage: Equatable, Sendable {
    /// The seat the phone has, its player number (0: none yet) and light colour, and the token
    /// that takes the same seat back after a reload.
    case seat(number: Int, player: Int, red: UInt8, green: UInt8, blue: UInt8, resume: [UInt8])
    /// Rumble for `milliseconds` at `strength` (0…255).
    case rumble(milliseconds: UInt16, strength: UInt8)
    /// Four players are playing: no seat for this phone.
    case full
    /// The token that takes this seat back after a reload, sent the moment the WebSocket is up
    /// (the seat message follows from the game's next frame): a page that drops at once still
    /// holds the token that works.
    case resume([UInt8])

    public var bytes: [UInt8] {
        switch self {
        case let .seat(number, player, red, green, blue, resume):
            [1, UInt8(clamping: number), UInt8(clamping: player), red, green, blue] + resume
        case let .rumble(milliseconds, strength):
            [2, UInt8(milliseconds & 0xFF), UInt8(milliseconds >> 8), strength]
        case .full:
            [3]
        case let .resume(token):
            [4] + token
        }
    }
}
