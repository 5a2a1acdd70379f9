import KoalioCore

/// Which pointer: the mouse, or one finger of one touch device.
public enum PointerID: Hashable, Sendable {
    case mouse
    case finger(device: Int64, finger: Int64)
}

/// A pointer going down, moving or lifting, in logical-view coordinates.
public struct PointerEvent: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case down, move, up
    }

    public var id: PointerID
    public var phase: Phase
    public var position: Vec2

    public init(id: PointerID, phase: Phase, position: Vec2) {
        self.id = id
        self.phase = phase
        self.position = position
    }
}
