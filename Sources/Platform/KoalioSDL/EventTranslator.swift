import CSDL2
import KoalioCore
import KoalioInput

/// The one place SDL's event structs become koalio's ``PlatformEvent`` values.
///
/// Keys are read by scancode (the key's position), so WASD/ZX sit where they do on a US
/// keyboard whatever the layout.
enum EventTranslator {
    /// The key at `scancode` (SDL's scancodes are the USB usages ``Key`` holds); the keypad's
    /// Enter counts as Return. Nil for SDL's "unknown".
    static func key(_ scancode: SDL_Scancode) -> Key? {
        switch scancode {
        case SDL_SCANCODE_UNKNOWN: return nil
        case SDL_SCANCODE_KP_ENTER: return .enter
        default: return Key(usage: Int(scancode.rawValue))
        }
    }

    /// Window events after which what the window shows must be presented again.
    static let repaintingWindowEvents = Set([
        SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_MAXIMIZED,
        SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_DISPLAY_CHANGED, SDL_WINDOWEVENT_FOCUS_GAINED,
    ].map(\.rawValue))

    /// - Parameter logical: maps window coordinates (mouse pixels, or finger positions 0…1 of
    ///   the window when `normalized`) into the logical view.
    static func translate(_ event: SDL_Event, logical: (_ x: Double, _ y: Double, _ normalized: Bool) -> Vec2) -> PlatformEvent? {
        switch event.type {
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            // SDL also turns touches into mouse events; the fingers are counted already.
            guard event.button.which != koalio_touch_mouse_id(), event.button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            return .pointer(PointerEvent(id: .mouse, phase: event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : .up,
                                         position: logical(Double(event.button.x), Double(event.button.y), false)))
        case SDL_MOUSEMOTION.rawValue:
            guard event.motion.which != koalio_touch_mouse_id() else { return nil }
            guard event.motion.state & koalio_button_lmask() != 0 else { return .mouseMoved }
            return .pointer(PointerEvent(id: .mouse, phase: .move, position: logical(Double(event.motion.x), Double(event.motion.y), false)))
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let phase: PointerEvent.Phase = event.type == SDL_FINGERDOWN.rawValue ? .down : event.type == SDL_FINGERUP.rawValue ? .up : .move
            return .pointer(PointerEvent(id: .finger(device: event.tfinger.touchId, finger: event.tfinger.fingerId), phase: phase,
                                         position: logical(Double(event.tfinger.x), Double(event.tfinger.y), true)))
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_KEYDOWN.rawValue:
            guard let key = key(event.key.keysym.scancode) else { return nil }
            return .keyDown(key, isRepeat: event.key.repeat != 0)
        case SDL_KEYUP.rawValue:
            guard let key = key(event.key.keysym.scancode) else { return nil }
            return .keyUp(key)
        case SDL_WINDOWEVENT.rawValue:
            let kind = UInt32(event.window.event)
            if kind == SDL_WINDOWEVENT_FOCUS_LOST.rawValue { return .focusLost }
            return repaintingWindowEvents.contains(kind) ? .repaint : nil
        case SDL_RENDER_TARGETS_RESET.rawValue, SDL_RENDER_DEVICE_RESET.rawValue:
            return .repaint  // the renderer lost what it held: draw again
        default:
            return nil
        }
    }

    /// Builds the SDL event a real mouse or finger would, at window coordinates (for a finger,
    /// 0…1 of the window), for scripted input.
    static func pointerEvent(_ pointer: PointerEvent, windowX: Double, windowY: Double, windowID: UInt32,
                             mouseHeld: Bool) -> SDL_Event {
        var event = SDL_Event()
        switch pointer.id {
        case .mouse:
            switch pointer.phase {
            case .down, .up:
                event.type = pointer.phase == .down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
                event.button.windowID = windowID
                event.button.button = UInt8(SDL_BUTTON_LEFT)
                event.button.state = UInt8(pointer.phase == .down ? SDL_PRESSED : SDL_RELEASED)
                event.button.clicks = 1
                event.button.x = Int32(pixel: windowX.rounded())
                event.button.y = Int32(pixel: windowY.rounded())
            case .move:
                event.type = SDL_MOUSEMOTION.rawValue
                event.motion.windowID = windowID
                event.motion.state = mouseHeld ? koalio_button_lmask() : 0
                event.motion.x = Int32(pixel: windowX.rounded())
                event.motion.y = Int32(pixel: windowY.rounded())
            }
        case let .finger(device, finger):
            event.type = pointer.phase == .down ? SDL_FINGERDOWN.rawValue : pointer.phase == .up ? SDL_FINGERUP.rawValue : SDL_FINGERMOTION.rawValue
            event.tfinger.touchId = device
            event.tfinger.fingerId = finger
            event.tfinger.x = Float(windowX)
            event.tfinger.y = Float(windowY)
            event.tfinger.pressure = pointer.phase == .up ? 0 : 1
            event.tfinger.windowID = windowID
        }
        return event
    }

    /// Builds the SDL key event a real key press would, for scripted input.
    static func keyEvent(_ key: Key, down: Bool, windowID: UInt32) -> SDL_Event {
        var event = SDL_Event()
        event.type = down ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
        event.key.windowID = windowID
        event.key.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        event.key.keysym.scancode = SDL_Scancode(rawValue: UInt32(key.usage))
        event.key.keysym.sym = SDL_GetKeyFromScancode(event.key.keysym.scancode)
        return event
    }
}
