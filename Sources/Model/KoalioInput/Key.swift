/// A key by its place on the keyboard: its USB HID usage ID, which is also SDL's scancode, so
/// a binding means the same key whatever the layout prints on it (WASD stays a cross on AZERTY).
///
/// Any key can be bound (see ``KeyBindings``). Its name, as the settings file and the keycap
/// glyphs spell it, is SDL's (`SDL_GetScancodeName`: `Space`, `Left Shift`, `Return`), which
/// only the platform layer can ask for; input scripts keep their own short names (``scriptName``).
public struct Key: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// USB HID keyboard usage ID (page 7) = SDL scancode.
    public let usage: Int

    public init(usage: Int) { self.usage = usage }

    public static func < (lhs: Key, rhs: Key) -> Bool { lhs.usage < rhs.usage }

    public static let a = Key(usage: 4), d = Key(usage: 7), p = Key(usage: 19), q = Key(usage: 20)
    public static let s = Key(usage: 22), w = Key(usage: 26), x = Key(usage: 27), z = Key(usage: 29)
    /// Return (the keypad's Enter arrives as this too).
    public static let enter = Key(usage: 40)
    public static let escape = Key(usage: 41), backspace = Key(usage: 42), tab = Key(usage: 43), space = Key(usage: 44)
    public static let f11 = Key(usage: 68)
    public static let right = Key(usage: 79), left = Key(usage: 80), down = Key(usage: 81), up = Key(usage: 82)
    public static let leftShift = Key(usage: 225)
    /// The letters A to Z, by usage.
    public static let letters = 4...29

    /// The keys input scripts name, by those names (`0 right down`): the scripts' vocabulary
    /// from before keys could be rebound, kept so every script still reads the same.
    public static let scriptKeys: [(name: String, key: Key)] = [
        ("left", .left), ("right", .right), ("up", .up), ("down", .down),
        ("a", .a), ("d", .d), ("w", .w), ("s", .s),
        ("space", .space), ("z", .z), ("x", .x), ("leftShift", .leftShift),
        ("escape", .escape), ("p", .p), ("q", .q), ("enter", .enter), ("f11", .f11),
        // Typing an address and a code (Play online's join form).
        ("0", Key(usage: 39)), ("1", Key(usage: 30)), ("2", Key(usage: 31)), ("3", Key(usage: 32)), ("4", Key(usage: 33)),
        ("5", Key(usage: 34)), ("6", Key(usage: 35)), ("7", Key(usage: 36)), ("8", Key(usage: 37)), ("9", Key(usage: 38)),
        ("period", Key(usage: 55)), ("semicolon", Key(usage: 51)), ("backspace", .backspace),
    ] + letters.compactMap { usage in
        // Typing a room code: the letters the names above do not have, by their lower-case names.
        let name = String(Character(Unicode.Scalar(UInt8(0x61 + usage - 4))))
        return ["a", "d", "w", "s", "z", "x", "p", "q"].contains(name) ? nil : (name, Key(usage: usage))
    }

    /// The key an input script calls `name`, if it is one of ``scriptKeys``.
    public init?(scriptName name: String) {
        guard let key = Self.scriptKeys.first(where: { $0.name == name })?.key else { return nil }
        self = key
    }

    /// The input scripts' name for this key; nil for a key they cannot name.
    public var scriptName: String? { Self.scriptKeys.first { $0.key == self }?.name }

    public var description: String { scriptName ?? "key \(usage)" }
}
