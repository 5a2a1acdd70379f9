import CPNG
import CSDL2
import KoalioCore
import KoalioSystem

/// Decodes PNG files into SDL surfaces with libpng's simplified API: its problems come back as
/// text in the image's `message` (SDL_image's use of libpng prints its own lines to stderr),
/// and the size is known, and checked against ``ImageLimits``, before the pixels are allocated.
package enum PNGDecoder {
    static func surface(_ path: String) throws(DataFileError) -> UnsafeMutablePointer<SDL_Surface> {
        try read(path) { image, fail in
            // Opaque images stay 24-bit, so SDL copies them instead of blending (the sky is one).
            let hasAlpha = image.format & koalio_png_format_flag_alpha() != 0
            image.format = hasAlpha ? koalio_png_format_rgba() : koalio_png_format_rgb()
            let pixelFormat = hasAlpha ? SDL_PIXELFORMAT_ABGR8888 : SDL_PIXELFORMAT_RGB24  // R, G, B(, A) bytes in memory
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(image.width), Int32(image.height), hasAlpha ? 32 : 24,
                                                               pixelFormat.rawValue) else {
                return .failure(fail("cannot load image: \(String(cString: SDL_GetError()))"))
            }
            guard png_image_finish_read(&image, nil, surface.pointee.pixels, surface.pointee.pitch, nil) != 0 else {
                SDL_FreeSurface(surface)
                return .failure(fail("cannot load image: \(message(of: image))"))
            }
            return .success(surface)
        }
    }

    /// A PNG's pixels as R, G, B, A bytes, row by row (the tests look at screenshots with it).
    package static func rgba(_ path: String) throws(DataFileError) -> (width: Int, height: Int, rgba: [UInt8]) {
        try read(path) { image, fail in
            image.format = koalio_png_format_rgba()
            let (width, height) = (Int(image.width), Int(image.height))
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil) }
            guard finished != 0 else { return .failure(fail("cannot load image: \(message(of: image))")) }
            return .success((width, height, pixels))
        }
    }

    /// The file read within ``ImageLimits``, its header read and its size checked, then `finish`
    /// (which sets the format and reads the pixels); libpng's state freed however it ends.
    private static func read<Decoded>(_ path: String,
                                      _ finish: (inout png_image, (String) -> DataFileError) -> Result<Decoded, DataFileError>) throws(DataFileError) -> Decoded {
        func fail(_ reason: String) -> DataFileError { DataFileError(file: path, reason: reason) }
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, limit: ImageLimits.fileBytes) } catch { throw fail("cannot load image: \(error.reason)") }
        // libpng reads from the bytes until the image is finished: keep them pinned throughout.
        let result = bytes.withUnsafeBytes { raw -> Result<Decoded, DataFileError> in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                return .failure(fail("cannot load image: \(message(of: image))"))
            }
            let side = ImageLimits.sidePixels
            guard image.width >= 1, image.height >= 1, image.width <= side, image.height <= side else {
                return .failure(fail("the image is \(image.width)×\(image.height) px; koalio decodes images of up to \(side)×\(side)"))
            }
            return finish(&image, fail)
        }
        return try result.get()
    }

    /// libpng's reason, from the fixed-size `message` buffer in the image (the encoder's too).
    static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
