import KoalioHUD
import KoalioInput
import KoalioSDL
import KoalioUserData

extension GameLoop {
    /// Puts the effective settings to work: bindings and dead zone in the registry, rumble
    /// strength, the on-screen controls' size, hand and joystick, the volumes. (The window's
    /// size, fullscreen and display are the platform's, set when it opens.)
    func applySettings() {
        let effective = settings.effective
        registry.bindings = effective.bindings
        registry.deadZone = DeadZone(radius: Float(effective.deadZonePercent) / 100)
        registry.rumbleStrength = effective.rumble ? Float(effective.rumbleStrengthPercent) / 100 : 0
        let layout = HUDLayout(size: Double(effective.touchSizePercent) / 100, leftHanded: effective.leftHanded)
        let follows = effective.joystick == .floating
        if layout != hud.layout || follows != hud.joystick.baseFollows { hud.configure(layout: layout, joystickFollows: follows) }
        platform.setVolumes(Audio.Volumes(music: effective.musicVolume, effects: effective.effectsVolume))
    }

    /// The settings menu made a change: applied at once and saved (only when something changed).
    func change(settings new: Settings) {
        guard settings.change(to: new, writer: writer) else { return }
        applySettings()
    }
}
