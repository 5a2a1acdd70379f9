import CSDL2
import KoalioCore

/// Where a draw list's positions land: whole view pixels (rounded down, as the software
/// renderer and the 568×320 scene take them) or, `fine`, as they are, for a scene drawn
/// straight into the window at its scale, moved to the letterbox's corner (`origin`, in view
/// pixels): SDL's float calls, and the GPU puts each edge on the nearest window pixel.
///
/// Only SDL's render scale is used for that, not a viewport: SDL 2 keeps a viewport in pixels,
/// SDL 3 (under sdl2-compat) scales it with the render scale, and a scale is a scale in both.
struct Placing {
    var fine: Bool
    var originX = 0.0, originY = 0.0

    func copy(_ texture: OpaquePointer, _ source: inout SDL_Rect, to destination: Rect, flips: SDL_RendererFlip, degrees: Double = 0,
              aboutBottomLeft: Bool = false, with renderer: OpaquePointer) throws(SDLError) {
        let plain = flips == SDL_FLIP_NONE && degrees == 0 && !aboutBottomLeft
        if fine {
            var dst = floatRect(destination)
            var pivot = SDL_FPoint(x: 0, y: dst.h)
            let copied = plain ? SDL_RenderCopyF(renderer, texture, &source, &dst)
                : aboutBottomLeft ? SDL_RenderCopyExF(renderer, texture, &source, &dst, degrees, &pivot, flips)
                : SDL_RenderCopyExF(renderer, texture, &source, &dst, degrees, nil, flips)
            try check(copied, "SDL_RenderCopyF")
        } else {
            var dst = SDL_Rect(pixels: destination)
            var pivot = SDL_Point(x: 0, y: dst.h)
            let copied = plain ? SDL_RenderCopy(renderer, texture, &source, &dst)
                : aboutBottomLeft ? SDL_RenderCopyEx(renderer, texture, &source, &dst, degrees, &pivot, flips)
                : SDL_RenderCopyEx(renderer, texture, &source, &dst, degrees, nil, flips)
            try check(copied, "SDL_RenderCopy")
        }
    }

    func fill(_ rect: Rect, with renderer: OpaquePointer) throws(SDLError) {
        if fine {
            var dst = floatRect(rect)
            try check(SDL_RenderFillRectF(renderer, &dst), "SDL_RenderFillRectF")
        } else {
            var dst = SDL_Rect(pixels: rect)
            try check(SDL_RenderFillRect(renderer, &dst), "SDL_RenderFillRect")
        }
    }

    private func floatRect(_ rect: Rect) -> SDL_FRect {
        SDL_FRect(x: Float(rect.x + originX), y: Float(rect.y + originY), w: Float(rect.width), h: Float(rect.height))
    }
}
