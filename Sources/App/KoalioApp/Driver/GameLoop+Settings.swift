import KoalioCore
import KoalioHUD
import KoalioInput
import KoalioSDL
import KoalioUserData
import KoalioView

extension GameLoop {
    /// Puts the effective settings to work: bindings and dead zone in the registry, rumble
    /// strength, the on-screen controls' size, hand and joystick, the volumes, the scaling, and
    /// the frames' pacing with Smooth motion (``pace()``). (The window's size, fullscreen and
    /// display are the platform's, set when it opens.)
    func applySettings() {
        let effective = settings.effective
        registry.bindings = effective.bindings
        registry.deadZone = DeadZone(radius: Float(effective.deadZonePercent) / 100)
        registry.rumbleStrength = effective.rumble ? Float(effective.rumbleStrengthPercent) / 100 : 0
        let layout = HUDLayout(size: Double(effective.touchSizePercent) / 100, leftHanded: effective.leftHanded)
        let follows = effective.joystick == .floating
        let hud = runner.hud
        if layout != hud.layout || follows != hud.joystick.baseFollows { hud.configure(layout: layout, joystickFollows: follows) }
        platform.setVolumes(Audio.Volumes(music: effective.musicVolume, effects: effective.effectsVolume))
        platform.setScaling(effective.scaling)
        pace()
    }

    /// Frames at the display's rate with smooth motion (`--refresh-rate` over what SDL reports),
    /// else 60 a second.
    func pace() {
        let display = platform.displayRefreshRate
        pacing = FramePacing(refreshRate: options.command.refreshRate ?? display, smoothMotion: settings.effective.smoothMotion)
        // Presenting waits for the display's refresh (no tearing) unless frames must come faster
        // than the display refreshes (`--refresh-rate` above its rate, or above 60 on a display
        // SDL reports no rate for): waiting would hold them to its rate.
        let vsync = pacing.framesPerSecond <= (display ?? Tick.perSecond)
        if vsync != vsyncOn { vsyncOn = platform.setVSync(vsync) && vsync }
    }

    /// The display's refresh rate as the game takes it: `--refresh-rate`, else SDL's (nil: none reported).
    var refreshRate: Int? { options.command.refreshRate ?? platform.displayRefreshRate }

    /// The settings menu (or F11) made a change: applied at once and saved (only when something
    /// changed). The window follows the Fullscreen setting (also when it had left it: F11 on a
    /// window a window manager took out of fullscreen); its size and display change only when
    /// they were changed.
    func change(settings new: Settings) {
        let old = settings.effective
        if settings.change(to: new, writer: keeper.writer) { applySettings() }
        let now = settings.effective
        do {
            try platform.setFullscreen(now.fullscreen)
            if now.display != old.display { try platform.moveWindow(toDisplay: platform.displays.firstIndex(of: now.display) ?? 0) }
        } catch {
            warn("\(error)")
        }
        if now.windowScale != old.windowScale { platform.setWindowScale(now.windowScale) }
        if (now.fullscreen, now.windowScale, now.display, now.scaling) != (old.fullscreen, old.windowScale, old.display, old.scaling) {
            shown = nil  // the window changed shape or place: its next picture is presented whatever it shows
        }
        if !now.ghost { keeper.dropGhost() }
        if now.phones != (phones != nil) { setPhones(on: now.phones) }
    }

    /// Phone pads on (the server started; a failure is said on the Add-a-phone page and on
    /// stderr) or off (every phone unplugged, the server stopped).
    func setPhones(on: Bool) {
        if on {
            do {
                phones = try PhonePads.start(listen: options.command.phonesListen, verbose: options.command.verbose, words: options.translations.all)
            } catch {
                phonesProblem = error.description
                warn(error.description)
            }
        } else {
            phones?.stop()
            phones = nil
        }
    }
}
