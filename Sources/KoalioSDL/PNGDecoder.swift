import CPNG
import CSDL2
import KoalioCore
import KoalioSystem

/// Decodes PNG files into SDL surfaces with libpng's simplified API: its problems come back as
/// text in the image's `message` (SDL_image's use of libpng prints its own lines to stderr),
/// and the size is known, and checked against ``ImageLimits``, before the pixels are allocated.
enum PNGDecoder {
    static func surface(_ path: String) throws(DataFileError) -> UnsafeMutablePointer<SDL_Surface> {
        func fail(_ reason: String) -> DataFileError { DataFileError(file: path, reason: reason) }
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, limit: ImageLimits.fileBytes) } catch { throw fail("cannot load image: \(error.reason)") }
        // libpng reads from the bytes until the image is finished: keep them pinned throughout.
        let result = bytes.withUnsafeBytes { raw in decode(raw, path: path) }
        return try result.get()
    }

    private static func decode(_ raw: UnsafeRawBufferPointer, path: String) -> Result<UnsafeMutablePointer<SDL_Surface>, DataFileError> {
        func fail(_ reason: String) -> Result<UnsafeMutablePointer<SDL_Surface>, DataFileError> {
            .failure(DataFileError(file: path, reason: reason))
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
            return fail("cannot load image: \(message(of: image))")
        }
        let side = ImageLimits.sidePixels
        guard image.width >= 1, image.height >= 1, image.width <= side, image.height <= side else {
            return fail("the image is \(image.width)×\(image.height) px; koalio decodes images of up to \(side)×\(side)")
        }
        // Opaque images stay 24-bit, so SDL copies them instead of blending (the sky is one).
        let hasAlpha = image.format & koalio_png_format_flag_alpha() != 0
        image.format = hasAlpha ? koalio_png_format_rgba() : koalio_png_format_rgb()
        let pixelFormat = hasAlpha ? SDL_PIXELFORMAT_ABGR8888 : SDL_PIXELFORMAT_RGB24  // R, G, B(, A) bytes in memory
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(image.width), Int32(image.height), hasAlpha ? 32 : 24,
                                                           pixelFormat.rawValue) else {
            return fail("cannot load image: \(String(cString: SDL_GetError()))")
        }
        guard png_image_finish_read(&image, nil, surface.pointee.pixels, surface.pointee.pitch, nil) != 0 else {
            SDL_FreeSurface(surface)
            return fail("cannot load image: \(message(of: image))")
        }
        return .success(surface)
    }

    /// libpng's reason, from the fixed-size `message` buffer in the image (the encoder's too).
    static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
