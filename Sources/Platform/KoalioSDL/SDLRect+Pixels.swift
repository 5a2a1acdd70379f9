import CSDL2
import KoalioCore

extension Int32 {
    /// A coordinate for SDL, rounded down, with anything not finite or beyond SDL's 32 bits
    /// saturated instead of trapping: the draw list's numbers come from the world, and the
    /// world from files. (The loaders bound them; this keeps the last step safe regardless.)
    init(pixel value: Double) {
        guard value.isFinite else {
            self = 0
            return
        }
        self = Int32(Swift.max(-1_000_000_000, Swift.min(1_000_000_000, value.rounded(.down))))
    }
}

extension SDL_Rect {
    /// A whole-pixel rectangle from a draw list's, with its origin rounded down.
    init(pixels rect: Rect) {
        self.init(x: Int32(pixel: rect.x), y: Int32(pixel: rect.y), w: Int32(pixel: rect.width), h: Int32(pixel: rect.height))
    }

    init(pixels rect: IntRect) {
        self.init(x: Int32(clamping: rect.x), y: Int32(clamping: rect.y), w: Int32(clamping: rect.width), h: Int32(clamping: rect.height))
    }
}
