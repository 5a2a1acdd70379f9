// koalio-solve: finds a winning run of a level (KoalioSolver) and prints it as an
// `--input-script` (keys pressed and released at ticks).
//
// Used to prove a level can be won, to measure its fastest time (the medal times are set from
// it), and to make the winning input the end-to-end tests play.
// Usage: koalio-solve [--beam N] LEVEL.tmx > run.keys (N states kept per step; 2500 by default)
import Foundation
import KoalioLevel
import KoalioLevelFile
import KoalioSolver

var arguments = CommandLine.arguments
var solver = Solver()
if arguments.count == 4, arguments[1] == "--beam", let width = Int(arguments[2]), width > 0 {
    solver.beamWidth = width
    arguments.removeSubrange(1...2)
}
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: koalio-solve [--beam N] LEVEL.tmx > run.keys\n".utf8))
    exit(64)
}
do {
    let stage = try LevelFile.load(arguments[1]).stage
    switch solver.solve(stage) {
    case let .won(commands, ticks):
        print("# \(stage.name): won in \(ticks) ticks (\(String(format: "%.1f", Double(ticks) / 60)) s) by koalio-solve")
        print(Solver.script(for: commands).text, terminator: "")
    case let .stuck(furthest):
        FileHandle.standardError.write(Data("koalio-solve: \(arguments[1]): no winning run found; furthest point reached x=\(furthest.x) y=\(furthest.y)\n".utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("koalio-solve: \(error)\n".utf8))
    exit(2)
}
