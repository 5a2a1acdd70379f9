import KoalioFlow
import KoalioNet

extension OnlineGame {
    /// The trace's `online` object now.
    var traced: TraceRecord.Online {
        var desync: Int?
        if case let .desync(tick) = outcome { desync = tick }
        return TraceRecord.Online(tick: session.rollback?.tick ?? 0, confirmed: session.rollback?.confirmedTick ?? 0, rollback: lastRollbackDepth,
                                  reconnecting: session.reconnectingPlayers(at: now), desync: desync)
    }

    /// `--verbose`'s closing line: what the network did to play (the figures `make bench` reads),
    /// `at` the network's clock now.
    func figures(at time: Double) -> String {
        let stats = session.stats
        let frames = stats.rollbackDepths.reduce(0, +)
        var p99 = 0, counted = 0
        for (depth, count) in stats.rollbackDepths.enumerated() {
            counted += count
            if Double(counted) >= Double(frames) * 0.99 { p99 = depth; break }
        }
        let deepest = stats.rollbackDepths.lastIndex { $0 > 0 } ?? 0
        let seconds = max(0.001, time - (playStart?.at ?? time))
        let sent = Double(stats.bytesSent - (playStart?.sent ?? 0)) / seconds
        let received = Double(stats.bytesReceived - (playStart?.received ?? 0)) / seconds
        let stalled = stats.steppedTicks + stats.stalledTicks == 0 ? 0 : Double(stats.stalledTicks) * 100 / Double(stats.steppedTicks + stats.stalledTicks)
        let roundTrip = session.roundTripSeconds.map { "\(Int(($0 * 1000).rounded())) ms" } ?? "unmeasured"
        let depth = "rollback depth p99 \(p99), max \(deepest)"
        let stall = "stalled \(stats.stalledTicks) ticks (\(Double((stalled * 100).rounded()) / 100) %)"
        let bytes = "sent \(Int(sent.rounded())) B/s, received \(Int(received.rounded())) B/s"
        let rest = "round trip \(roundTrip); checksums compared \(stats.checksumsCompared); input delay \(session.inputDelay) ticks; "
            + "datagrams turned away \(stats.datagramsDropped)"
        return "online: \(stats.steppedTicks) ticks; " + [depth, stall, bytes, rest].joined(separator: "; ")
    }
}
