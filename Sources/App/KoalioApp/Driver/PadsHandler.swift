import KoalioFlow
import KoalioHUD
import KoalioInput
import KoalioSDL
import KoalioUserData

/// The controllers as devices: a pad's jolt, each frame's lights and rumble sent to SDL, and the
/// controls' settings (bindings, dead zone, rumble strength, the on-screen controls' size, hand
/// and joystick). Who sits where is the runner's (``FlowRunner``: the seats are in the value).
@MainActor
final class PadsHandler {
    private let registry: ControllerRegistry
    private let hud: HUD
    private let platform: Platform

    init(registry: ControllerRegistry, hud: HUD, platform: Platform) {
        self.registry = registry
        self.hud = hud
        self.platform = platform
    }

    /// The death's jolt: the pad of `player`, or (nil) the pad in use.
    func rumble(player: Int?, seats: Seating) {
        let (low, high, milliseconds) = Effect.deathRumble
        if let player { registry.rumble(player: player, seats: seats, low: low, high: high, milliseconds: milliseconds) } else {
            registry.rumbleCurrent(low: low, high: high, milliseconds: milliseconds)
        }
    }

    /// Once a frame, however many ticks ran: the pads' lights and rumble.
    func frame() { platform.performControllerEffects(registry.drainEffects()) }

    func apply(_ settings: Settings) {
        registry.bindings = settings.bindings
        registry.deadZone = DeadZone(radius: Float(settings.deadZonePercent) / 100)
        registry.rumbleStrength = settings.rumble ? Float(settings.rumbleStrengthPercent) / 100 : 0
        let layout = HUDLayout(size: Double(settings.touchSizePercent) / 100, leftHanded: settings.leftHanded)
        let follows = settings.joystick == .floating
        if layout != hud.settingsLayout || follows != hud.joystick.baseFollows { hud.configure(layout: layout, joystickFollows: follows) }
    }
}
