import CPNG
import CSDL2

/// Writes screenshots as PNG with libpng's simplified API (the library that decodes koalio's
/// images), so the game links no SDL_image and none of the codecs it brings (TIFF, WebP, JPEG).
enum PNGEncoder {
    /// Saves the surface's pixels as an opaque RGB PNG.
    static func write(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws(SDLError) {
        // R, G, B bytes in memory, whatever the surface's own layout.
        let rgb = try check(SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGB24.rawValue, 0), "SDL_ConvertSurfaceFormat(screenshot)")
        defer { SDL_FreeSurface(rgb) }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(rgb.pointee.w)
        image.height = UInt32(rgb.pointee.h)
        image.format = koalio_png_format_rgb()
        defer { png_image_free(&image) }
        guard let pixels = rgb.pointee.pixels,
              png_image_write_to_file(&image, path, 0, pixels, rgb.pointee.pitch, nil) != 0 else {
            let reason = PNGDecoder.message(of: image)
            throw SDLError(operation: "saving \(path)", reason: reason.isEmpty ? "libpng could not write it" : reason)
        }
    }
}
