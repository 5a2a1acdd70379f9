import KoalioAdmission
import KoalioFlow
import KoalioNet
import KoalioLocalServer
import KoalioSim
import KoalioSystem
import KoalioUserData

/// Online play's devices: the networked game (`--host` and `--join`'s, set up before the window
/// opens by ``NetSetup``, or one hosted or joined from the menus), the menus' try to join, the
/// LAN games found and the probes answered. It answers ``OnlineEffect``s and, once a frame,
/// tells the flow what came (``GameAction/online(_:)``).
@MainActor
final class OnlineHandler {
    /// The networked game's sockets (its session is in the value: ``FlowState/online``).
    private var link: NetLink?
    /// Play online's try to join, the games found and the answers to probes.
    let menus = OnlineMenus()
    /// The networked game was started from the menus (not `--host` or `--join`): when it ends
    /// the game goes back to them.
    let fromMenus: Bool
    /// A desync's last trace line was written.
    private var desyncTraced = false
    /// The host's code went off (too many wrong codes) and stderr said so.
    private var codeOffSaid = false
    /// `--host-room`'s room failed before anyone was connected: the game ends, its exit 1.
    private(set) var roomFailed = false
    private var random = SystemRandomNumberGenerator()
    private let command: GameOptions
    /// Where a joiner from the menus looks for the host's level.
    private let levels: LevelFinder

    /// A level as a joiner finds it here (the host's digest and name) and as the flow loads it.
    @MainActor
    struct LevelFinder {
        let catalog: LevelCatalog?
        let dataDirectory: String?

        func find(sha256: [UInt8], named name: String) -> LevelRef? {
            guard let dataDirectory, let found = NetSetup.level(sha256: sha256, named: name, dataDirectory: dataDirectory) else { return nil }
            if let index = catalog?.names.firstIndex(of: found) { return .catalog(index) }
            let parts = found.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, let packs = catalog?.packListings, let pack = packs.firstIndex(where: { $0.id == parts[0] }),
                  let level = packs[pack].levels.firstIndex(where: { $0.name == parts[1] }) else { return nil }
            return .pack(pack, level: level)
        }
    }

    /// - Parameter link: `--host` or `--join`'s sockets (its game is the flow's from the start).
    init(link: NetLink?, command: GameOptions, levels: LevelFinder) {
        self.link = link
        fromMenus = link == nil
        self.command = command
        self.levels = levels
    }

    /// Online on wall time, the machine ahead slows its ticks a little (its frames stretched).
    func frameStretch(_ flow: FlowState) -> Double { flow.networkRuns ? flow.online?.session.frameStretch ?? 1 : 1 }

    /// What a tick of the loop does online.
    enum Gate {
        /// The flow ticks (offline, or the game may step).
        case step
        /// No tick of the flow: only the network's frame (corrections, confirmations, the
        /// waiting or end screen's presses, the end's reason shown for its while): a script's
        /// input keeps its ticks.
        case networkFrame
        /// The game ends (headless, or `--host`/`--join`'s game reached its end or was left).
        case stop
        /// The game from the menus reached its end or was left: back to Play online.
        case backToMenus
    }

    /// Whether the coming tick steps the flow. A game over before its end shows why in a window
    /// (the flow's rule: ``FlowState/networkEndShownSeconds``); headless it ends at once, as a
    /// game that reached its end does. `traceLast`: a desync's one last trace line (the tick the
    /// games differ at), written once.
    func gate(_ runner: FlowRunner, traceLast: () -> Void) -> Gate {
        guard !roomFailed else { return .stop }
        guard link != nil, runner.flow.networkRuns, let game = runner.flow.online else { return .step }
        guard let outcome = game.outcome else { return runner.mayTick ? .step : .networkFrame }
        if !desyncTraced, case .desync = outcome {
            desyncTraced = true
            traceLast()
        }
        guard !command.headless else { return .stop }
        guard outcome != .done, outcome != .quit else { return fromMenus ? .backToMenus : .stop }
        return .networkFrame
    }

    /// Before each tick: the networked game's datagrams read, as the action the runner takes
    /// (with the network's clock); said once when the host's code goes off.
    func hear(_ flow: FlowState) -> [GameAction] {
        guard let link, let game = flow.online else { return [] }
        sayCodeOff(game.session)
        let heard = link.read(for: game.session, at: MonotonicClock.seconds())
        // A room's news: its progress for the waiting screen; a failure takes a game from the
        // menus back to them, and ends `--host-room`'s (said on stderr; the exit is 1).
        var news = link.takeNews()
        if !fromMenus, news.contains(where: { if case .failed = $0 { true } else { false } }) {
            roomFailed = true
            news.removeAll { if case .failed = $0 { true } else { false } }
        }
        return [.network(heard)] + news.map(GameAction.online)
    }

    /// Once a frame: the try to join pumped (its answer told to the flow), games found while the
    /// join form is open, probes answered while a game hosted here waits for players.
    func frame(_ flow: FlowState) -> [GameAction] {
        let finding = if case .online(.join) = flow.mode { true } else { false }
        // A room's game is found by its code, never on this network: discovery does not offer it.
        let hosted = link.flatMap { link in flow.online.flatMap { $0.isJoinable && !link.isRoom ? (port: link.localPort, session: $0.session) : nil } }
        let news = menus.poll(finding: finding, hosted: hosted, verbose: command.verbose) { sha256, name in levels.find(sha256: sha256, named: name) }
        return news.map { [.online($0)] } ?? []
    }

    /// Play online's effects, the answers as actions. `settings`: the effective ones (a room
    /// code's rendezvous and Hide my address, the command line's standing in for the file's).
    func perform(_ effect: OnlineEffect, _ flow: FlowState, settings: Settings) -> [GameAction] {
        switch effect {
        case .host(.room):
            guard let place = NetSetup.RoomPlace(settings) else { return [.online(.failed(.noRendezvous))] }
            let start = NetSetup.hostRoomFromMenus(command, place: place, levelName: flow.run.map.name, sha256: flow.run.sha256, session: flow.session)
            return begin(start.link, start.game)
        case .host(.thisNetwork):
            do {
                let start = try NetSetup.hostFromMenus(command, levelName: flow.run.map.name, sha256: flow.run.sha256, session: flow.session)
                return begin(start.link, start.game)
            } catch {
                warn("cannot host: \(error.description)")
                return [.online(.failed(.cannotHost(error.problem)))]
            }
        case .newCode:
            guard flow.online?.session.codeOff == true else { return [] }
            let code = PairingSecrets(using: &random).code
            codeOffSaid = false
            StandardError.writeLine("koalio: new session code \(code)")
            return [.online(.newCode(code))]
        case let .join(address, code):
            return menus.join(address: address, code: code, localPlayers: command.localPlayers ?? 1).map { [.online($0)] } ?? []
        case let .joinRoom(code):
            return menus.joinRoom(code: code, place: NetSetup.RoomPlace(settings), localPlayers: command.localPlayers ?? 1).map { [.online($0)] } ?? []
        case .ready:
            // The level loaded must be the welcome's, byte for byte (a file changed since it was
            // found, or a pack of the same name): else it is missing here, and the host is told.
            let matches = menus.joinedLevelMatches(flow.run.sha256)
            guard let joined = menus.takeJoined() else { return [] }
            guard matches else {
                joined.levelMissing()
                return [.online(.failed(.noLevel(flow.run.map.name)))]
            }
            return begin(joined.link, joined.ready(flow.session))
        case let .send(datagrams):
            link?.send(datagrams)
        case .leave:
            // The game's goodbyes went out just before (``FlowState/leaveOnline(_:)``).
            if command.verbose, link != nil, let game = flow.online { StandardError.writeLine("koalio: " + game.figures(at: MonotonicClock.seconds())) }
            menus.cancelJoin()
            link?.close()
            link = nil
        }
        return []
    }

    /// A networked game begins: its sockets kept here, its session handed to the value.
    private func begin(_ link: NetLink, _ game: OnlineGame) -> [GameAction] {
        self.link = link
        desyncTraced = false
        codeOffSaid = false
        return [.online(.began(game))]
    }

    /// Said once when the host's code goes off: nobody joins (and discovery offers the game no
    /// more) until the host makes a new code.
    private func sayCodeOff(_ session: NetSession) {
        guard session.codeOff, !codeOffSaid else { return }
        codeOffSaid = true
        StandardError.writeLine("koalio: too many wrong codes (\(session.codeFailures)): the session code is off; nobody can join until the host makes a new one (A on the waiting screen)")
    }
}
