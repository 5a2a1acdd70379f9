import KoalioGame
import KoalioSDL

/// Plays an input script: keys through SDL's event queue, pads through SDL virtual joysticks.
@MainActor
final class ScriptPlayer {
    let script: InputScript
    private(set) var pads: [VirtualPad] = []

    init(script: InputScript) { self.script = script }

    /// Unplugs every pad the script attached (before SDL shuts down).
    func detachAll() {
        for pad in pads { pad.detach() }
    }

    func perform(at tick: Int, on platform: Platform) throws(KoalioError) {
        for event in script.events(at: tick) {
            do {
                switch event.action {
                case let .key(key, down):
                    platform.pushKey(key, down: down)
                case let .padAttach(kind):
                    guard let kind = VirtualPad.Kind(rawValue: kind) else { throw KoalioError.runtime("unknown pad kind \(kind)") }
                    pads.append(try VirtualPad(kind: kind))
                case let .padDetach(pad):
                    pads[pad - 1].detach()
                case let .padButton(pad, button, down):
                    try pads[pad - 1].set(button: button, down: down)
                case let .padAxis(pad, axis, value):
                    try pads[pad - 1].set(axis: axis, value: Float(value))
                case let .pointer(pointer):
                    platform.pushPointer(pointer)
                }
            } catch let error as KoalioError {
                throw error
            } catch {
                throw .runtime("input script, tick \(tick): \(error)")
            }
        }
    }
}
