import KoalioScripting
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

    /// The script's pad by its number (the parser checked the order; this keeps it checked).
    private func pad(_ number: Int) throws(KoalioError) -> VirtualPad {
        guard pads.indices.contains(number - 1) else { throw .input("input script: pad\(number) is not attached") }
        return pads[number - 1]
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
                    try self.pad(pad).detach()
                case let .padButton(pad, button, down):
                    try self.pad(pad).set(button: button, down: down)
                case let .padAxis(pad, axis, value):
                    try self.pad(pad).set(axis: axis, value: Float(value))
                case let .pointer(pointer):
                    platform.pushPointer(pointer)
                case .windowFocusLost:
                    platform.pushFocusLost()
                case let .windowResize(width, height):
                    platform.resizeWindow(width: width, height: height)
                }
            } catch let error as KoalioError {
                throw error
            } catch {
                throw .runtime("input script, tick \(tick): \(error)")
            }
        }
    }
}
