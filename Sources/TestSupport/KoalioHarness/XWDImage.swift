import Foundation

/// The screen of an Xvfb started with a framebuffer directory, as the X server holds it: what
/// a person looking at the display would see, whatever any program believes it presented.
/// Xvfb keeps it as an X Window Dump (XWD, version 7): a big-endian header, a colour map, then
/// the pixels; at 24-bit depth each pixel is 32 bits in the header's byte order.
public struct XWDImage: Equatable {
    public var width: Int
    public var height: Int
    /// 0xRRGGBB per pixel, row by row.
    public var pixels: [UInt32]

    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads `Xvfb_screen0` from the directory given to ``Xvfb/init(framebufferDirectory:)``.
    public static func screen(in directory: String) throws -> XWDImage {
        try XWDImage(path: directory + "/Xvfb_screen0")
    }

    public init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func card32(_ field: Int) -> Int {
            let at = field * 4
            guard at + 4 <= bytes.count else { return 0 }
            return bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        let headerSize = card32(0), version = card32(1), byteOrder = card32(7), bitsPerPixel = card32(11)
        let bytesPerLine = card32(12), colours = card32(19)
        width = card32(4)
        height = card32(5)
        guard version == 7, bitsPerPixel == 32, width > 0, height > 0 else {
            throw Unreadable(description: "\(path): not a 32-bit XWD screen (version \(version), \(bitsPerPixel) bits per pixel)")
        }
        let start = headerSize + colours * 12
        guard start + bytesPerLine * height <= bytes.count else { throw Unreadable(description: "\(path): shorter than its pixels") }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let at = start + y * bytesPerLine + x * 4
                let value = byteOrder == 0  // LSBFirst
                    ? UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
                    : UInt32(bytes[at + 3]) | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 1]) << 16
                pixels[y * width + x] = value
            }
        }
        self.pixels = pixels
    }

    /// The share (0…1) of pixels that differ from `other`'s (of the same size) inside `rect`.
    public func differingShare(from other: XWDImage, x: Int, y: Int, width w: Int, height h: Int) -> Double {
        guard other.width == width, other.height == height, w > 0, h > 0 else { return 1 }
        var differing = 0
        for row in max(0, y)..<min(height, y + h) {
            for column in max(0, x)..<min(width, x + w) where pixels[row * width + column] != other.pixels[row * width + column] {
                differing += 1
            }
        }
        return Double(differing) / Double(w * h)
    }
}
