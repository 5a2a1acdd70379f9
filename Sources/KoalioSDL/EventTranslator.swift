import CSDL2
import KoalioInput

/// The one place SDL's event structs become koalio's ``PlatformEvent`` values.
///
/// Keys are read by scancode (the key's position), so WASD/ZX sit where they do on a US
/// keyboard whatever the layout.
enum EventTranslator {
    static let keysByScancode: [UInt32: Key] = [
        SDL_SCANCODE_LEFT.rawValue: .left, SDL_SCANCODE_RIGHT.rawValue: .right,
        SDL_SCANCODE_UP.rawValue: .up,
        SDL_SCANCODE_A.rawValue: .a, SDL_SCANCODE_D.rawValue: .d, SDL_SCANCODE_W.rawValue: .w,
        SDL_SCANCODE_SPACE.rawValue: .space, SDL_SCANCODE_Z.rawValue: .z,
        SDL_SCANCODE_X.rawValue: .x, SDL_SCANCODE_LSHIFT.rawValue: .leftShift,
        SDL_SCANCODE_ESCAPE.rawValue: .escape, SDL_SCANCODE_P.rawValue: .p,
        SDL_SCANCODE_RETURN.rawValue: .enter, SDL_SCANCODE_KP_ENTER.rawValue: .enter,
        SDL_SCANCODE_F11.rawValue: .f11,
    ]

    static let scancodesByKey: [Key: SDL_Scancode] = Dictionary(
        keysByScancode.map { (scancode, key) in (key, SDL_Scancode(rawValue: scancode)) },
        uniquingKeysWith: { first, second in first.rawValue < second.rawValue ? first : second })

    static func translate(_ event: SDL_Event) -> PlatformEvent? {
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_KEYDOWN.rawValue:
            guard let key = keysByScancode[event.key.keysym.scancode.rawValue] else { return nil }
            return .keyDown(key, isRepeat: event.key.repeat != 0)
        case SDL_KEYUP.rawValue:
            guard let key = keysByScancode[event.key.keysym.scancode.rawValue] else { return nil }
            return .keyUp(key)
        case SDL_WINDOWEVENT.rawValue:
            return UInt32(event.window.event) == SDL_WINDOWEVENT_FOCUS_LOST.rawValue ? .focusLost : nil
        default:
            return nil
        }
    }

    /// Builds the SDL key event a real key press would, for scripted input.
    static func keyEvent(_ key: Key, down: Bool, windowID: UInt32) -> SDL_Event {
        var event = SDL_Event()
        event.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
        event.key.windowID = windowID
        event.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        event.key.keysym.scancode = scancodesByKey[key] ?? SDL_SCANCODE_UNKNOWN
        event.key.keysym.sym = SDL_GetKeyFromScancode(event.key.keysym.scancode)
        return event
    }
}
