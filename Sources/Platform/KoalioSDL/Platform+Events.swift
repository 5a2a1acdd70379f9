import CSDL2
import FoundationEssentials
import Glibc
import KoalioCore
import KoalioInput

/// SDL's event queue in koalio's terms, scripted input pushed back into it, and time.
extension Platform {
    /// Drains SDL's queue, as values (pads' events included, in queue order). Called once per
    /// frame, before the frame's ticks.
    public func pollEvents() -> [PlatformEvent] {
        var events: [PlatformEvent] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if let padEvents = pads.translate(event) {
                events += padEvents.map(PlatformEvent.pad)
                continue
            }
            if let translated = EventTranslator.translate(event, logical: logicalPoint) { events.append(translated) }
        }
        return events
    }

    /// Reads controller mappings (`gamecontrollerdb.txt`); files that do not exist are skipped.
    /// Each pad's mapping reaches SDL when the pad appears (pads present at start-up included:
    /// their arrival is still in the queue), so call this before the first `pollEvents()`.
    public func loadControllerMappings(_ paths: [String]) throws(DataFileError) {
        pads.mappings = try GamepadManager.readMappings(files: paths)
    }

    /// Sends the pads what the model asked for: player lights, light-bar colours, rumble.
    public func performControllerEffects(_ effects: [ControllerEffect]) { pads.perform(effects) }

    /// Window coordinates (or 0…1 of the window for fingers) → the logical view, through the
    /// letterbox: the inverse of how the scene is shown.
    func logicalPoint(_ x: Double, _ y: Double, normalized: Bool) -> Vec2 {
        let mapping = viewMapping()
        return normalized ? mapping.logical(windowX: x * mapping.windowWidth, windowY: y * mapping.windowHeight)
                          : mapping.logical(windowX: x, windowY: y)
    }

    private func viewMapping() -> SceneCanvas.Mapping {
        let (windowWidth, windowHeight) = window.size
        let (pixelWidth, pixelHeight) = outputSize()
        return SceneCanvas.Mapping(windowWidth: windowWidth, windowHeight: windowHeight, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                                   scaling: renderer.scaling)
    }

    /// Puts an event at the end of SDL's queue (0 means an event filter dropped it: koalio sets none).
    private func push(_ event: inout SDL_Event) throws(SDLError) {
        try check(SDL_PushEvent(&event), "SDL_PushEvent")
    }

    /// Queues a mouse or finger event given in logical coordinates, converted to what SDL
    /// would report for the window: scripted pointers take the real path back.
    public func pushPointer(_ pointer: PointerEvent) throws(SDLError) {
        let mapping = viewMapping()
        var (wx, wy) = mapping.window(logical: pointer.position)
        if case .finger = pointer.id {
            wx /= mapping.windowWidth
            wy /= mapping.windowHeight
        } else if pointer.phase != .move {
            scriptedMouseHeld = pointer.phase == .down
        }
        var event = EventTranslator.pointerEvent(pointer, windowX: wx, windowY: wy, windowID: window.id,
                                                 mouseHeld: scriptedMouseHeld)
        try push(&event)
    }

    /// Queues the window's loss of keyboard focus, as SDL reports it when the player clicks
    /// another window: scripted input takes the real path.
    public func pushFocusLost() throws(SDLError) {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.windowID = window.id
        event.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
        try push(&event)
    }

    /// Resizes the window as a player dragging its edge would (scripts and tests).
    public func resizeWindow(width: Int, height: Int) {
        window.resize(width: width, height: height)
    }

    /// Queues a key event as if the key had been pressed: scripted input takes the real path.
    public func pushKey(_ key: Key, down: Bool) throws(SDLError) {
        var event = EventTranslator.keyEvent(key, down: down, windowID: window.id)
        try push(&event)
    }

    // MARK: - Time

    /// Seconds on SDL's monotonic high-resolution clock.
    public func now() -> Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }

    /// A still screen's rest: returns when an event is queued or `seconds` have passed, whichever
    /// comes first (a key, a pad, the window exposed or closed all wake it). The poll sentinel
    /// SDL's wait leaves queued is taken out again: left in, it would end the next frame's
    /// `SDL_PollEvent` loop before events pushed since (a script's, a frame late; see
    /// ``sleep(seconds:)``). With a pad open SDL 2 polls it every millisecond meanwhile; with
    /// none, X11 and Wayland block.
    public func waitForEvent(upTo seconds: Double) {
        guard seconds > 0 else { return }
        _ = SDL_WaitEventTimeout(nil, Int32(min(seconds, 60) * 1000))
        SDL_FlushEvent(UInt32(SDL_POLLSENTINEL.rawValue))
    }

    /// Sleeps until the next frame is due. Not `SDL_WaitEventTimeout`: waking on an event
    /// would start frames off their cadence (a scripted run's ticks early), and the poll
    /// sentinel it leaves in SDL's queue ends the next frame's `SDL_PollEvent` loop before the
    /// events queued since, delaying them a frame (a scripted win desynced so under Wayland).
    /// A still frame is cheap without it: it is neither drawn nor presented.
    /// Not `SDL_Delay` either: it sleeps whole milliseconds, and a 144 Hz frame is 6.94 ms.
    public func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        var left = timespec()
        // Woken early by a signal: sleep the rest (SIGINT and SIGTERM reach SDL as a quit event).
        while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
    }
}
