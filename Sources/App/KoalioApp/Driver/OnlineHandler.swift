import KoalioFlow
import KoalioNet
import KoalioPhoneServer
import KoalioSim
import KoalioSystem

/// Online play's devices: the networked game (`--host` and `--join`'s, set up before the window
/// opens by ``NetSetup``, or one hosted or joined from the menus), the menus' try to join, the
/// LAN games found and the probes answered. It answers ``OnlineEffect``s and, once a frame,
/// tells the flow what came (``GameAction/online(_:)``).
@MainActor
final class OnlineHandler {
    /// The networked game: `--host` or `--join`'s from the start, or one from the menus.
    private(set) var network: NetPlay?
    /// Play online's try to join, the games found and the answers to probes.
    let menus = OnlineMenus()
    /// The networked game was started from the menus (not `--host` or `--join`): when it ends
    /// the game goes back to them.
    let fromMenus: Bool
    /// A desync's last trace line was written.
    private var desyncTraced = false
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

    init(network: NetPlay?, command: GameOptions, levels: LevelFinder) {
        self.network = network
        fromMenus = network == nil
        self.command = command
        self.levels = levels
    }

    /// Online on wall time, the machine ahead slows its ticks a little (its frames stretched).
    var frameStretch: Double { network?.session.frameStretch ?? 1 }

    /// The world one tick before the one shown, as the network now knows it.
    var worldBeforeShown: World? { network?.worldBeforeShown }

    /// The trace's `online` object (nil offline).
    var traced: TraceRecord.Online? { network?.traced }

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
        guard let network else { return .step }
        guard let outcome = network.outcome else { return runner.mayTick ? .step : .networkFrame }
        if !desyncTraced, case .desync = outcome {
            desyncTraced = true
            traceLast()
        }
        guard !command.headless else { return .stop }
        guard outcome != .done, outcome != .quit else { return fromMenus ? .backToMenus : .stop }
        return .networkFrame
    }

    /// Once a frame: the try to join pumped (its answer told to the flow), games found while the
    /// join form is open, probes answered while a game hosted here waits for players.
    func frame(_ flow: FlowState) -> [GameAction] {
        let finding = if case .online(.join) = flow.mode { true } else { false }
        let news = menus.poll(finding: finding, hosted: network) { sha256, name in levels.find(sha256: sha256, named: name) }
        return news.map { [.online($0)] } ?? []
    }

    /// Play online's effects, the answers as actions.
    func perform(_ effect: OnlineEffect, _ flow: FlowState, runner: FlowRunner) -> [GameAction] {
        switch effect {
        case .host:
            do {
                attach(try NetSetup.hostFromMenus(command, levelName: flow.run.map.name, sha256: flow.run.sha256, session: flow.session), runner)
            } catch {
                warn("cannot host: \(error.description)")
                return [.online(.failed(.cannotHost(error.reason)))]
            }
        case .startNow:
            network?.startNow()
        case .newCode:
            network?.newCode()
        case let .join(address, code):
            return menus.join(address: address, code: code, localPlayers: command.localPlayers ?? 1).map { [.online($0)] } ?? []
        case .ready:
            // The level loaded must be the welcome's, byte for byte (a file changed since it was
            // found, or a pack of the same name): else it is missing here, and the host is told.
            let matches = menus.joinedLevelMatches(flow.run.sha256)
            guard let joined = menus.takeJoined() else { return [] }
            guard matches else {
                joined.levelMissing()
                return [.online(.failed(.noLevel(flow.run.map.name)))]
            }
            joined.ready(flow.session)
            attach(joined, runner)
        case .leave:
            leave(runner)
        }
        return []
    }

    /// The game from the menus, or the try to join, left: the others are told.
    func leave(_ runner: FlowRunner) {
        network?.leave()
        menus.cancelJoin()
        detach(runner)
    }

    /// The game from the menus reached its end: back to Play online.
    func end(_ runner: FlowRunner) -> GameAction {
        detach(runner)
        return .online(.over(nil))
    }

    private func attach(_ net: NetPlay, _ runner: FlowRunner) {
        network = net
        runner.network = net
        desyncTraced = false
    }

    private func detach(_ runner: FlowRunner) {
        if command.verbose, let network { StandardError.writeLine("koalio: " + network.figures) }
        network = nil
        runner.network = nil
    }
}
