import ArgumentParser
import Foundation
import KoalioCore
import KoalioGame
import KoalioSDL
import KoalioSim

/// Composition: parse the command line, find the data, load the level, open the window, play.
/// Every failure ends here as one line on stderr and a non-zero exit, never a stack trace.
@MainActor
func play(_ options: Koalio) throws(KoalioError) {
    let dataDirectory = try DataDirectory.locate(explicit: options.dataDir)
    let levelPath = options.level.hasSuffix(".tmx") || options.level.contains("/")
        ? options.level
        : "\(dataDirectory)/Levels/\(options.level).tmx"
    let map: TileMap
    do { map = try TMXLoader.load(path: levelPath) } catch { throw .input(error.description) }

    var script: InputScript?
    if let path = options.inputScript {
        guard let data = FileManager.default.contents(atPath: path) else { throw .input("\(path): cannot read the input script") }
        do { script = try InputScript.parse(String(decoding: data, as: UTF8.self), file: path) } catch { throw .input(error.description) }
    }
    var trace: TraceWriter?
    if let path = options.trace { trace = try TraceWriter(path: path) }

    var platformOptions = PlatformOptions(resourceDirectory: dataDirectory + "/Resources")
    platformOptions.headless = options.headless
    platformOptions.fullscreen = options.fullscreen
    platformOptions.scale = options.scale
    platformOptions.renderer = options.renderer
    let platform: Platform
    do { platform = try Platform(options: platformOptions) } catch { throw .runtime(error.description) }
    do {
        try platform.preload(TextureID.builtIn + map.tilesets.map { TextureID.file($0.imagePath) })
    } catch {
        throw .input(error.description)
    }
    let loop = GameLoop(platform: platform, session: Session(map: map), trace: trace, script: script,
                        tickLimit: options.ticks, headless: options.headless)
    _ = try loop.run(screenshot: options.screenshot)
}

do {
    var command = try Koalio.parseAsRoot()
    guard let options = command as? Koalio else {
        try command.run()
        exit(0)
    }
    try MainActor.assumeIsolated { try play(options) }
} catch let error as KoalioError {
    FileHandle.standardError.write(Data("koalio: \(error.description)\n".utf8))
    exit(error.exitCode)
} catch {
    Koalio.exit(withError: error)
}
