import KoalioCore
import KoalioInput
import KoalioReplay
import KoalioView

/// Local co-op in the loop: free pads join with A, players leave (holding Back, or from the
/// pause menu), and what the screen and the trace say about each player.
extension GameLoop {
    /// A free pad's A joins while a level is played live (not over, not a replay); while paused
    /// only to take back the koala of a player whose pad went away (that pause is theirs). A held
    /// Back leaves at any time in a level.
    func takeJoinsAndLeaves(_ team: TeamInput) {
        guard options.replay == nil, screen == .level else { return }
        for player in team.leaveRequests { leave(player: player) }
        guard session.state == .playing || (session.state == .paused && !registry.playersWithPadAway.isEmpty) else { return }
        for pad in team.joinRequests {
            guard let player = registry.join(pad) else { continue }
            show("Player \(player): \(pad.vendorName) joined")
            cue(.padConnected)
        }
    }

    /// A co-op player leaves: their koala goes at the next step (their input is no longer
    /// given) and their pad is free again.
    func leave(player: Int) {
        registry.leave(player: player)
        show("Player \(player) left")
        cue(.padDisconnected)
    }

    /// The pads that are no one's: each offers "Press A to join" in its own pictures.
    var joinPrompts: [Prompt] {
        guard registry.seats.count < PartyLimits.players - 1 || !registry.playersWithPadAway.isEmpty else { return [] }
        let bindings = settings.effective.bindings
        return registry.controllers.filter { registry.player(of: $0.id) == nil }.map { pad in
            let prompts = Prompts(controller: pad, bindings: bindings)
            return Prompt([.text("\(pad.vendorName): press "), .glyph(prompts.glyph(.jump)), .text(" to join")])
        }
    }

    /// In co-op, each player's time on the end screen: from their join to the end (the first
    /// player's is the run's), and who reached the goal.
    var playerTimes: [String] {
        let world = session.world
        guard world.koalas.count > 1 else { return [] }
        return world.koalas.map { koala in
            let goal = world.winner == koala.number ? "  reached the flag" : ""
            return "Player \(koala.number)  \(Scene.clockText(ticks: world.tick - koala.joinedAtTick))\(goal)"
        }
    }

    /// The controllers that steered players 2–4 on the step just taken, for the trace.
    func notePartnerControllers(_ input: TickInput) {
        let names = options.replay?.sources ?? sourceNames
        partnerControllers = [:]
        for partner in input.partners where partner.source < names.count {
            partnerControllers[partner.player] = names[partner.source]
        }
    }
}
