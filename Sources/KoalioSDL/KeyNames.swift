import CSDL2
import KoalioInput

/// Keys by SDL's names (`SDL_GetScancodeName`: "Space", "Left Shift", "Return"): the settings
/// file's spelling and the keycap glyphs' text. Needs no SDL_Init.
public enum KeyNames {
    /// The key SDL calls `name` (any case, as SDL compares), or "Key N" as ``name(of:)`` writes
    /// a key SDL has no name for; nil for a name SDL does not know.
    public static func key(named name: String) -> Key? {
        if name.hasPrefix("Key "), let usage = Int(name.dropFirst(4)), (1..<Int(SDL_NUM_SCANCODES.rawValue)).contains(usage) {
            return Key(usage: usage)
        }
        let scancode = SDL_GetScancodeFromName(name)
        return scancode == SDL_SCANCODE_UNKNOWN ? nil : Key(usage: Int(scancode.rawValue))
    }

    /// SDL's name for `key`, or "Key N" for a key SDL has no name for.
    public static func name(of key: Key) -> String {
        guard let scancode = UInt32(exactly: key.usage), scancode < SDL_NUM_SCANCODES.rawValue,
              let name = SDL_GetScancodeName(SDL_Scancode(rawValue: scancode)).map({ String(cString: $0) }), !name.isEmpty else {
            return "Key \(key.usage)"
        }
        return name
    }
}
