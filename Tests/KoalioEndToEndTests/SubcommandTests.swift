import Foundation
import KoalioTestSupport
import XCTest

/// koalio's jobs besides playing are subcommands (`koalio levels`, `koalio check-level`,
/// `koalio pack add|export`, `koalio controllers`, `koalio replay verify`), and the flags they
/// were before still do the same, hidden from --help: each pair prints the same and exits the same.
final class SubcommandTests: XCTestCase {
    func assertSame(_ subcommand: [String], _ flags: [String], status: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let new = try Koalio.run(subcommand), old = try Koalio.run(flags)
        XCTAssertEqual(new.status, status, "\(subcommand): \(new.stderr)", file: file, line: line)
        XCTAssertEqual(old.status, status, "\(flags): \(old.stderr)", file: file, line: line)
        XCTAssertEqual(new.stdout, old.stdout, "\(subcommand) prints what \(flags) did", file: file, line: line)
        XCTAssertEqual(new.stderr, old.stderr, file: file, line: line)
        XCTAssertFalse(new.stdout.isEmpty && new.stderr.isEmpty, "\(subcommand) says something", file: file, line: line)
    }

    func testEachSubcommandDoesWhatItsOldFlagDid() throws {
        try assertSame(["levels"], ["--list-levels"], status: 0)
        try assertSame(["check-level", Repository.path("docs/first-level.tmx")], ["--check-level", Repository.path("docs/first-level.tmx")], status: 0)
        try assertSame(["controllers"], ["--list-controllers"], status: 0)
        try assertSame(["replay", "verify", Repository.path("Tests/Replays/level1.koalioreplay")],
                       ["--replay", Repository.path("Tests/Replays/level1.koalioreplay"), "--headless", "--verify"], status: 0)
        let missing = try Koalio.scratch().appendingPathComponent("no-such-pack").path
        try assertSame(["pack", "add", missing], ["--add-pack", missing], status: 2)
        try assertSame(["pack", "export", missing, missing + ".zip"], ["--export-pack", missing, missing + ".zip"], status: 2)
        let refused = try Koalio.run(["pack", "add", missing])
        XCTAssertEqual(refused.stdout, "", "a refusal is an error: stderr, not stdout")
        XCTAssertTrue(refused.stderr.contains(missing), refused.stderr)
    }

    /// The documented `koalio levels --data-dir DIR`: the folder given is the one read (a wrong
    /// one is said, not passed over for the folder beside the program), after the subcommand's
    /// name or before it.
    func testSubcommandsTakeTheDataFolderGiven() throws {
        let nowhere = try Koalio.scratch().appendingPathComponent("no-data").path
        for arguments in [["levels", "--data-dir", nowhere], ["--data-dir", nowhere, "levels"], ["splits", "world1", nowhere + ".lss", "--data-dir", nowhere],
                          ["pack", "add", nowhere, "--data-dir", nowhere]] {
            let run = try Koalio.run(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr, "koalio: \(nowhere): --data-dir is not a directory\n", "\(arguments)")
        }
        let here = try Koalio.run(["levels", "--data-dir", Repository.root])
        XCTAssertEqual(here.status, 0, here.stderr)
        XCTAssertTrue(here.stdout.hasPrefix("World 1\n"), here.stdout)
    }

    func testHelpListsTheSubcommandsAndEachHasItsOwnOptions() throws {
        let help = try Koalio.run(["--help"])
        XCTAssertEqual(help.status, 0)
        for name in ["levels", "check-level", "pack", "controllers", "replay"] { XCTAssertTrue(help.stdout.contains(name), name) }
        XCTAssertFalse(help.stdout.contains("--list-levels"), "the old flags are hidden: \(help.stdout)")
        let pack = try Koalio.run(["pack", "--help"])
        XCTAssertTrue(pack.stdout.contains("add") && pack.stdout.contains("export"), pack.stdout)
        let bad = try Koalio.run(["check-level"])
        XCTAssertEqual(bad.status, 64, "a subcommand's own validation: \(bad.stderr)")
        XCTAssertTrue(bad.stderr.contains("check-level"), bad.stderr)
    }

    /// koalio-solve reads its command line with the same parser: a usage error is 64, a level
    /// that does not load 2, a winnable one prints its run as an input script.
    func testKoalioSolveUsesTheParser() throws {
        let solve = URL(fileURLWithPath: Koalio.binary).deletingLastPathComponent().appendingPathComponent("koalio-solve").path
        func run(_ arguments: [String]) throws -> ChildProcess.Result {
            try ChildProcess.run(solve, arguments, environment: ProcessInfo.processInfo.environment, directory: Repository.root, deadlineSeconds: 120)
        }
        let won = try run([Repository.path("docs/first-level.tmx")])
        XCTAssertEqual(won.status, 0, won.stderr)
        XCTAssertTrue(won.stdout.hasPrefix("# first-level: won in "), won.stdout)
        XCTAssertEqual(try run(["--beam", "0", "x.tmx"]).status, 64)
        XCTAssertEqual(try run([]).status, 64, "no level")
        XCTAssertEqual(try run(["/no/such/level.tmx"]).status, 2)
    }
}
