import KoalioFlow
import FoundationEssentials
import Glibc
import KoalioCore
import KoalioNet
import KoalioSockets
import KoalioLocalServer
import KoalioScripting
import KoalioView
import KoalioInput
import KoalioReplay
import KoalioSDL
import KoalioSim
import KoalioLevel
import KoalioLevelFile
import KoalioUserData
import KoalioSystem
import KoalioUserFiles
import KoalioUI

/// Composition: find the data, load the level, open the window and the pads, play (or play
/// back, or verify). Every failure ends as a ``KoalioError``: one line, never a stack trace.
@MainActor
public enum Game {
    /// koalio's version: replays record it; the Makefile reads it from here for the package,
    /// the archive's name and the metainfo check (the one place it is written).
    nonisolated public static let version = "0.4.0"

    /// What `--version` prints: the version, the replay format it writes, the SDL it runs on.
    nonisolated public static var versionLine: String {
        "koalio \(version) (replay format \(Recording.formatVersion), SDL \(SDLSystem.runningVersion))"
    }
    nonisolated static let defaultLevel = "level1"

    /// Runs the game; returns the process's exit status (0, or 1 when `--verify` finds a desync):
    /// the level found and read, the environment built from the command line and the player's
    /// files, the window opened, and the loop handed all of it.
    public static func run(_ options: GameOptions) throws(KoalioError) -> Int32 {
        var options = options
        // Sockets (phones, timers, peers) never leave a save without a file descriptor.
        OpenFileLimit.raiseToHard()
        let dataDirectory = try DataDirectory.locate(explicit: options.dataDir)
        // A room's game without --rendezvous meets at the settings' (read again, with the rest, below).
        if options.isRoom { options.fillRoomSettings(from: settingsPath(options)) }
        // A joiner plays the host's level, found here by its digest; a host plays --level (level1).
        let joined = options.join != nil ? try NetSetup.join(options, dataDirectory: dataDirectory)
            : options.joinRoom != nil ? try NetSetup.joinRoom(options, dataDirectory: dataDirectory) : nil
        if let joined { options.level = joined.level }
        if (options.host != nil || options.hostRoom) && options.level == nil { options.level = defaultLevel }
        // The file is read once: a whole run goes to its verifier, a level's replay plays or verifies.
        let stored = try options.replay.map { path throws(KoalioError) in try ReplayStore.readStored(path) }
        if case let .run(bytes)? = stored, let path = options.replay { return try verifyRun(bytes, path, options, dataDirectory: dataDirectory) }
        let replay: Recording? = if case let .level(recording)? = stored { recording } else { nil }
        let (level, levelPath, packLevel) = try startingLevel(options, replay: replay, dataDirectory: dataDirectory)
        if let replay, options.verify, let replayPath = options.replay {
            switch ReplayVerifier.verify(replay, on: level.stage) {
            case let .ok(ticks):
                print("ok \(ticks) ticks")
                return 0
            case let .mismatch(tick, _, _):
                print(TerminalText.escaped("\(replayPath): desync: the state checksum differs at tick \(tick)"))
                return 1
            }
        }
        if let replay, let depth = options.syncTest, let replayPath = options.replay {
            switch SyncTest.run(replay, on: level.stage, depth: depth) {
            case let .ok(ticks):
                print("ok \(ticks) ticks, rolled back \(depth) at every tick")
                return 0
            case let .rollbackDiffers(tick, _, _):
                print(TerminalText.escaped("\(replayPath): sync test: stepped again from \(depth) ticks back, the game differs at tick \(tick)"))
                return 1
            case let .mismatch(tick, _, _):
                print(TerminalText.escaped("\(replayPath): desync: the state checksum differs at tick \(tick)"))
                return 1
            }
        }
        var environment = GameLoop.Options(command: options, replay: replay)
        if options.watch { environment.watchPath = levelPath }
        environment.translations = Translations.load(dataDirectory: dataDirectory, environment: ProcessInfo.processInfo.environment) {
            StandardError.writeLine("koalio: warning: " + TerminalText.escaped($0))
        }
        if options.verbose {
            let translations = environment.translations
            StandardError.writeLine("koalio: languages: the desktop's is \(translations.desktop.rawValue); catalogues "
                + (translations.directory.map { "for \(translations.catalogs.keys.map(\.rawValue).sorted().joined(separator: ", ")) in " + TerminalText.escaped($0) }
                   ?? "not found (English only)"))
        }
        if replay == nil { stock(&environment, packLevel: packLevel, levelSHA256: level.sha256, dataDirectory: dataDirectory) }
        let settingsPath = try readPlayerInput(&environment, levelName: level.map.name, levelSHA256: level.sha256)
        if let name = options.speedrun { environment.speedrun = try speedrunCategory(name, environment, settingsPath: settingsPath) }
        let platform = try openPlatform(options, settings: environment.settings.effective, map: level.map, dataDirectory: dataDirectory,
                                        settingsPath: settingsPath)
        environment.audio = !options.headless
        // Phones: `--phones` (or `--phones-listen`) for this run, or the settings' `[phones] enabled`.
        // Asked for on the command line and impossible, it is an error; from the settings, a warning.
        if options.phones || options.phonesListen != nil || environment.settings.effective.phones {
            do {
                environment.phones = try PhonePads.start(listen: options.phonesListen, verbose: options.verbose, words: environment.translations.all)
            } catch {
                guard !options.phones && options.phonesListen == nil else { throw .phones(error) }
                StandardError.writeLine("koalio: warning: \(settingsPath ?? SettingsFile.fileName): [phones] enabled: phones: \(error.description)")
            }
        }
        try startLiveSplit(&environment, options, settingsPath: settingsPath)
        // A replay plays with the assist it was recorded with; a networked game with none (every
        // machine must step the same world).
        let assist = options.isNetworked ? .off : replay?.assist ?? environment.settings.effective.assist
        let session = Session(stage: level.stage, assist: assist)
        if options.host != nil { environment.network = try NetSetup.host(options, level: level, session: session) }
        if options.hostRoom { environment.network = try NetSetup.hostRoom(options, level: level, session: session) }
        if let joined {
            _ = joined.net.ready(session)
            environment.network = joined.net
        }
        let loop = GameLoop(platform: platform, registry: ControllerRegistry(), session: session, map: level.map, options: environment)
        _ = try loop.run()
        if loop.handlers.online.roomFailed { return 1 }  // said on stderr (`koalio: room K7M-3QX: …`)
        guard environment.network != nil, let game = loop.flow.online else { return 0 }
        switch game.outcome {
        case .done?:
            return 0
        case nil, .quit?:
            return 0  // the window closed, or Quit: the others were told (``GameLoop/run()``)
        case let outcome?:
            StandardError.writeLine("koalio: " + OnlineGame.describe(outcome))
            return 1
        }
    }

    /// `--replay RUN.koaliorun --verify`: the whole run played back headless, each level found
    /// here by its file's digest; prints `ok`, the ticks and the in-game time, then each split
    /// (exit 0), or where it differs (exit 1).
    private static func verifyRun(_ bytes: [UInt8], _ path: String, _ options: GameOptions, dataDirectory: String) throws(KoalioError) -> Int32 {
        guard options.verify else { throw .runNotVerified(path: path) }
        let run = try ReplayStore.decodeRun(bytes, path: path)
        // The category's levels as they are here: the run must play them all, in order.
        let digests = try speedrunFiles(run.category, dataDirectory: dataDirectory).paths.map { file throws(KoalioError) in
            do throws(LevelError) { return SHA256.hash(try TMXLoader.readLevelFile(file)) } catch { throw .level(.unreadable(error)) }
        }
        var stages: [[UInt8]: Stage] = [:]
        var failure: KoalioError?
        let outcome = RunVerifier.verify(run, levels: digests) { segment in
            if let stage = stages[segment.levelSHA256] { return stage }
            guard let name = NetSetup.level(sha256: segment.levelSHA256, named: segment.levelName, dataDirectory: dataDirectory) else { return nil }
            do throws(KoalioError) {
                let reference = try packLevel(name, dataDirectory: dataDirectory)
                let file = try loadLevel(reference.map { $0.pack.path(of: $0.name) } ?? levelPath(name, dataDirectory: dataDirectory), for: nil, replayPath: path)
                stages[segment.levelSHA256] = file.stage
                return file.stage
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        switch outcome {
        case let .ok(ticks, inGame, splits):
            print("ok \(ticks) ticks, in-game \(ClockText.precise(ticks: inGame)) (\(inGame) ticks), \(run.category)")
            for split in splits { print(TerminalText.escaped("\(split.levelName) \(ClockText.precise(ticks: split.inGameTicks)) (\(split.inGameTicks) ticks)")) }
            return 0
        case let .mismatch(segment, tick, runTick):
            print(TerminalText.escaped("\(path): desync: recording \(segment + 1) (\(run.segments[segment].levelName)) differs at its tick \(tick), tick \(runTick) of the run"))
            return 1
        case let .missingLevel(segment, name):
            throw .runLevelMissing(path: path, segment: segment + 1, level: name)
        case .unfinished:
            print(TerminalText.escaped("\(path): the run does not reach every flag of \(run.category)"))
            return 1
        case let .wrongLevel(segment):
            print(TerminalText.escaped("\(path): recording \(segment + 1) (\(run.segments[segment].levelName)) is not the level of \(run.category) the run is at"))
            return 1
        case let .assisted(segment):
            print(TerminalText.escaped("\(path): recording \(segment + 1) (\(run.segments[segment].levelName)) was played with assist: no speedrun"))
            return 1
        }
    }

    /// LiveSplit One's server (`--livesplit-one`, or the setting at its port: asked for on the
    /// command line and impossible, it is an error; from the settings, a warning) and classic
    /// LiveSplit's client (`--livesplit`).
    private static func startLiveSplit(_ environment: inout GameLoop.Options, _ options: GameOptions, settingsPath: String?) throws(KoalioError) {
        let fromSettings = environment.settings.effective.liveSplitOne ? "127.0.0.1:\(Settings.liveSplitOnePort)" : nil
        if let text = options.livesplitOne ?? fromSettings {
            do {
                let server = try LiveSplitOneServer(listen: try LocalListener.ListenAddress(parsing: text))
                StandardError.writeLine("koalio: LiveSplit One can connect to ws://\(server.address)")
                environment.liveSplitOne = server
            } catch {
                guard options.livesplitOne == nil else { throw .network(doing: "--livesplit-one", reason: error.description) }
                StandardError.writeLine("koalio: warning: \(settingsPath ?? SettingsFile.fileName): [video] livesplit_one: \(error.description)")
            }
        }
        if let text = options.livesplit, let address = NetAddress(parsing: text) { environment.liveSplit = LiveSplitClient(address: address) }
    }

    /// `--speedrun NAME`: the category, if this game has it and assist is off.
    private static func speedrunCategory(_ name: String, _ environment: GameLoop.Options, settingsPath: String?) throws(KoalioError) -> SpeedrunCategory {
        var context = FlowContext()
        context.levelNames = environment.catalog?.names ?? []
        context.packs = environment.catalog?.packListings ?? []
        guard let category = SpeedrunCategory(name: name), FlowState.speedrunLevels(category, context) != nil else {
            throw .noSuchCategory(name: name, known: FlowState.speedrunCategories(context).map(\.description))
        }
        guard !environment.settings.effective.assist.isOn else { throw .speedrunWithAssist(settings: settingsPath ?? SettingsFile.fileName) }
        return category
    }

    /// The level the run starts on, its path, and the pack it is from (`--level PACK/NAME`).
    /// A replay names a level, never a path: it is looked up only in the data's Levels/, as
    /// written (`level1`, or `level1.tmx`: never `level1.tmx.tmx`). `PACK/NAME` names a pack's
    /// level, unless a file of that name is there.
    private static func startingLevel(_ options: GameOptions, replay: Recording?, dataDirectory: String)
        throws(KoalioError) -> (LevelFile, path: String, pack: (pack: LevelPack, name: String)?) {
        let packLevel = try options.level.flatMap { level throws(KoalioError) in try self.packLevel(level, dataDirectory: dataDirectory) }
        let levelPath = packLevel.map { $0.pack.path(of: $0.name) } ?? options.level.map { self.levelPath($0, dataDirectory: dataDirectory) }
            ?? replay.map { replayLevelPath($0, dataDirectory: dataDirectory) } ?? "\(dataDirectory)/Levels/" + fileName(ofLevel: defaultLevel)
        if let level = options.level, !level.hasSuffix(".tmx"), !level.contains("/"), !FileManager.default.fileExists(atPath: levelPath) {
            throw .noSuchLevel(name: level, path: levelPath, known: catalogNames(dataDirectory: dataDirectory))
        }
        return (try loadLevel(levelPath, for: replay, replayPath: options.replay), levelPath, packLevel)
    }

    /// The game's levels, medals and packs, and the player's progress (a live run's).
    private static func stock(_ environment: inout GameLoop.Options, packLevel: (pack: LevelPack, name: String)?, levelSHA256: [UInt8],
                              dataDirectory: String) {
        let options = environment.command
        let names = catalogNames(dataDirectory: dataDirectory)
        var catalog = LevelCatalog(names: names) { name throws(KoalioError) in
            try Game.loadLevel(Game.levelPath(name, dataDirectory: dataDirectory), for: nil, replayPath: nil)
        }
        let medals = MedalFile.load(levelsDirectory: dataDirectory + "/Levels")
        if let warning = medals.warning { StandardError.writeLine("koalio: warning: \(warning)") }
        catalog.medals = medals.medals
        catalog.titles = LevelCatalog.titles(names.map { ($0, Game.levelPath($0, dataDirectory: dataDirectory)) })
        let variables = ProcessInfo.processInfo.environment
        catalog.stock(LevelPackShelf.scan(LevelPackShelf.directories(environment: variables, dataDirectory: dataDirectory)))
        catalog.packsFolder = LevelPackShelf.playersFolder(environment: variables).map { PathString.tilde($0, home: variables["HOME"]) + "/" } ?? ""
        environment.catalog = catalog
        environment.dataDirectory = dataDirectory
        environment.startScreen = options.level == nil ? .title : .level
        environment.levelIndex = options.level.flatMap { names.firstIndex(of: $0) } ?? (options.level == nil ? 0 : nil)
        environment.packRecord = packLevel.map { PackRecord(key: LevelPack.recordKey(sha256: levelSHA256), medals: $0.pack.manifest.medals[$0.name]) }
        guard let directory = ProgressFile.directory(environment: ProcessInfo.processInfo.environment) else { return }
        let path = directory + "/" + ProgressFile.fileName
        let loaded = ProgressFile.load(path: path)
        if let warning = loaded.warning {
            StandardError.writeLine("koalio: warning: \(warning)")
            environment.fileNotices.append(.progressUnreadable)
        }
        environment.progress = loaded.progress
        environment.progressPath = path
        environment.bestRunDirectory = directory + "/best"
        // Once: the old file kept, the best runs follow their levels, then the file is written in
        // this version (not when the old one could not be kept).
        if let version1 = loaded.version1 {
            let (mayWrite, notice) = ProgressFile.keepVersion1(path, bytes: version1.bytes, progress: version1.asWritten)
            if let notice { StandardError.writeLine("koalio: \(notice)") }
            guard mayWrite else { return }
            BestRunShelf.followLevels(directory: directory + "/best", levels: names.map { ($0, Game.levelPath($0, dataDirectory: dataDirectory)) })
            do throws(UserFileError) {
                if let warning = try ProgressFile.save(loaded.progress, path: path) { StandardError.writeLine("koalio: warning: \(warning)") }
            } catch {
                StandardError.writeLine("koalio: warning: \(error.description)")
            }
        }
    }

    /// Where the player's settings are: `--config`, else `settings.toml` in the XDG config folder.
    private static func settingsPath(_ options: GameOptions) -> String? {
        options.config ?? SettingsFile.directory(environment: ProcessInfo.processInfo.environment).map { $0 + "/" + SettingsFile.fileName }
    }

    /// The settings (the file, and the command line's overrides), the input script, the trace
    /// and the recording; returns where the settings are kept.
    private static func readPlayerInput(_ environment: inout GameLoop.Options, levelName: String, levelSHA256: [UInt8]) throws(KoalioError) -> String? {
        let options = environment.command
        let overrides = SettingsStore.Overrides(fullscreen: options.fullscreen ? true : nil, windowScale: options.scale,
                                                musicVolume: options.musicVolume, effectsVolume: options.effectsVolume,
                                                ghost: options.ghost ? nil : false,
                                                phones: options.phones || options.phonesListen != nil ? true : nil,
                                                language: options.languageSetting, rendezvous: options.rendezvous, rendezvousCa: options.rendezvousCa,
                                                hideMyAddress: options.relayOnly ? true : nil)
        let settingsPath = settingsPath(options)
        let (settings, warnings, notice) = SettingsStore.load(path: settingsPath, overrides: overrides)
        StandardError.writeWarnings(warnings, file: settingsPath ?? SettingsFile.fileName)
        if let notice { environment.fileNotices.insert(notice, at: 0) }
        environment.settings = settings
        if let path = options.inputScript {
            let bytes: [UInt8]
            do { bytes = try FileBytes.read(path, limit: InputScript.fileBytesLimit) } catch {
                throw .scriptUnreadable(path: path, error)
            }
            do { environment.script = try InputScript.parse(bytes: bytes, file: path) } catch { throw .script(error) }
        }
        if let path = options.trace { environment.trace = try TraceWriter(path: path) }
        if let path = options.record { try ReplayStore.checkWritable(path) }
        if environment.replay == nil {
            environment.recording = RecordingOptions(gameVersion: version, levelName: levelName, levelSHA256: levelSHA256,
                                                     recordPath: options.record, autosaveDirectory: ReplayStore.autosaveDirectory())
        }
        return settingsPath
    }

    /// The window (or none, headless), the pads' mappings, and the level's images, decoded while
    /// SDL opens the window: start-up is mostly waiting for X.
    private static func openPlatform(_ options: GameOptions, settings effective: Settings, map: LevelMap, dataDirectory: String,
                                     settingsPath: String?) throws(KoalioError) -> Platform {
        let images = DecodedImages.start(TextureID.builtIn + Art.textures(for: map), resourceDirectory: dataDirectory + "/Resources")
        var platformOptions = PlatformOptions(resourceDirectory: dataDirectory + "/Resources")
        platformOptions.headless = options.headless
        platformOptions.fullscreen = effective.fullscreen
        platformOptions.scale = effective.windowScale
        platformOptions.scaling = effective.scaling
        platformOptions.renderer = options.renderer
        platformOptions.display = effective.display
        platformOptions.volumes = Audio.Volumes(music: effective.musicVolume, effects: effective.effectsVolume)
        let platform: Platform
        do { platform = try Platform(options: platformOptions) } catch {
            throw error == .noDisplay ? .noDisplay(error) : .platform(error)
        }
        if let warning = platform.displayWarning {
            StandardError.writeLine("koalio: warning: \(settingsPath ?? SettingsFile.fileName): [video] display: \(warning)")
        }
        if platform.windowScale < effective.windowScale { WindowHandler.sayFitted(asked: effective.windowScale, used: platform.windowScale) }
        do { try platform.loadControllerMappings(controllerMappingFiles()) } catch { throw .dataFile(error, reference: nil) }
        do { try platform.preload(images) } catch { throw .dataFile(error, reference: map.reference(of: error)) }
        return platform
    }

    /// The game's levels in playing order: `level1.tmx`, `level2.tmx`, … in the data's
    /// `Levels/`, up to the first number missing.
    package nonisolated static func catalogNames(dataDirectory: String) -> [String] {
        var names: [String] = []
        while names.count < 99, FileManager.default.fileExists(atPath: "\(dataDirectory)/Levels/level\(names.count + 1).tmx") {
            names.append("level\(names.count + 1)")
        }
        return names
    }

    /// The pack level `--level PACK/NAME` names: nil when `level` is a path (it ends in `.tmx`,
    /// is there as a file, or is not two plain names), an error when no pack has it.
    nonisolated static func packLevel(_ level: String, dataDirectory: String) throws(KoalioError) -> (pack: LevelPack, name: String)? {
        let parts = level.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !level.hasSuffix(".tmx"), parts.count == 2, parts.allSatisfy(PackManifest.isPlainName),
              !FileManager.default.fileExists(atPath: level) else { return nil }
        let shelf = LevelPackShelf.scan(LevelPackShelf.directories(environment: ProcessInfo.processInfo.environment, dataDirectory: dataDirectory))
        guard let found = shelf.level(level) else {
            throw .noSuchPackLevel(name: level, known: shelf.packs.flatMap { pack in pack.manifest.levels.map { "\(pack.id)/\($0)" } })
        }
        return found
    }

    package nonisolated static func levelPath(_ level: String, dataDirectory: String) -> String {
        level.hasSuffix(".tmx") || level.contains("/") ? level : "\(dataDirectory)/Levels/" + fileName(ofLevel: level)
    }

    /// The file in Levels/ a replay is played on: the one it names, unless that file has other
    /// bytes and another shipped level has the recorded ones (the levels changed places: a replay
    /// of the night forest made when it was level 5 names `level5`, and plays on `level3`).
    nonisolated static func replayLevelPath(_ replay: Recording, dataDirectory: String) -> String {
        let named = "\(dataDirectory)/Levels/" + fileName(ofLevel: replay.levelName)
        func sha256(_ path: String) -> [UInt8]? { (try? FileBytes.read(path, limit: LevelLimits.fileBytes)).map(SHA256.hash) }
        guard let bytes = sha256(named), bytes != replay.levelSHA256 else { return named }
        return catalogNames(dataDirectory: dataDirectory).map { levelPath($0, dataDirectory: dataDirectory) }
            .first { sha256($0) == replay.levelSHA256 } ?? named
    }

    /// A level's file in Levels/: its name with `.tmx`, unless the name already ends so.
    nonisolated static func fileName(ofLevel name: String) -> String { name.hasSuffix(".tmx") ? name : name + ".tmx" }

    /// The level and its file's SHA-256; for a replay, the very file it was recorded on.
    static func loadLevel(_ path: String, for replay: Recording?, replayPath: String?) throws(KoalioError) -> LevelFile {
        do {
            let file = try LevelFile.load(path, expected: replayPath == nil ? nil : replay?.levelSHA256)
            // What the author should hear about a map that loads (a turned solid object, a layer
            // named like a role that is not read as one), once, as --check-level says it.
            for line in TMXLoader.lint(bytes: file.bytes, path: path) { StandardError.writeLine("koalio: \(line)") }
            return file
        } catch {
            switch (error, replay, replayPath) {
            case let (.unreadable(reason), replay?, replayPath?): throw .replayLevelUnreadable(replay: replayPath, level: replay.levelName, reason)
            case let (.changed, _, replayPath?): throw .replayLevelChanged(replay: replayPath, levelPath: path)
            default: throw .level(error)
            }
        }
    }

    /// `gamecontrollerdb.txt` files: `$SDL_GAMECONTROLLERCONFIG_FILE`, then the user's
    /// `$XDG_CONFIG_HOME/koalio/gamecontrollerdb.txt` (default `~/.config/koalio/`).
    package static func controllerMappingFiles(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var files: [String] = []
        if let file = environment["SDL_GAMECONTROLLERCONFIG_FILE"], !file.isEmpty { files.append(file) }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.config" }
        if let config { files.append(config + "/koalio/gamecontrollerdb.txt") }
        return files
    }
}

extension LevelMap {
    /// The level file and line that named the image a problem is about, when it is one of this
    /// level's tileset images (other problems with those are found at load).
    func reference(of error: DataFileError) -> String? {
        let references = tilesets.flatMap { tileset in
            [(tileset.imagePath, tileset.imageReference)] + tileset.images.values.map { ($0.path, $0.reference) }
        }
        return references.first { $0.0 == error.file && !$0.1.isEmpty }?.1
    }
}
