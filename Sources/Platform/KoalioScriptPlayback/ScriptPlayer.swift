import KoalioScripting
import KoalioSDL

/// Plays an input script the real way: keys, pointers and window events through SDL's event
/// queue, pads as SDL virtual joysticks. The game uses it only for `--input-script`.
@MainActor
public final class ScriptPlayer {
    public let script: InputScript
    /// The pads the script attached, in order (`pad1` first), detached ones included.
    public private(set) var pads: [VirtualPad] = []

    public init(script: InputScript) { self.script = script }

    /// Unplugs every pad the script attached (before SDL shuts down).
    public func detachAll() {
        for pad in pads { pad.detach() }
    }

    /// The script's pad by its number (the parser checked the order; this keeps it checked).
    private func pad(_ number: Int) throws(SDLError) -> VirtualPad {
        guard pads.indices.contains(number - 1) else { throw SDLError(operation: "pad\(number)", reason: "it is not attached") }
        return pads[number - 1]
    }

    /// Performs what the script does at `tick`, in the script's order.
    public func perform(at tick: Int, on platform: Platform) throws(ScriptPlaybackError) {
        for event in script.events(at: tick) {
            do throws(SDLError) {
                switch event.action {
                case let .key(key, down):
                    try platform.pushKey(key, down: down)
                case let .padAttach(kind):
                    guard let kind = VirtualPad.Kind(rawValue: kind) else {
                        throw SDLError(operation: "pad attach \(kind)", reason: "unknown pad kind")
                    }
                    pads.append(try VirtualPad(kind: kind))
                case let .padDetach(pad):
                    try self.pad(pad).detach()
                case let .padButton(pad, button, down):
                    try self.pad(pad).set(button: button, down: down)
                case let .padAxis(pad, axis, value):
                    try self.pad(pad).set(axis: axis, value: Float(value))
                case let .pointer(pointer):
                    try platform.pushPointer(pointer)
                case .windowFocusLost:
                    try platform.pushFocusLost()
                case let .windowResize(width, height):
                    platform.resizeWindow(width: width, height: height)
                }
            } catch {
                throw ScriptPlaybackError(tick: tick, underlying: error)
            }
        }
    }
}

/// A script step SDL could not perform: where in the script, and SDL's reason.
public struct ScriptPlaybackError: Error, CustomStringConvertible {
    public var tick: Int
    public var underlying: SDLError

    public var description: String { "input script, tick \(tick): \(underlying)" }
}
