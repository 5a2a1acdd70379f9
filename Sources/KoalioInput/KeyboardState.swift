/// The keyboard as the platform layer saw it since the last tick.
///
/// Only key events write it; everything else reads. `held` is the current state, and `pressed`
/// collects keys that went down since the last tick, so a tap shorter than one tick still counts
/// (SDL can deliver a press and its release in one poll).
public struct KeyboardState: Sendable, Equatable {
    public private(set) var held: Set<Key> = []
    public private(set) var pressed: Set<Key> = []

    public init() {}

    public mutating func keyDown(_ key: Key, isRepeat: Bool = false) {
        guard !isRepeat else { return }
        held.insert(key)
        pressed.insert(key)
    }

    public mutating func keyUp(_ key: Key) { held.remove(key) }

    /// Releases everything (the window lost focus: keys released elsewhere never reach us).
    public mutating func releaseAll() { held.removeAll() }

    /// Called once a tick has consumed this tick's presses.
    public mutating func endTick() { pressed.removeAll() }

    public func isDown(_ key: Key) -> Bool { held.contains(key) || pressed.contains(key) }
    public func wasPressed(_ key: Key) -> Bool { pressed.contains(key) }
}
