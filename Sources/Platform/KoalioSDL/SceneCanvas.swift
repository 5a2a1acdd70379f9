import CSDL2
import KoalioCore

/// Where the 568×320 scene is drawn, and how it reaches the window.
///
/// With a GPU, the scene is a target texture the GPU scales into the window. Without one,
/// SDL's software renderer draws into a plain surface and the scene is enlarged into the
/// window's surface by hand: SDL's generic stretch was two thirds of all the work per frame
/// (callgrind), while an integer enlargement is a store per pixel and a `memcpy` per row.
/// A window with no surface of its own (Wayland) gets the software scene through a streaming
/// texture of the window's GL renderer (`presenter`).
enum SceneCanvas {
    case texture(OpaquePointer)
    case surface(UnsafeMutablePointer<SDL_Surface>)
    case streamed(UnsafeMutablePointer<SDL_Surface>, presenter: OpaquePointer, texture: OpaquePointer)

    /// Where the view goes in a `width`×`height` window, centred: pixel-perfect, the largest
    /// whole multiple of the view that fits (a window smaller than the view gets the best
    /// fractional fit instead); fill, the largest size of the view's shape that fits.
    static func letterbox(width w: Int32, height h: Int32, scaling: ViewScaling) -> SDL_Rect {
        let fit = min(Double(w) / Double(LogicalView.width), Double(h) / Double(LogicalView.height))
        let scale = fit >= 1 && scaling == .pixelPerfect ? fit.rounded(.down) : fit
        let sw = Int32(Double(LogicalView.width) * scale), sh = Int32(Double(LogicalView.height) * scale)
        return SDL_Rect(x: (w - sw) / 2, y: (h - sh) / 2, w: sw, h: sh)
    }

    /// How the window's coordinates (points, as mouse events give them) relate to the logical
    /// view: through the window's pixels and the letterbox. Both directions in one place.
    struct Mapping {
        var windowWidth: Double, windowHeight: Double
        var pixelWidth: Double, pixelHeight: Double
        var box: SDL_Rect

        init(windowWidth: Int32, windowHeight: Int32, pixelWidth: Int32, pixelHeight: Int32, scaling: ViewScaling) {
            self.windowWidth = Double(max(1, windowWidth))
            self.windowHeight = Double(max(1, windowHeight))
            self.pixelWidth = Double(max(1, pixelWidth))
            self.pixelHeight = Double(max(1, pixelHeight))
            box = SceneCanvas.letterbox(width: pixelWidth, height: pixelHeight, scaling: scaling)
        }

        func logical(windowX x: Double, windowY y: Double) -> Vec2 {
            let px = x * pixelWidth / windowWidth, py = y * pixelHeight / windowHeight
            return Vec2((px - Double(box.x)) * Double(LogicalView.width) / Double(max(1, box.w)),
                        (py - Double(box.y)) * Double(LogicalView.height) / Double(max(1, box.h)))
        }

        func window(logical point: Vec2) -> (x: Double, y: Double) {
            let px = Double(box.x) + point.x * Double(box.w) / Double(LogicalView.width)
            let py = Double(box.y) + point.y * Double(box.h) / Double(LogicalView.height)
            return (px * windowWidth / pixelWidth, py * windowHeight / pixelHeight)
        }
    }

    /// Copies `scene` into `window` at `box`: by hand for whole multiples of 32-bit pixels in
    /// the same layout, otherwise with SDL's scaled blit. The borders around `box` are cleared.
    static func present(_ scene: UnsafeMutablePointer<SDL_Surface>, into window: UnsafeMutablePointer<SDL_Surface>,
                        box: SDL_Rect) throws(SDLError) {
        try clearBorders(of: window, around: box)
        let scale = Int(box.w) / Int(scene.pointee.w)
        let sameLayout = [SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_RGB888.rawValue].contains(window.pointee.format.pointee.format)
        guard scale >= 1, Int(box.w) == scale * Int(scene.pointee.w), Int(box.h) == scale * Int(scene.pointee.h), sameLayout,
              let source = scene.pointee.pixels, let destination = window.pointee.pixels else {
            var target = box
            // SDL_BlitScaled is a macro over this.
            try check(SDL_UpperBlitScaled(scene, nil, window, &target), "SDL_BlitScaled(scene)")
            return
        }
        let mustLock = window.pointee.flags & UInt32(SDL_RLEACCEL) != 0
        if mustLock { try check(SDL_LockSurface(window), "SDL_LockSurface(window)") }
        defer { if mustLock { SDL_UnlockSurface(window) } }
        enlarge(source: source.assumingMemoryBound(to: UInt32.self), sourcePitch: Int(scene.pointee.pitch) / 4,
                width: Int(scene.pointee.w), height: Int(scene.pointee.h),
                destination: destination.assumingMemoryBound(to: UInt32.self), destinationPitch: Int(window.pointee.pitch) / 4,
                x: Int(box.x), y: Int(box.y), scale: scale)
    }

    /// Nearest-neighbour enlargement by a whole factor: each source row is widened once, then
    /// copied to the other `scale − 1` rows. By two, a pixel's pair is one 64-bit store where the
    /// row starts on an 8-byte boundary; a letterbox at an odd x (a 1250-pixel-wide window)
    /// starts rows between two, and there the pixels are stored one by one.
    static func enlarge(source: UnsafePointer<UInt32>, sourcePitch: Int, width: Int, height: Int,
                        destination: UnsafeMutablePointer<UInt32>, destinationPitch: Int, x: Int, y: Int, scale: Int) {
        let rowBytes = width * scale * 4
        for row in 0..<height {
            let from = source + row * sourcePitch
            let first = destination + (y + row * scale) * destinationPitch + x
            if scale == 2 && Int(bitPattern: first) % MemoryLayout<UInt64>.alignment == 0 {
                first.withMemoryRebound(to: UInt64.self, capacity: width) { pairs in
                    for column in 0..<width {
                        let pixel = UInt64(from[column])
                        pairs[column] = pixel | pixel << 32
                    }
                }
            } else {
                for column in 0..<width {
                    let pixel = from[column]
                    for copy in 0..<scale { first[column * scale + copy] = pixel }
                }
            }
            for copy in 1..<max(scale, 1) { memcpy(first + copy * destinationPitch, first, rowBytes) }
        }
    }

    private static func clearBorders(of surface: UnsafeMutablePointer<SDL_Surface>, around box: SDL_Rect) throws(SDLError) {
        for var border in borders(width: surface.pointee.w, height: surface.pointee.h, around: box) {
            try check(SDL_FillRect(surface, &border, 0), "SDL_FillRect(letterbox)")
        }
    }

    /// The bars around `box` in a `width`×`height` window: above, below, left, right (those
    /// with no area left out).
    static func borders(width w: Int32, height h: Int32, around box: SDL_Rect) -> [SDL_Rect] {
        [SDL_Rect(x: 0, y: 0, w: w, h: box.y), SDL_Rect(x: 0, y: box.y + box.h, w: w, h: h - box.y - box.h),
         SDL_Rect(x: 0, y: box.y, w: box.x, h: box.h), SDL_Rect(x: box.x + box.w, y: box.y, w: w - box.x - box.w, h: box.h)]
            .filter { $0.w > 0 && $0.h > 0 }
    }
}
