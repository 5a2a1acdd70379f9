import Foundation
import KoalioApp
import KoalioHarness
import KoalioLevel
import KoalioSim
import KoalioUserData
import KoalioUserFiles

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

//   50 packs           a data home with 50 packs of 10 levels (level 1's file, each changed by
//                      a comment so every digest differs): listing them as the game does at
//                      start (manifests read, 500 levels hashed), and the real game opening
//                      "More levels" on them under Xvfb: the longest frame's work from the
//                      press to the page drawn (--frame-times), the median of three runs.

/// A scratch data home with `packs` packs of `levels` levels each; returns its path.
func packShelfHome(_ options: Options, packs: Int, levels: Int) throws -> String {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-packs-\(getpid())").path
    let level = try String(contentsOfFile: options.dataDirectory + "/Levels/level1.tmx", encoding: .utf8)
    let tileset = try String(contentsOfFile: options.dataDirectory + "/Levels/koalio.tsx", encoding: .utf8)
        .replacingOccurrences(of: "../Resources/", with: FileManager.default.currentDirectoryPath + "/" + options.dataDirectory + "/Resources/")
    for pack in 1...packs {
        let folder = home + "/koalio/levels/pack\(pack)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try tileset.write(toFile: folder + "/koalio.tsx", atomically: true, encoding: .utf8)
        for number in 1...levels {
            try (level + "<!-- pack \(pack) level \(number) -->\n").write(toFile: folder + "/l\(number).tmx", atomically: true, encoding: .utf8)
        }
        let names = (1...levels).map { "\"l\($0)\"" }.joined(separator: ", ")
        try "title = \"Pack \(pack)\"\nauthor = \"koalio-bench\"\nlicence = \"CC0\"\nlevels = [\(names)]\n"
            .write(toFile: folder + "/pack.toml", atomically: true, encoding: .utf8)
    }
    return home
}

/// Milliseconds to list the packs in `home` as the game does when it starts (median of 5).
@MainActor
func packListingMilliseconds(home: String) -> Double {
    median((0..<5).map { _ in
        let start = DispatchTime.now().uptimeNanoseconds
        var catalog = LevelCatalog(names: []) { name throws(KoalioError) in throw .noSuchPackLevel(name: name, known: []) }
        catalog.stock(LevelPackShelf.scan([home + "/koalio/levels"]))
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    })
}

/// The longest frame's work (ms) from pressing Enter on "More levels" to the page drawn.
func morePacksPageFrameMilliseconds(_ options: Options, home: String, display: String) throws -> Double {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("koalio-bench-more-\(getpid())").path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    // Title → levels → up twice (Back, then More levels) → Enter at tick 30.
    try "5 enter down\n6 enter up\n12 up down\n13 up up\n18 up down\n19 up up\n30 enter down\n31 enter up\n"
        .write(toFile: scratch + "/more.keys", atomically: true, encoding: .utf8)
    var longest: [Double] = []
    for run in 0..<3 {
        let times = scratch + "/frames-\(run).txt", trace = scratch + "/trace-\(run).jsonl"
        let process = try MeasuredProcess.run(options.koalio, ["--data-dir", options.dataDirectory, "--renderer", "software", "--ticks", "60",
                                                               "--input-script", scratch + "/more.keys", "--frame-times", times, "--trace", trace],
                                              environment: gameEnvironment.merging(["DISPLAY": display, "XDG_DATA_HOME": home]) { $1 })
        let screens = try String(contentsOfFile: trace, encoding: .utf8)
        guard process.status == 0, screens.contains("\"screen\":\"packs\"") else {
            throw Xvfb.Failure(description: "the More levels run exited with \(process.status) or never showed the page")
        }
        // The frames whose steps were 29–34: the press, the page's first frames.
        let work = try FrameTime.read(times).filter { (29...34).contains($0.ticks ?? 0) }.map(\.work)
        longest.append(work.max() ?? .nan)
    }
    return median(longest)
}

@MainActor
func reportPacks(_ options: Options, display: String) throws {
    let home = try packShelfHome(options, packs: 50, levels: 10)
    defer { try? FileManager.default.removeItem(atPath: home) }
    report(.packListing, packListingMilliseconds(home: home))
    report(.morePacksPageFrame, try morePacksPageFrameMilliseconds(options, home: home, display: display))
}
