import Foundation
import KoalioTestSupport
import KoalioHarness
import XCTest

/// A damaged `progress.toml` through the real binary: one warning line naming the file and the
/// place, the game plays on from no progress, and the damaged file is kept aside untouched.
final class ProgressFileTests: XCTestCase {
    func testADamagedProgressFileIsKeptAsideWithOneWarningAndTheGameStarts() throws {
        let home = try Scratch.directory().path
        try FileManager.default.createDirectory(atPath: home + "/koalio", withIntermediateDirectories: true)
        let path = home + "/koalio/progress.toml"
        let damaged = "version = 1\n[levels.level1\nwon = true\n"
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))
        let trace = home + "/trace.jsonl"
        let run = try Koalio.run(["--headless", "--ticks", "3", "--trace", trace], environment: ["XDG_DATA_HOME": home])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("koalio: warning: \(path):2: not TOML"), run.stderr)
        XCTAssertTrue(run.stderr.contains("kept as \(path).damaged"), run.stderr)
        XCTAssertEqual(try String(contentsOfFile: path + ".damaged", encoding: .utf8), damaged)
        XCTAssertEqual(try Koalio.traceLines(trace).last?["screen"] as? String, "title", "no --level: the title")
    }
}

/// Files koalio could not read survive the save a win makes (level 1 won by the keyboard
/// script, headless): progress too large, a FIFO, a link to a device, a link loop, a link into
/// a dotfiles folder, a damaged best run.
final class SaveKeepsUnreadableFilesTests: XCTestCase {
    /// A fresh data home with `koalio/` made; `prepare` puts the file under test in place.
    func winLevel1(_ prepare: (_ koalio: String) throws -> Void) throws -> (koalio: String, stderr: String) {
        let home = try Scratch.directory().path
        let koalio = home + "/koalio"
        try FileManager.default.createDirectory(atPath: koalio + "/best", withIntermediateDirectories: true)
        try prepare(koalio)
        let trace = home + "/trace.jsonl"
        let run = try Koalio.run(["--level", "level1", "--headless", "--ticks", "2300", "--input-script", "Tests/Fixtures/level1-win.keys",
                                  "--trace", trace], environment: ["XDG_DATA_HOME": home])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(try Koalio.traceLines(trace).contains { $0["state"] as? String == "won" }, "the win that saves")
        return (koalio, run.stderr)
    }

    func kind(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    func testAProgressFileTooLargeToReadIsKeptAsideWhole() throws {
        let (koalio, stderr) = try winLevel1 { koalio in
            let fd = open(koalio + "/progress.toml", O_WRONLY | O_CREAT, 0o644)
            XCTAssertEqual(ftruncate(fd, 2 << 30), 0, "a 2 GiB file (sparse)")
            close(fd)
        }
        XCTAssertTrue(stderr.contains("more than the 1 MiB koalio reads; starting with no progress, and a save will not write over it"), stderr)
        XCTAssertTrue(stderr.contains("kept as \(koalio)/progress.toml.damaged"), stderr)
        let aside = try FileManager.default.attributesOfItem(atPath: koalio + "/progress.toml.damaged")
        XCTAssertEqual(aside[.size] as? Int, 2 << 30, "kept whole")
        XCTAssertTrue(try String(contentsOfFile: koalio + "/progress.toml", encoding: .utf8).contains("[levels.level1]"))
    }

    func testAFIFOAndALinkToADeviceAreLeftAsTheyAre() throws {
        let fifo = try winLevel1 { koalio in XCTAssertEqual(mkfifo(koalio + "/progress.toml", 0o600), 0) }
        XCTAssertEqual(kind(fifo.koalio + "/progress.toml"), S_IFIFO, "the FIFO stays")
        XCTAssertTrue(fifo.stderr.contains("saved to \(fifo.koalio)/progress.toml.new instead"), fifo.stderr)
        XCTAssertTrue(try String(contentsOfFile: fifo.koalio + "/progress.toml.new", encoding: .utf8).contains("[levels.level1]"))

        let zero = try winLevel1 { koalio in XCTAssertEqual(symlink("/dev/zero", koalio + "/progress.toml"), 0) }
        XCTAssertEqual(kind(zero.koalio + "/progress.toml"), S_IFLNK, "the link stays")
        XCTAssertTrue(FileManager.default.fileExists(atPath: zero.koalio + "/progress.toml.new"), zero.stderr)
    }

    func testLinksAreWrittenThroughOrKeptWhenTheyGoNowhere() throws {
        let loop = try winLevel1 { koalio in
            XCTAssertEqual(symlink(koalio + "/b", koalio + "/progress.toml"), 0)
            XCTAssertEqual(symlink(koalio + "/progress.toml", koalio + "/b"), 0)
        }
        XCTAssertEqual(kind(loop.koalio + "/progress.toml.damaged"), S_IFLNK, "the looping link kept: \(loop.stderr)")
        XCTAssertEqual(kind(loop.koalio + "/progress.toml"), S_IFREG)

        var dotfiles = ""
        let linked = try winLevel1 { koalio in
            dotfiles = koalio + "/dotfiles-progress.toml"
            try "version = 1\n".write(toFile: dotfiles, atomically: false, encoding: .utf8)
            XCTAssertEqual(symlink(dotfiles, koalio + "/progress.toml"), 0)
        }
        XCTAssertEqual(kind(linked.koalio + "/progress.toml"), S_IFLNK, "still a link")
        XCTAssertTrue(try String(contentsOfFile: dotfiles, encoding: .utf8).contains("[levels.level1]"), "written through it")
        XCTAssertEqual(linked.stderr, "")
    }

    func testADamagedBestRunIsKeptAsideWhenANewBestIsSaved() throws {
        let garbage = Data("not a replay at all".utf8)
        let (koalio, stderr) = try winLevel1 { koalio in
            try garbage.write(to: URL(fileURLWithPath: koalio + "/best/level1.koalioreplay"))
            try "version = 1\n\n[levels.level1]\nwon = true\nbest_ticks = 9999\n".write(toFile: koalio + "/progress.toml",
                                                                                        atomically: false, encoding: .utf8)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: koalio + "/best/level1.koalioreplay.damaged")), garbage, stderr)
        XCTAssertTrue(stderr.contains("kept as \(koalio)/best/level1.koalioreplay.damaged"), stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: koalio + "/best/level1.koalioreplay"), "the new best is saved")
    }
}

/// No audio device: the game plays on silently after one warning line.
final class NoSoundTests: XCTestCase {
    func testWithNoAudioDeviceTheGameSaysSoOnceAndPlaysOn() throws {
        let trace = try Scratch.directory().path + "/trace.jsonl"
        let xvfb = try Xvfb()
        let run = try Koalio.run(["--level", "level1", "--ticks", "40", "--trace", trace, "--input-script", "Tests/Fixtures/level1-win.keys"],
                                 environment: ["DISPLAY": xvfb.display, "SDL_AUDIODRIVER": "nosuchdriver"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("koalio: no sound: "), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("(the game plays on silently)\n"), run.stderr)
        XCTAssertEqual(try Koalio.traceLines(trace).count, 40, "and it played")
    }
}

/// A best run that cannot be read: the level plays without a ghost, with one line saying so.
final class DamagedGhostTests: XCTestCase {
    func testADamagedBestRunPlaysTheLevelWithoutAGhostAndOneLine() throws {
        let home = try Scratch.directory().path
        try FileManager.default.createDirectory(atPath: home + "/koalio/best", withIntermediateDirectories: true)
        try Data("version = 1\n[levels.level1]\nwon = true\nbest_ticks = 2230\n".utf8).write(to: URL(fileURLWithPath: home + "/koalio/progress.toml"))
        let best = home + "/koalio/best/level1.koalioreplay"
        try Data("KOALIO? not a replay at all".utf8).write(to: URL(fileURLWithPath: best))
        let script = home + "/in.keys", trace = home + "/trace.jsonl"
        try "2 enter down\n3 enter up\n5 enter down\n6 enter up\n10 right down\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--headless", "--ticks", "60", "--input-script", script, "--trace", trace], environment: ["XDG_DATA_HOME": home])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("koalio: no ghost: \(best)"), run.stderr)
        let last = try XCTUnwrap(try Koalio.traceLines(trace).last)
        XCTAssertEqual(last["level"] as? String, "level1", "the level is played")
        XCTAssertGreaterThan(try XCTUnwrap(last["x"] as? Double), 60, "and the koala walks")
    }
}

/// A level of the game that cannot be read, picked from the level select: one line on stderr
/// and on the level select, and the game goes on (another level plays).
final class BrokenLevelTests: XCTestCase {
    func testABrokenLevelFromTheLevelSelectIsOneMessageAndPlayGoesOn() throws {
        let data = try Scratch.directory().path, home = try Scratch.directory().path
        try FileManager.default.createDirectory(atPath: data + "/Levels", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: data + "/Resources", withDestinationPath: Koalio.repository + "/Resources")
        for file in ["koalio.tsx", "level1.tmx", "level3.tmx"] {
            try FileManager.default.createSymbolicLink(atPath: data + "/Levels/" + file, withDestinationPath: Koalio.repository + "/Levels/" + file)
        }
        try Data("<?xml version=\"1.0\"?>\n<map version=\"1.10\" orientation=\"orthogonal\"\n".utf8)
            .write(to: URL(fileURLWithPath: data + "/Levels/level2.tmx"))
        try FileManager.default.createDirectory(atPath: home + "/koalio", withIntermediateDirectories: true)
        try Data("version = 1\n[levels.level1]\nwon = true\nbest_ticks = 2230\n".utf8).write(to: URL(fileURLWithPath: home + "/koalio/progress.toml"))
        let script = home + "/in.keys", trace = home + "/trace.jsonl"
        // Play; down to Level 2; Enter (refused); up to Level 1; Enter.
        try "2 enter down\n3 enter up\n5 down down\n6 down up\n8 enter down\n9 enter up\n12 up down\n13 up up\n15 enter down\n16 enter up\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--headless", "--data-dir", data, "--ticks", "30", "--input-script", script, "--trace", trace],
                                 environment: ["XDG_DATA_HOME": home])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("koalio: \(data)/Levels/level2.tmx"), run.stderr)
        let lines = try Koalio.traceLines(trace)
        XCTAssertEqual(lines[10]["screen"] as? String, "levels", "the player stays in the level select")
        XCTAssertEqual(lines.last?["screen"] as? String, "level")
        XCTAssertEqual(lines.last?["level"] as? String, "level1", "and another level plays")
    }
}
