/// The keys koalio listens to, independent of SDL's key codes (the platform layer translates).
public enum Key: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down
    case a, d, w, s
    case space, z, x, leftShift
    case escape, p, q, enter, f11
}
