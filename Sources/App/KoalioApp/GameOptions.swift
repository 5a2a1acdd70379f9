import KoalioAdmission
import ArgumentParser
import KoalioNet
import KoalioLocalServer
import KoalioSDL
import KoalioText
import KoalioUserData

/// What the command line asks for: parsed once by `koalio`'s command and passed down whole.
/// These names are a promise to players and scripts: extend, never rename.
public struct GameOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(help: ArgumentHelp("Go straight into this level (no title): a name in the data directory's Levels/ or a path to a .tmx file (with --replay: the replay's level).", valueName: "name|path"))
    public var level: String?

    @Option(help: ArgumentHelp("Start a speedrun of this category from the title: world1, world2, all-levels, level3 (one level), or a level pack's name (its levels in order). In-game time, splits at each flag, no assist (see docs/MANUAL.md: Speedrun).", valueName: "category"))
    public var speedrun: String?

    @Flag(help: "Start in fullscreen (F11 toggles).")
    public var fullscreen = false

    @Option(help: ArgumentHelp("Window size as a multiple of the 568×320 view (1-8; default: the settings', 2).", valueName: "n"))
    public var scale: Int?

    @Option(help: ArgumentHelp("Write one JSON object per 60 Hz step to this file (see docs/FORMATS.md).", valueName: "file"))
    public var trace: String?

    @Option(help: ArgumentHelp("When the game ends, write one line per frame to this file: its start (ms since the first frame), how long its work took (ms), the camera's x as drawn (view pixels; a menu's is that of the level behind it), the 60 Hz steps so far, and how long the loop rested before it (ms).", valueName: "file"))
    public var frameTimes: String?

    @Option(help: ArgumentHelp("Act as if the display refreshed this many times a second (24-500): with smooth motion on (auto: above 60 Hz), frames are paced to it and drawn between the 60 Hz steps. Default: the rate SDL reports.", valueName: "hz"))
    public var refreshRate: Int?

    @Flag(help: "Run with no visible window (SDL's dummy video driver), as fast as possible. Needs --ticks.")
    public var headless = false

    @Option(help: ArgumentHelp("Stop after this many 60 Hz steps.", valueName: "n"))
    public var ticks: Int?

    @OptionGroup public var dataFolder: DataFolder
    /// `--data-dir` (``DataFolder``).
    public var dataDir: String? {
        get { dataFolder.dataDir }
        set { dataFolder.dataDir = newValue }
    }

    @Option(help: ArgumentHelp("Renderer: auto (software when there is no GPU), software, or accelerated.", valueName: "name"))
    public var renderer: RendererChoice = .auto

    @Option(help: ArgumentHelp("Play timed key presses from this file, one step per frame (see docs/FORMATS.md).", valueName: "file"))
    public var inputScript: String?

    @Option(help: ArgumentHelp("Save the last frame shown to this PNG file when the game ends.", valueName: "file"))
    public var screenshot: String?

    @Option(help: ArgumentHelp("Record the first run to this replay file when it ends or the game quits (winning runs are also saved under ~/.local/share/koalio/replays).", valueName: "file"))
    public var record: String?

    @Option(help: ArgumentHelp("Play a recorded run back instead of live input (pause and quit still work).", valueName: "file"))
    public var replay: String?

    @Flag(help: "With --replay: check the recording as fast as possible; print 'ok' and the ticks, or the first tick that differs (exit 1).")
    public var verify = false

    @Option(help: ArgumentHelp("With --replay: check the recording through the rollback netcode's core, which at every tick loads the game N ticks back (1-8) and steps it again; print 'ok' and the ticks, or the first tick where stepping again differs or the recording's checksum does not match (exit 1).", valueName: "n"))
    public var syncTest: Int?

    @Option(help: ArgumentHelp("Music volume this run, 0-100 (0: no music; default: the settings', 70).", valueName: "n"))
    public var musicVolume: Int?

    @Option(help: ArgumentHelp("Sound effects volume this run, 0-100 (0: none; default: the settings', 100).", valueName: "n"))
    public var effectsVolume: Int?

    @Option(help: ArgumentHelp("Read and save the settings in this file instead of ~/.config/koalio/settings.toml (see docs/MANUAL.md).", valueName: "file"))
    public var config: String?

    @Flag(help: "Do not race the ghost of your best run in levels you have won.")
    public var noGhost = false
    /// False (`--no-ghost`): no ghost this run whatever the settings say.
    public var ghost: Bool { !noGhost }

    @Flag(help: "With --level: reload the level whenever its file, its tilesets or its images change on disk (for level authors).")
    public var watch = false

    @Flag(help: "Let phones join as game pads this run: the title shows the address and code to open on a phone (see docs/MANUAL.md: Phones).")
    public var phones = false

    @Option(help: ArgumentHelp("Listen for phones on this address only, a loopback or private one given as a number, e.g. 192.168.1.20:8765 or 127.0.0.1:8765 (implies --phones; default: the private addresses of the network the default route is on, port 8765).", valueName: "address:port"))
    public var phonesListen: String?

    @Option(help: ArgumentHelp("Speedruns: let LiveSplit One's \"Connect to Server\" attach to ws://ADDRESS:PORT, a loopback address (e.g. 127.0.0.1:16835); it is told the run as it goes (see docs/MANUAL.md: Speedrun).", valueName: "address:port"))
    public var livesplitOne: String?

    @Option(help: ArgumentHelp("Speedruns: tell classic LiveSplit's server at this address the run as it goes (e.g. 127.0.0.1:16834), connecting again quietly when it is not there.", valueName: "address:port"))
    public var livesplit: String?

    @Option(help: ArgumentHelp("Host a game played over the network: listen for other koalios on this address (a number; 0.0.0.0 for every address of this machine) and play the --level with them when --joiners have joined (see docs/MANUAL.md: Online co-op).", valueName: "address:port"))
    public var host: String?

    @Option(help: ArgumentHelp("Join the game hosted at this address; the host picks the level (you need its file: a shipped level or a pack's) and its --ticks ends the run on every machine.", valueName: "address:port"))
    public var join: String?

    @Option(help: ArgumentHelp("With --host (or from the title's Play online): the session's code (6 digits; default: a random one, printed and shown); with --join: the code the host shows.", valueName: "code"))
    public var sessionCode: String?

    @Option(help: ArgumentHelp("With --host (or from the title's Play online): ticks between a press and the tick it steers, on every machine (0-8, default 2): more hides more of the network's delay.", valueName: "ticks"))
    public var inputDelay: Int?

    @Option(help: ArgumentHelp("With --host: start when this many other machines have joined (1-3, default 1); from the title's Play online, start by itself at this many (default: four koalas).", valueName: "n"))
    public var joiners: Int?

    @Option(help: ArgumentHelp("With --host or --join (or from the title's Play online): players on this machine (1-3, default 1), each with a pad of their own; four in all.", valueName: "n"))
    public var localPlayers: Int?

    @Flag(help: "Host a game for players anywhere: a room on the --rendezvous named by a code (said as 'koalio: room K7M-3QX'); --level is played when a player joins with it.")
    public var hostRoom = false

    @Option(help: ArgumentHelp("Join the game in this room of the --rendezvous (the host's code, as K7M-3QX).", valueName: "code"))
    public var joinRoom: String?

    @Option(help: ArgumentHelp("Games by room code (--host-room, --join-room, Play online's Anywhere): the rendezvous, its address or name, for this run (the settings' [online] rendezvous otherwise; see docs/RENDEZVOUS.md: koalio operates none, a community runs one).", valueName: "host"))
    public var rendezvous: String?

    @Option(help: ArgumentHelp("With --rendezvous: trust this certificate for it (a community's self-signed one, PEM) instead of the system's authorities.", valueName: "file"))
    public var rendezvousCa: String?

    @Flag(help: "Games by room code: hide my address for this run (every datagram goes through the rendezvous's relay; neither player learns the other's address; the setting: Hide my address).")
    public var relayOnly = false

    /// `--host` or `--join`, or their rooms.
    public var isNetworked: Bool { host != nil || join != nil || isRoom }

    /// `--host-room` or `--join-room`.
    public var isRoom: Bool { hostRoom || joinRoom != nil }

    @Option(help: ArgumentHelp("The language to speak this run: auto (the desktop's), en, de, fr, es, pt_BR, ja or ar (default: the settings').", valueName: "code"))
    public var language: String?

    /// `--language` as a setting: nil when not given, `.some(nil)` for `auto`.
    public var languageSetting: Language?? {
        guard let language else { return nil }
        return language == "auto" ? .some(nil) : .some(Language(rawValue: language))
    }

    @Flag(help: "Say more on stderr: the desktop's language and where the translations were found; with phones, the address with its secret token and the code (each time they change), which let a phone in.")
    public var verbose = false

    public func validate() throws {
        if let scale, !(1...8).contains(scale) { throw ValidationError("--scale must be from 1 to 8, not \(scale).") }
        let rates = FramePacing.framesPerSecondRange
        if let refreshRate, !rates.contains(refreshRate) {
            throw ValidationError("--refresh-rate must be from \(rates.lowerBound) to \(rates.upperBound), not \(refreshRate).")
        }
        if let ticks, ticks < 0 { throw ValidationError("--ticks must not be negative.") }
        if verify && replay == nil { throw ValidationError("--verify needs --replay FILE.") }
        if let syncTest {
            if replay == nil { throw ValidationError("--sync-test needs --replay FILE.") }
            if !(1...SyncTest.maxDepth).contains(syncTest) { throw ValidationError("--sync-test must be from 1 to \(SyncTest.maxDepth), not \(syncTest).") }
        }
        if record != nil && replay != nil { throw ValidationError("--record and --replay do not go together.") }
        if let musicVolume, !(0...100).contains(musicVolume) { throw ValidationError("--music-volume must be from 0 to 100, not \(musicVolume).") }
        if let effectsVolume, !(0...100).contains(effectsVolume) { throw ValidationError("--effects-volume must be from 0 to 100, not \(effectsVolume).") }
        if watch && (level == nil || replay != nil) { throw ValidationError("--watch needs --level FILE (and no --replay).") }
        if let phonesListen {
            do { _ = try LocalListener.ListenAddress(parsing: phonesListen) } catch {
                if case let .cannotListen(_, reason) = error { throw ValidationError("--phones-listen '\(phonesListen)': \(reason).") }
                throw ValidationError("--phones-listen '\(phonesListen)': \(error).")
            }
        }
        if let livesplitOne {
            guard let address = NetAddress(parsing: livesplitOne, anyPort: true) else {
                throw ValidationError("--livesplit-one '\(livesplitOne)': not ADDRESS:PORT of numbers (e.g. 127.0.0.1:16835).")
            }
            guard LiveSplitOneServer.isLoopback(bytes: address.host) else {
                throw ValidationError("--livesplit-one '\(livesplitOne)': only a loopback address (127.0.0.1 or [::1]).")
            }
        }
        if let livesplit, NetAddress(parsing: livesplit) == nil {
            throw ValidationError("--livesplit '\(livesplit)': not ADDRESS:PORT of numbers (e.g. 127.0.0.1:16834).")
        }
        if let language, language != "auto", Language(rawValue: language) == nil {
            throw ValidationError("--language must be auto or one of \(Language.allCases.map(\.rawValue).joined(separator: ", ")), not '\(language)'.")
        }
        try validateNetwork()
        if headless && ticks == nil && !verify && syncTest == nil && join == nil && joinRoom == nil { throw ValidationError("--headless needs --ticks N (there is no window to close).") }
    }
}

extension GameOptions {
    private func validateNetwork() throws {
        if [host != nil, join != nil, hostRoom, joinRoom != nil].filter({ $0 }).count > 1 {
            throw ValidationError("--host, --join, --host-room and --join-room do not go together.")
        }
        if let joinRoom, RoomCode(joinRoom) == nil {
            throw ValidationError("--join-room '\(joinRoom)': not a room code (6 symbols of 0-9 and A-Z but I, L, O and U, as K7M-3QX).")
        }
        // Without a room flag they are for Play online's games by room code; a game by address has none.
        if (host != nil || join != nil) && (rendezvous != nil || rendezvousCa != nil || relayOnly) {
            throw ValidationError("--rendezvous, --rendezvous-ca and --relay-only are for games by room code, not --host or --join.")
        }
        if isRoom && sessionCode != nil { throw ValidationError("a room's code is its own: no --session-code with --host-room or --join-room.") }
        if let host, NetAddress(parsing: host, anyPort: true) == nil {
            throw ValidationError("--host '\(host)': not an address:port of numbers (e.g. 0.0.0.0:7000 or [::]:7000; port 0: any free one).")
        }
        if let join, NetAddress(parsing: join) == nil {
            throw ValidationError("--join '\(join)': not an address:port of numbers (e.g. 192.168.1.20:7000).")
        }
        if let speedrun {
            guard SpeedrunCategory(name: speedrun) != nil else {
                throw ValidationError("--speedrun '\(speedrun)': not a category (world1, world2, all-levels, level3, or a pack's name).")
            }
            if level != nil || replay != nil || isNetworked || watch { throw ValidationError("--speedrun starts from the title: no --level, --replay, --watch, --host or --join.") }
        }
        if let sessionCode, sessionCode.count != PairingSecrets.codeDigits || !sessionCode.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            throw ValidationError("--session-code must be \(PairingSecrets.codeDigits) digits, not '\(sessionCode)'.")
        }
        if let inputDelay, !(0...NetSession.maxInputDelay).contains(inputDelay) {
            throw ValidationError("--input-delay must be from 0 to \(NetSession.maxInputDelay), not \(inputDelay).")
        }
        if let joiners, !(1...NetMessage.maxSeats - 1).contains(joiners) { throw ValidationError("--joiners must be from 1 to 3, not \(joiners).") }
        if let localPlayers, !(1...NetMessage.maxSeats - 1).contains(localPlayers) {
            throw ValidationError("--local-players must be from 1 to 3, not \(localPlayers).")
        }
        if let joiners, let localPlayers, joiners + localPlayers > NetMessage.maxSeats { throw ValidationError("four koalas at most: --local-players \(localPlayers) and --joiners \(joiners).") }
        if !isNetworked {
            // From the title they apply to Play online's games; a run that starts in a level has none.
            for (given, name) in [(sessionCode != nil, "--session-code"), (inputDelay != nil, "--input-delay"), (joiners != nil, "--joiners"),
                                  (localPlayers != nil, "--local-players")] where given && (level != nil || replay != nil) {
                throw ValidationError("\(name) needs --host or --join (or the title's Play online: no --level or --replay).")
            }
            return
        }
        if join != nil && sessionCode == nil { throw ValidationError("--join needs --session-code CODE (the host shows it).") }
        let joining = join != nil || joinRoom != nil
        if joining && (inputDelay != nil || joiners != nil) { throw ValidationError("--input-delay and --joiners are the host's to choose.") }
        if joining && level != nil { throw ValidationError("\(join != nil ? "--join" : "--join-room") plays the host's level: no --level.") }
        if hostRoom, let joiners, joiners > 1 { throw ValidationError("a room's game is its host and one other machine for now: --joiners 1.") }
        if replay != nil || watch { throw ValidationError("--host and --join play live: no --replay or --watch.") }
    }
}

extension RendererChoice: ExpressibleByArgument {}

/// `--data-dir`, a group of its own: the game's options and the subcommands that read the data
/// share it. The argument parser gives an option named by both a command and its subcommand to
/// the command; a group of the same type is decoded once and handed down the command stack, so
/// `koalio levels --data-dir DIR` and `koalio --data-dir DIR levels` both reach the subcommand.
public struct DataFolder: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("Directory holding Resources/ and Levels/ (default: found beside the program; also $KOALIO_DATA_DIR).", valueName: "dir"))
    public var dataDir: String?

    public init() {}
}
