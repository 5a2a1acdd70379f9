import Foundation
import KoalioLevel
import KoalioSim

// Levels made by others, measured:
//   Sticker Knight     Tiled's own example (Tests/Fixtures/sticker-knight, its ground given the
//                      class walls): read, parsed, its 62 images' headers, its templates, its
//                      object layers drawn and rasterised, staged; the median of 21 loads.

/// Milliseconds to load and stage Tiled's Sticker Knight sandbox.
func stickerKnightLoadMilliseconds(_ options: Options) throws -> Double {
    let path = options.dataDirectory + "/Tests/Fixtures/sticker-knight/sandbox.tmx"
    let text = try String(contentsOfFile: path, encoding: .utf8)
        .replacingOccurrences(of: #"<objectgroup id="3" name="ground">"#, with: #"<objectgroup id="3" name="ground" class="walls">"#)
    let bytes = Array(text.utf8)
    var times: [Double] = []
    for _ in 0..<21 {
        let start = DispatchTime.now().uptimeNanoseconds
        let map = try TMXLoader.load(bytes: bytes, path: path)
        _ = try Stage(map)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return median(times)
}
