import KoalioFlow
import KoalioNet
import KoalioPhoneServer
import KoalioSystem

/// Play online from the menus: the effects that host, join, start and leave a networked game
/// while the loop runs, and the network's news each frame (`--host` and `--join` set theirs up
/// before the window opens: ``NetSetup``).
extension GameLoop {
    /// The networked game was started from the menus (not `--host` or `--join`): when it ends the
    /// game goes back to them.
    var fromMenus: Bool { options.network == nil }

    /// Once a frame: the try to join pumped (its answer told to the flow), games found while the
    /// join form is open, probes answered while a game hosted here waits for players.
    func pollOnline() {
        let finding = if case .online(.join) = flow.mode { true } else { false }
        let news = online.poll(finding: finding, hosted: network) { sha256, name in
            guard let dataDirectory = options.dataDirectory,
                  let found = NetSetup.level(sha256: sha256, named: name, dataDirectory: dataDirectory) else { return nil }
            return levelRef(found)
        }
        if let news { runner.tell(news) }
    }

    /// A level `NetSetup.level` names (`level3`, `PACK/NAME`) as the flow loads it.
    private func levelRef(_ name: String) -> LevelRef? {
        if let index = options.catalog?.names.firstIndex(of: name) { return .catalog(index) }
        let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, let packs = options.catalog?.packListings, let pack = packs.firstIndex(where: { $0.id == parts[0] }),
              let level = packs[pack].levels.firstIndex(where: { $0.name == parts[1] }) else { return nil }
        return .pack(pack, level: level)
    }

    func performOnline(_ effect: OnlineEffect) {
        switch effect {
        case .host:
            do {
                attach(try NetSetup.hostFromMenus(options.command, levelName: flow.run.map.name, sha256: flow.run.sha256, session: flow.session))
            } catch {
                warn("cannot host: \(error.description)")
                runner.tell(.failed(.cannotHost(error.reason)))
            }
        case .startNow:
            network?.startNow()
        case .newCode:
            network?.newCode()
        case let .join(address, code):
            if let news = online.join(address: address, code: code, localPlayers: options.command.localPlayers ?? 1) { runner.tell(news) }
        case .ready:
            // The level loaded must be the welcome's, byte for byte (a file changed since it was
            // found, or a pack of the same name): else it is missing here, and the host is told.
            let matches = online.joinedLevelMatches(flow.run.sha256)
            guard let joined = online.takeJoined() else { return }
            guard matches else {
                joined.levelMissing()
                return runner.tell(.failed(.noLevel(flow.run.map.name)))
            }
            joined.ready(flow.session)
            attach(joined)
        case .leave:
            leaveOnline()
        }
    }

    /// The game from the menus, or the try to join, left: the others are told.
    func leaveOnline() {
        network?.leave()
        online.cancelJoin()
        detach()
    }

    private func attach(_ net: NetPlay) {
        network = net
        runner.network = net
        networkEndedAt = nil
    }

    private func detach() {
        if options.command.verbose, let network { StandardError.writeLine("koalio: " + network.figures) }
        network = nil
        runner.network = nil
        networkEndedAt = nil
    }

    /// The game from the menus is over (its reason shown): back to Play online.
    func endOnline(_ end: NetworkTick.End?) {
        detach()
        runner.tell(.over(end))
    }
}
