import FuzzSupport
import KoalioCore
import KoalioNet
import KoalioSim

/// Any bytes as a datagram from the network: a message that writes back to the same bytes, or a
/// refusal; never a trap. Then the host's and a joiner's session take them from a stranger and
/// from a seated address, and must not trap either.
nonisolated(unsafe) var random = SystemRandomNumberGenerator()
/// A small empty room: the host's game, which a stranger's datagrams must never reach.
let room = Stage(name: "fuzz", width: 20, height: 10, tileWidth: 16, tileHeight: 16,
                 walls: TileLayer(name: "walls", width: 20, height: 10, gids: Array(repeating: 0, count: 200)),
                 hazards: TileLayer(name: "hazards", width: 20, height: 10, gids: Array(repeating: 0, count: 200)),
                 spawn: Vec2(32, 64), goal: Rect(x: 280, y: 100, width: 16, height: 32))
let fuzzOne: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    let input = bytes(data, size)
    if let message = try? NetMessage(decoding: input), message.bytes != input { fatalError("a datagram did not write back as read") }
    var host = NetSession.host(code: "123456", localPlayers: 1, joiners: 1, inputDelay: 2, levelName: "fuzz", levelSHA256: [],
                               game: NetGame(session: Session(stage: room)), endTick: 100)
    _ = host.receive(input, from: NetAddress(host: [10, 0, 0, 1], port: 1), at: 0, random: &random)
    _ = host.outgoing(at: 0.1)
    var joiner = NetSession.join(host: NetAddress(host: [10, 0, 0, 2], port: 2), code: "123456", localPlayers: 1, nonce: 1, at: 0)
    _ = joiner.receive(input, from: NetAddress(host: [10, 0, 0, 2], port: 2), at: 0, random: &random)
    _ = joiner.outgoing(at: 0.1)
    return 0
}

runLibFuzzer(fuzzOne)
