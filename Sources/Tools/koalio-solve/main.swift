// koalio-solve: finds a winning run of a level (KoalioSolver) and prints it as an
// `--input-script` (keys pressed and released at ticks).
//
// Used to prove a level can be won, to measure its fastest time (the medal times are set from
// it), and to make the winning input the end-to-end tests play.
// Usage: koalio-solve [--beam N] [--human] LEVEL.tmx > run.keys (N states kept per step; 2500
// by default; --human: every change of input at least 10 ticks after the last, as
// Tests/Fixtures/levelN-human.keys, with the route's slack in the first line)
import ArgumentParser
import Foundation
import KoalioLevel
import KoalioLevelFile
import KoalioSim
import KoalioSolver

struct SolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "koalio-solve",
        abstract: "Find a winning run of a level and print it as an --input-script (keys at ticks).",
        discussion: "Exit 1 when no winning run is found (the furthest point reached is said), 2 when the level does not load.")

    @Option(help: ArgumentHelp("States kept per step of the search (more: slower, finds harder runs; --human tries its own).", valueName: "n"))
    var beam = Solver().beamWidth

    @Flag(help: "A human's route: every change of input at least 10 ticks after the last; its slack is said.")
    var human = false

    @Argument(help: ArgumentHelp("The level (.tmx).", valueName: "level"))
    var level: String

    func validate() throws {
        if beam < 1 { throw ValidationError("--beam must be at least 1, not \(beam).") }
    }

    func run() throws {
        let stage: Stage
        do { stage = try LevelFile.load(level).stage } catch {
            FileHandle.standardError.write(Data("koalio-solve: \(error)\n".utf8))
            throw ExitCode(2)
        }
        switch human ? HumanRoute.find(stage) : Solver(beamWidth: beam).solve(stage) {
        case let .won(commands, ticks):
            let measure = human ? Slack.measure(commands, on: stage) : nil
            let how = measure.map { "koalio-solve --human (inputs at least \(Solver.humanTicksBetweenChanges) ticks apart; slack "
                + "\(Int(($0.share * 100).rounded())) %\($0.whereLost(tileWidth: stage.tileWidth)))" } ?? "koalio-solve"
            print("# \(stage.name): won in \(ticks) ticks (\(String(format: "%.1f", Double(ticks) / 60)) s) by \(how)")
            print(Solver.script(for: commands).text, terminator: "")
        case let .stuck(furthest):
            FileHandle.standardError.write(Data("koalio-solve: \(level): no winning run found; furthest point reached x=\(furthest.x) y=\(furthest.y)\n".utf8))
            throw ExitCode(1)
        }
    }
}

SolveCommand.main()
