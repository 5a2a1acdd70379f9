import CSDL2
import KoalioInput

/// Keys by SDL's names (`SDL_GetScancodeName`: "Space", "Left Shift", "Return"): the settings
/// file's spelling and the keycap glyphs' text. Needs no SDL_Init.
public enum KeyNames {
    /// Every key SDL can name, as data for the menus, prompts and the settings file (which call
    /// no SDL). A key SDL has no name for is "Key N", and reads back as itself.
    public static let table = KeyNameTable(names: (1..<Int(SDL_NUM_SCANCODES.rawValue)).compactMap { usage in
        SDL_GetScancodeName(SDL_Scancode(rawValue: UInt32(usage))).map { (Key(usage: usage), String(cString: $0)) }
    })
}
