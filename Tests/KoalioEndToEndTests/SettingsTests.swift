import Foundation
import KoalioHarness
import KoalioTestSupport
import XCTest

/// The settings file through the real binary: rebound keys steer, a broken file is named line
/// by line and left alone, the command line overrides it for one run.
final class SettingsTests: XCTestCase {
    func testReboundKeysFromTheConfigFileSteer() throws {
        let dir = try Koalio.scratch()
        let config = dir.appendingPathComponent("settings.toml").path
        try "[keyboard]\njump = [\"X\"]\ndash = [\"Z\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let script = dir.appendingPathComponent("jump.keys").path
        try "10 z down\n12 z up\n40 x down\n42 x up\n".write(toFile: script, atomically: true, encoding: .utf8)
        let trace = dir.appendingPathComponent("trace.jsonl").path
        let run = try Koalio.run(["--level", "level1", "--headless", "--ticks", "60", "--config", config,
                                  "--input-script", script, "--trace", trace])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let lines = try Koalio.traceLines(trace)
        XCTAssertTrue(lines[10..<40].allSatisfy { $0["onGround"] as? Bool == true }, "Z no longer jumps")
        XCTAssertTrue(lines[41..<50].contains { ($0["vy"] as? Double ?? 0) < -200 }, "X jumps now")
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), "[keyboard]\njump = [\"X\"]\ndash = [\"Z\"]\n",
                       "a run that changes no setting writes nothing")
    }

    func testABrokenFileIsNamedLineByLineAndLeftAsItIs() throws {
        let dir = try Koalio.scratch()
        let config = dir.appendingPathComponent("settings.toml").path
        let text = "[keyboard]\r\njump = [\"Spacebar\"]\r\n[audio]\r\nmusic = 300\r\n"
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--level", "level1", "--headless", "--ticks", "5", "--config", config])
        XCTAssertEqual(run.status, 0, "a bad setting is a warning, never an error")
        XCTAssertEqual(run.stderr.split(separator: "\n").map(String.init), [
            "koalio: warning: \(config):2: [keyboard] jump: no key is called \"Spacebar\" (names as SDL spells them: \"Space\", \"Left Shift\", \"Return\"); keeping the default",
            "koalio: warning: \(config):4: [audio] music: should be a whole number from 0 to 100; keeping the default",
        ])
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), text)
        let notTOML = try Koalio.run(["--level", "level1", "--headless", "--ticks", "5", "--config", "Levels/level1.tmx"])
        XCTAssertEqual(notTOML.status, 0)
        XCTAssertTrue(notTOML.stderr.hasPrefix("koalio: warning: Levels/level1.tmx:1: not TOML"), notTOML.stderr)
        XCTAssertEqual(notTOML.stderr.filter { $0 == "\n" }.count, 1, "one line")
    }

    func testTheDefaultFileIsUnderXDGConfigHome() throws {
        let dir = try Koalio.scratch()
        try FileManager.default.createDirectory(atPath: dir.path + "/koalio", withIntermediateDirectories: true)
        try "[game]\nghost = maybe\n".write(toFile: dir.path + "/koalio/settings.toml", atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--level", "level1", "--headless", "--ticks", "1"], environment: ["XDG_CONFIG_HOME": dir.path])
        XCTAssertTrue(run.stderr.contains("\(dir.path)/koalio/settings.toml:2: [game] ghost: not a TOML value"), run.stderr)
    }
}

/// The display setting in a real window under Xvfb (one display): the chosen display's name is
/// used; one that is not connected falls back to the first with a warning.
final class DisplaySettingTests: XCTestCase {
    func testAnAbsentDisplayFallsBackToTheFirstWithAWarning() throws {
        let xvfb = try Xvfb()
        let dir = try Koalio.scratch()
        let config = dir.appendingPathComponent("settings.toml").path
        try "[video]\ndisplay = \"Projector\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let absent = try Koalio.run(["--level", "level1", "--ticks", "2", "--config", config], environment: ["DISPLAY": xvfb.display])
        XCTAssertEqual(absent.status, 0, absent.stderr)
        let prefix = "koalio: warning: \(config): [video] display: \"Projector\" is not connected; opening on \""
        XCTAssertTrue(absent.stderr.hasPrefix(prefix), absent.stderr)
        XCTAssertEqual(absent.stderr.filter { $0 == "\n" }.count, 1)
        // The first display's name, as SDL gives it, is a choice that needs no fallback.
        let first = String(absent.stderr.dropFirst(prefix.count).prefix { $0 != "\"" })
        XCTAssertFalse(first.isEmpty)
        try "[video]\ndisplay = \"\(first)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let present = try Koalio.run(["--level", "level1", "--ticks", "2", "--config", config], environment: ["DISPLAY": xvfb.display])
        XCTAssertEqual(present.status, 0)
        XCTAssertEqual(present.stderr, "")
    }
}

/// Messages about the player's files are few, short and true.
final class FileMessageTests: XCTestCase {
    func run(settings text: String) throws -> (stderr: String, config: String) {
        let config = try Koalio.scratch().appendingPathComponent("settings.toml").path
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--level", "level1", "--headless", "--ticks", "2", "--config", config])
        XCTAssertEqual(run.status, 0, run.stderr)
        return (run.stderr, config)
    }

    func testAFileOfManyProblemsPrintsTenAndACount() throws {
        let (stderr, config) = try run(settings: (0..<5000).map { "unknown_\($0) = 1\n" }.joined())
        let lines = stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 11, "ten problems and one line counting the rest")
        XCTAssertEqual(lines.last.map(String.init), "koalio: warning: … and 4990 more problems in \(config)")
    }

    func testANulInAValueIsNamedAndTheValueKeepsItsDefault() throws {
        let (stderr, config) = try run(settings: "[keyboard]\njump = [\"Space\\u0000junk\"]\n[video]\ndisplay = \"HDMI\\u0000-2\"\n")
        XCTAssertEqual(stderr.split(separator: "\n").map(String.init), [
            "koalio: warning: \(config):2: [keyboard] jump: contains a NUL character (\\u0000), which no name has; keeping the default",
            "koalio: warning: \(config):4: [video] display: contains a NUL character (\\u0000), which no name has; keeping the default",
        ])
    }

    func testVersionAsAStringAndLongNamesAreToldShortly() throws {
        let long = String(repeating: "k", count: 5000)
        let (stderr, config) = try run(settings: "version = \"1\"\n[keyboard]\njump = [\"\(long)\"]\n")
        let lines = stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "koalio: warning: \(config):1: version: should be the whole number 1, without quotes; reading on as version 1")
        XCTAssertEqual(lines.count, 2, stderr)
        guard lines.count == 2 else { return }
        XCTAssertLessThan(lines[1].count, 400, "the 5000-character name is cut: \(lines[1].prefix(200))")
        XCTAssertTrue(lines[1].contains(String(repeating: "k", count: 80) + "…"), lines[1])
    }

    func testAnUnknownLevelNameListsTheLevels() throws {
        for name in ["nosuch", "1", "Level 1"] {
            let run = try Koalio.run(["--level", name, "--headless", "--ticks", "2"])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains("--level \(name): no level of that name"), run.stderr)
            XCTAssertTrue(run.stderr.contains("the levels are level1, level2, level3, level4, level5, level6"), run.stderr)
        }
        let fifo = try Koalio.scratch().appendingPathComponent("fifo.tmx").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let special = try Koalio.run(["--level", fifo, "--headless", "--ticks", "2"])
        XCTAssertEqual(special.status, 2)
        XCTAssertTrue(special.stderr.contains("\(fifo): is not a regular file"), special.stderr)
    }

    /// A tileset image that is a PNG by its header but damaged further in is found only when
    /// decoded: the message still names the level's file and line that named the image.
    func testADamagedTilesetImageNamesTheLevelThatUsesIt() throws {
        let dir = try Koalio.scratch().path
        let tiles = try Data(contentsOf: URL(fileURLWithPath: Koalio.repository + "/Resources/tiles.png"))
        try tiles.prefix(tiles.count / 2).write(to: URL(fileURLWithPath: dir + "/tiles.png"))
        let tileset = try String(contentsOfFile: Koalio.repository + "/Levels/koalio.tsx", encoding: .utf8)
            .replacingOccurrences(of: "../Resources/tiles.png", with: "tiles.png")
        try tileset.write(toFile: dir + "/koalio.tsx", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Koalio.repository + "/Levels/level1.tmx", toPath: dir + "/level1.tmx")
        let run = try Koalio.run(["--level", dir + "/level1.tmx", "--headless", "--ticks", "2"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("koalio: \(dir)/koalio.tsx:3: <image>: \(dir)/tiles.png: cannot load image"), run.stderr)
    }

    /// A 5,000-character element name, attribute value or script word is quoted cut to 80.
    func testLongNamesFromLevelsAndScriptsAreCut() throws {
        let dir = try Koalio.scratch().path
        let long = String(repeating: "q", count: 5000)
        try "<?xml version=\"1.0\"?>\n<map orientation=\"\(long)\"><\(long)/></map>\n".write(toFile: dir + "/long.tmx", atomically: true, encoding: .utf8)
        try "0 \(long) down\n".write(toFile: dir + "/long.keys", atomically: true, encoding: .utf8)
        for arguments in [["--level", dir + "/long.tmx"], ["--input-script", dir + "/long.keys"]] {
            let run = try Koalio.run(arguments + ["--headless", "--ticks", "2"])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
            XCTAssertLessThan(run.stderr.count, 500, String(run.stderr.prefix(300)))
            XCTAssertTrue(run.stderr.contains(String(repeating: "q", count: 80) + "…"), String(run.stderr.prefix(300)))
        }
    }

    func testDottedKeysAndArrayTablesAreNamedWithTheirLines() throws {
        let (stderr, config) = try run(settings: "\"a\\u0000b\" = 2\na.b = 1\n[[keyboard]]\njump = 1\n")
        let sections = "(the sections are [keyboard], [gamepad], [touch], [video], [audio], [game], [assist], [phones], [online])"
        XCTAssertEqual(stderr.split(separator: "\n").map(String.init), [
            "koalio: warning: \(config):1: a\\u{0}b: unknown setting \(sections)",
            "koalio: warning: \(config):2: a: unknown setting \(sections)",
            "koalio: warning: \(config):3: keyboard: should be a table: [keyboard]",
        ])
    }
}

/// A settings change made in the menu saves through a link into a dotfiles folder (the link
/// stays), and keeps a link that goes round in a loop aside instead of replacing it silently.
final class SettingsSaveTests: XCTestCase {
    /// Title → Settings, down to Music volume, one step right: the change saves the file.
    static let changeMusic = "5 down down\n6 down up\n10 enter down\n11 enter up\n"
        + (0..<7).map { "\(20 + 4 * $0) down down\n\(21 + 4 * $0) down up\n" }.joined()
        + "60 right down\n61 right up\n"

    func changeMusic(config: String) throws -> String {
        let keys = try Koalio.scratch().appendingPathComponent("music.keys").path
        try Self.changeMusic.write(toFile: keys, atomically: true, encoding: .utf8)
        let run = try Koalio.run(["--headless", "--ticks", "70", "--config", config, "--input-script", keys])
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stderr
    }

    func testASettingsFileLinkedFromDotfilesIsWrittenThroughAndStaysALink() throws {
        let dir = try Koalio.scratch().path
        let dotfiles = dir + "/dotfiles-settings.toml", config = dir + "/settings.toml"
        try "[audio]\nmusic = 50\n".write(toFile: dotfiles, atomically: true, encoding: .utf8)
        XCTAssertEqual(symlink(dotfiles, config), 0)
        XCTAssertEqual(try changeMusic(config: config), "")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: config), dotfiles, "still the link")
        XCTAssertTrue(try String(contentsOfFile: dotfiles, encoding: .utf8).contains("music = 60"), "the dotfiles copy has the change")
    }

    func testASettingsLinkThatLoopsIsKeptAsideWithAWord() throws {
        let dir = try Koalio.scratch().path
        let config = dir + "/settings.toml"
        XCTAssertEqual(symlink(dir + "/other", config), 0)
        XCTAssertEqual(symlink(config, dir + "/other"), 0)
        let stderr = try changeMusic(config: config)
        XCTAssertTrue(stderr.contains("a link that cannot be followed; kept as \(config).damaged"), stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: config + ".damaged"), dir + "/other")
        XCTAssertTrue(try String(contentsOfFile: config, encoding: .utf8).contains("music = 80"), "defaults (70) plus one step")
    }
}
