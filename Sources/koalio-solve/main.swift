// koalio-solve: finds a winning run of a level with a beam search over the pure simulation and
// prints it as an `--input-script` (keys pressed and released at ticks).
//
// Used to prove a level can be won, to measure its fastest time (the medal times are set from
// it), and to make the winning input the end-to-end tests play. The critters move with the
// world it searches; a run in which the koala dies is dropped even where a checkpoint would
// bring it back. Usage: koalio-solve LEVEL.tmx > run.keys
import Foundation
import KoalioCore
import KoalioScripting
import KoalioInput
import KoalioSim
import KoalioLevel

/// Commands are chosen for chunks of this many ticks.
let ticksPerChoice = 4
let beamWidth = 2500
let maxChoices = 60 * 120 / ticksPerChoice
/// Height gained counts this much against x lost, so the search will climb back left.
let heightWeight = 2.0
let statesPerCell = 6

let choices: [Command] = [
    Command(moveX: 1), Command(moveX: 1, jump: true), Command(moveX: 1, dash: true),
    Command(moveX: 1, jump: true, dash: true), Command(moveX: -1), Command(moveX: -1, jump: true),
    Command(), Command(jump: true),
]

struct Node {
    var world: World
    var path: [UInt8]
}

func score(_ world: World, _ map: TileMap) -> Double {
    world.player.position.x + heightWeight * (map.pixelHeight - world.player.position.y)
}

func key(_ world: World) -> [Int] {
    let p = world.player
    return [Int(p.position.x / 3), Int(p.position.y / 3), Int((p.velocity.x * 2).rounded()),
            Int((p.velocity.y * 2).rounded()), p.onGround ? 1 : 0, p.jumpWasHeld ? 1 : 0, world.livingCritters]
}

func solve(_ map: TileMap) -> [Command]? {
    var beam = [Node(world: World(map: map), path: [])]
    var seen = Set<[Int]>()
    for _ in 0..<maxChoices {
        var next: [Node] = []
        for node in beam {
            for (index, command) in choices.enumerated() {
                var world = node.world
                for _ in 0..<ticksPerChoice { world.step(command, in: map) }
                // A death is a dead end, whether it ends the run or sends the koala to a checkpoint.
                if world.state == .died || !world.koalas[0].isAlive { continue }
                let path = node.path + [UInt8(index)]
                if world.state == .won { return path.flatMap { [Command](repeating: choices[Int($0)], count: ticksPerChoice) } }
                guard seen.insert(key(world)).inserted else { continue }
                next.append(Node(world: world, path: path))
            }
        }
        guard !next.isEmpty else {
            let furthest = beam.map(\.world.player.position).max { $0.x < $1.x } ?? .zero
            FileHandle.standardError.write(Data("koalio-solve: stuck; furthest point reached x=\(furthest.x) y=\(furthest.y)\n".utf8))
            return nil
        }
        // Keep the best few per tile-sized cell, so the beam never fills up with one doomed leap.
        next.sort { score($0.world, map) > score($1.world, map) }
        var perCell: [Int: Int] = [:]
        beam = []
        for node in next where beam.count < beamWidth {
            let p = node.world.player.position
            let cell = Int(p.x / 16) * 1000 + Int((p.y + 1000) / 16)
            let count = perCell[cell, default: 0]
            guard count < statesPerCell else { continue }
            perCell[cell] = count + 1
            beam.append(node)
        }
    }
    return nil
}

/// Key presses that make the keyboard produce these commands, one command per tick.
func script(for commands: [Command]) -> InputScript {
    var events: [InputScript.Event] = []
    var held: Set<Key> = []
    for (index, command) in commands.enumerated() {
        var wanted: Set<Key> = []
        if command.moveX > 0 { wanted.insert(.right) }
        if command.moveX < 0 { wanted.insert(.left) }
        if command.jump { wanted.insert(.space) }
        if command.dash { wanted.insert(.x) }
        for key in [Key.left, .right, .space, .x] where held.contains(key) != wanted.contains(key) {
            events.append(.init(tick: index, key: key, down: wanted.contains(key)))
        }
        held = wanted
    }
    for key in [Key.left, .right, .space, .x] where held.contains(key) { events.append(.init(tick: commands.count, key: key, down: false)) }
    return InputScript(events: events)
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: koalio-solve LEVEL.tmx > run.keys\n".utf8))
    exit(64)
}
do {
    let map = try TMXLoader.load(path: arguments[1])
    guard let commands = solve(map) else {
        FileHandle.standardError.write(Data("koalio-solve: \(arguments[1]): no winning run found\n".utf8))
        exit(1)
    }
    var check = World(map: map)
    for command in commands where check.state == .playing { check.step(command, in: map) }
    print("# \(map.name): won in \(check.tick) ticks (\(String(format: "%.1f", Double(check.tick) / 60)) s) by koalio-solve")
    print(script(for: commands).text, terminator: "")
} catch {
    FileHandle.standardError.write(Data("koalio-solve: \(error)\n".utf8))
    exit(2)
}
