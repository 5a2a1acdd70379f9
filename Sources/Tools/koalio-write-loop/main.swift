import Glibc
import KoalioCore
import KoalioInput
import KoalioReplay
import KoalioSystem
import KoalioReplayFile

/// Test support for the durability test (Tests/KoalioEndToEndTests/DurabilityTests.swift):
/// writes ever new replays to one path, forever, the way the game saves them, until killed.
///
///     koalio-write-loop PATH atomic   the game's way (AtomicFile: temporary file, fsync, rename)
///     koalio-write-loop PATH plain    truncate and write in place (what the test must catch)
let arguments = CommandLine.arguments
guard arguments.count == 3, ["atomic", "plain"].contains(arguments[2]) else {
    print("usage: koalio-write-loop PATH atomic|plain")
    exit(64)
}
let path = arguments[1], atomic = arguments[2] == "atomic"

/// Two different replays of ~100 KB (a long run changing every tick), made once: the loop
/// then spends its time writing, so a kill lands mid-write.
let replays: [[UInt8]] = (1...2).map { generation in
    var recording = Recording(gameVersion: "write-loop", levelName: "level\(generation)", levelSHA256: [UInt8](repeating: 7, count: 32),
                              tickRate: 60, sources: ["Keyboard"])
    for tick in 0..<10_000 {
        var snapshot = GamepadSnapshot()
        snapshot.leftX = Float((tick &* 7919 &+ generation) % 2001 - 1000) / 1000
        recording.inputs.append(TickInput(source: 0, snapshot: snapshot))
    }
    return ReplayFile.encode(recording)
}

var generation = 0
while true {
    generation += 1
    let bytes = replays[generation % 2]
    if atomic {
        do { try AtomicFile.write(bytes, to: path) } catch {
            print(error)
            exit(1)
        }
    } else {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        for start in stride(from: 0, to: bytes.count, by: 4096) {
            _ = bytes[start..<min(bytes.count, start + 4096)].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }
        close(fd)
    }
}
