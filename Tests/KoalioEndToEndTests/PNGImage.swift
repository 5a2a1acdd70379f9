import Foundation
import KoalioSDL

/// Reads the 8-bit RGB/RGBA PNGs `--screenshot` writes, so window tests can look at pixels.
struct PNGImage {
    var width: Int
    var height: Int
    /// RGB triples, row by row.
    var pixels: [UInt8]
    /// Each pixel's alpha (255 throughout for an image without it).
    var alphas: [UInt8]

    struct Unreadable: Error { var reason: String }

    /// Decoded by the libpng the game links (``PNGDecoder``), as the game reads its own images.
    init(path: String) throws {
        let decoded: (width: Int, height: Int, rgba: [UInt8])
        do { decoded = try PNGDecoder.rgba(path) } catch { throw Unreadable(reason: error.description) }
        var rgb: [UInt8] = [], alpha: [UInt8] = []
        rgb.reserveCapacity(decoded.width * decoded.height * 3)
        alpha.reserveCapacity(decoded.width * decoded.height)
        for pixel in Swift.stride(from: 0, to: decoded.rgba.count, by: 4) {
            rgb += decoded.rgba[pixel..<pixel + 3]
            alpha.append(decoded.rgba[pixel + 3])
        }
        width = decoded.width
        height = decoded.height
        pixels = rgb
        alphas = alpha
    }

    func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * width + x) * 3
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    /// Distinct colours in the image, a cheap "is anything drawn" measure.
    var distinctColors: Int {
        var seen = Set<Int>()
        for i in Swift.stride(from: 0, to: pixels.count, by: 3) {
            seen.insert(Int(pixels[i]) << 16 | Int(pixels[i + 1]) << 8 | Int(pixels[i + 2]))
        }
        return seen.count
    }

    var meanLuminance: Double {
        var sum = 0
        for i in Swift.stride(from: 0, to: pixels.count, by: 3) {
            sum += 299 * Int(pixels[i]) + 587 * Int(pixels[i + 1]) + 114 * Int(pixels[i + 2])
        }
        return Double(sum) / 1000 / Double(width * height)
    }

    /// The fraction of sampled pixels in `rows` that are `scene`'s pixel darkened by the pause
    /// screen's layer (black at alpha 150), within 3 levels per channel.
    func fractionDimmed(from scene: PNGImage, rows: Range<Int>) -> Double {
        var darkened = 0, compared = 0
        let expected = 1 - 150.0 / 255
        for y in stride(from: rows.lowerBound, to: min(rows.upperBound, height), by: 5) {
            for x in stride(from: 0, to: width, by: 7) {
                let (r, g, b) = scene.pixel(x, y), (pr, pg, pb) = pixel(x, y)
                compared += 1
                if abs(Double(pr) - Double(r) * expected) <= 3 && abs(Double(pg) - Double(g) * expected) <= 3
                    && abs(Double(pb) - Double(b) * expected) <= 3 { darkened += 1 }
            }
        }
        return compared == 0 ? 0 : Double(darkened) / Double(compared)
    }
}
