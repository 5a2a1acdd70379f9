import Foundation
import KoalioLevel
import KoalioSim

/// Reads the 8-bit RGB/RGBA PNGs `--screenshot` writes, so window tests can look at pixels.
struct PNGImage {
    var width: Int
    var height: Int
    /// RGB triples, row by row.
    var pixels: [UInt8]
    /// Each pixel's alpha (255 throughout for an image without it).
    var alphas: [UInt8]

    struct Unreadable: Error { var reason: String }

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw Unreadable(reason: "not a PNG") }
        var position = 8, idat: [UInt8] = [], width = 0, height = 0, colorType = 0
        while position + 8 <= bytes.count {
            let length = bytes[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let body = Array(bytes[(position + 8)..<(position + 8 + length)])
            if type == "IHDR" {
                width = body[0..<4].reduce(0) { $0 << 8 | Int($1) }
                height = body[4..<8].reduce(0) { $0 << 8 | Int($1) }
                guard body[8] == 8, body[12] == 0 else { throw Unreadable(reason: "only 8-bit non-interlaced") }
                colorType = Int(body[9])
            } else if type == "IDAT" {
                idat += body
            }
            position += 12 + length
        }
        let channels = colorType == 6 ? 4 : colorType == 2 ? 3 : 0
        guard channels > 0 else { throw Unreadable(reason: "colour type \(colorType)") }
        let stride = width * channels
        let raw: [UInt8]
        do { raw = try Zlib.inflate(idat, format: .zlib, expectedSize: height * (stride + 1)) } catch {
            throw Unreadable(reason: error.reason)
        }
        var previous = [UInt8](repeating: 0, count: stride), rgb: [UInt8] = [], alpha: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for row in 0..<height {
            let start = row * (stride + 1)
            let filter = raw[start]
            var line = Array(raw[(start + 1)..<(start + 1 + stride)])
            for i in 0..<stride {
                let a = i >= channels ? Int(line[i - channels]) : 0
                let b = Int(previous[i])
                let c = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: predictor = 0
                }
                line[i] = UInt8(truncatingIfNeeded: Int(line[i]) + predictor)
            }
            for x in 0..<width {
                rgb += line[(x * channels)..<(x * channels + 3)]
                alpha.append(channels == 4 ? line[x * channels + 3] : 255)
            }
            previous = line
        }
        self.width = width
        self.height = height
        self.pixels = rgb
        self.alphas = alpha
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
