import Foundation
import KoalioCore
import KoalioGame
import KoalioInput
import KoalioSDL
import KoalioSim

/// What the command line asked for.
public struct GameOptions: Sendable {
    public var level = "level1"
    public var fullscreen = false
    public var scale = 2
    public var tracePath: String?
    public var headless = false
    public var ticks: Int?
    public var dataDirectory: String?
    public var renderer = RendererChoice.auto
    public var inputScriptPath: String?
    public var screenshotPath: String?

    public init() {}
}

/// Composition: find the data, load the level, open the window and the pads, play.
/// Every failure ends as a ``KoalioError``: one line for the user, never a stack trace.
@MainActor
public enum Game {
    public static func run(_ options: GameOptions) throws(KoalioError) {
        let dataDirectory = try DataDirectory.locate(explicit: options.dataDirectory)
        let levelPath = options.level.hasSuffix(".tmx") || options.level.contains("/")
            ? options.level
            : "\(dataDirectory)/Levels/\(options.level).tmx"
        let map: TileMap
        do { map = try TMXLoader.load(path: levelPath) } catch { throw .input(error.description) }

        var script: InputScript?
        if let path = options.inputScriptPath {
            guard let data = FileManager.default.contents(atPath: path) else { throw .input("\(path): cannot read the input script") }
            do { script = try InputScript.parse(String(decoding: data, as: UTF8.self), file: path) } catch { throw .input(error.description) }
        }
        var trace: TraceWriter?
        if let path = options.tracePath { trace = try TraceWriter(path: path) }

        var platformOptions = PlatformOptions(resourceDirectory: dataDirectory + "/Resources")
        platformOptions.headless = options.headless
        platformOptions.fullscreen = options.fullscreen
        platformOptions.scale = options.scale
        platformOptions.renderer = options.renderer
        let registry = ControllerRegistry()
        let platform: Platform
        do { platform = try Platform(options: platformOptions, registry: registry) } catch { throw .runtime(error.description) }
        do {
            try platform.loadControllerMappings(controllerMappingFiles())
            try platform.preload(TextureID.builtIn + map.tilesets.map { TextureID.file($0.imagePath) })
        } catch {
            throw .input(error.description)
        }
        let loop = GameLoop(platform: platform, registry: registry, session: Session(map: map), trace: trace, script: script,
                            tickLimit: options.ticks, headless: options.headless)
        _ = try loop.run(screenshot: options.screenshotPath)
    }

    /// The pads SDL sees, one line each, for `--list-controllers`.
    public static func listControllers() throws(KoalioError) -> [String] {
        do {
            return try GamepadManager.describeConnected(mappingFiles: controllerMappingFiles())
        } catch let error as SDLError {
            throw .runtime(error.description)
        } catch {
            throw .input("\(error)")
        }
    }

    /// `gamecontrollerdb.txt` files: `$SDL_GAMECONTROLLERCONFIG_FILE`, then the user's
    /// `$XDG_CONFIG_HOME/koalio/gamecontrollerdb.txt` (default `~/.config/koalio/`).
    static func controllerMappingFiles(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var files: [String] = []
        if let file = environment["SDL_GAMECONTROLLERCONFIG_FILE"], !file.isEmpty { files.append(file) }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.config" }
        if let config { files.append(config + "/koalio/gamecontrollerdb.txt") }
        return files
    }
}
