import KoalioCore
import KoalioHUD

/// Draws the HUD translucent so the level shows through: the joystick and A/B with the scene
/// (a pause dims them too), the pause button on top of everything, so a touch player always
/// sees the way back.
public enum HUDView {
    /// The HUD's opacity at full visibility, 0…255: clearly there, never hiding the level.
    public static let maxAlpha = 170.0
    static let idleJoystickAlpha = 0.6

    static func alpha(_ hud: HUDAppearance) -> Double { maxAlpha * min(1, max(0, hud.opacity)) }

    static func tint(_ hud: HUDAppearance, _ factor: Double = 1) -> Color {
        Color(255, 255, 255, UInt8(max(0, min(255, alpha(hud) * factor))))
    }

    /// The joystick and the A and B buttons.
    public static func drawControls(_ hud: HUDAppearance, into list: inout DrawList) {
        guard hud.opacity > 0 else { return }
        let alpha = alpha(hud)
        func tint(_ factor: Double = 1) -> Color { HUDView.tint(hud, factor) }
        let layout = hud.layout

        // Joystick: the base where the hand put it, the knob at the handle.
        let baseRadius = layout.joystickRadius + 6
        let stickAlpha = hud.joystickHeld ? 1 : idleJoystickAlpha
        list.append(.sprite(.hud, source: Art.hudBase, destination: square(hud.joystickCenter, radius: baseRadius),
                            flipped: false, tint: tint(stickAlpha)))
        let knob = Vec2(hud.joystickCenter.x + hud.handleOffset.x, hud.joystickCenter.y + hud.handleOffset.y)
        list.append(.sprite(.hud, source: Art.hudKnob, destination: square(knob, radius: 17), flipped: false, tint: tint(stickAlpha)))

        for (circle, label, pressed) in [(layout.buttonB, "B", hud.bPressed), (layout.buttonA, "A", hud.aPressed)] {
            list.append(.sprite(.hud, source: pressed ? Art.hudButtonPressed : Art.hudButton,
                                destination: square(circle.center, radius: circle.radius), flipped: false, tint: tint()))
            Lettering.draw(label, x: circle.center.x, y: circle.center.y - Double(Art.glyphHeight), scale: 2,
                      color: pressed ? Color(40, 36, 52, UInt8(alpha)) : tint(), centered: true, into: &list)
        }
    }

    /// The pause button, drawn last.
    public static func drawPauseButton(_ hud: HUDAppearance, into list: inout DrawList) {
        guard hud.opacity > 0 else { return }
        let pause = hud.layout.pause
        list.append(.sprite(.hud, source: Art.hudPause, destination: square(pause.center, radius: pause.radius),
                            flipped: false, tint: tint(hud, hud.pausePressed ? 1.4 : 1)))
    }

    private static func square(_ center: Vec2, radius: Double) -> Rect {
        Rect(x: (center.x - radius).rounded(), y: (center.y - radius).rounded(), width: (radius * 2).rounded(), height: (radius * 2).rounded())
    }
}
