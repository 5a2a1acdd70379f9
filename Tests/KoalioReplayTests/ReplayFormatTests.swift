import Foundation
import KoalioCore
import KoalioScripting
import KoalioInput
@testable import KoalioSim
import XCTest
@testable import KoalioReplay
import KoalioLevel
import KoalioLevelFile
import KoalioTestSupport
import KoalioSystem
@testable import KoalioReplayFile


/// A run of a level (level 1 unless said) recorded from its shipped winning keyboard script, through the game's step.
func recordedWinningRun(_ level: String = "level1") throws -> (Recording, Session) {
    let map = try Repository.file(named: level).stage
    let text = try String(contentsOfFile: Repository.path("Tests/Fixtures/\(level)-win.keys"), encoding: .utf8)
    let script = try InputScript.parse(text, file: "\(level)-win.keys")
    var recorder = Recorder(gameVersion: "test", levelName: level, levelSHA256: SHA256.hash(try TMXLoader.readLevelFile(Repository.path("Levels/\(level).tmx"))),
                            tickRate: 60)
    var session = Session(stage: map)
    for input in ScriptedKeyboard.tickInputs(script, ticks: 3000) {
        let result = session.step(input)
        recorder.record(input, after: session, restarted: result.restarted, sources: ["Keyboard"])
        if result.ended != nil {
            recorder.finish(session)
            break
        }
    }
    return (recorder.recording, session)
}

/// Format 2's checksum as it was computed when the world was one koala, its state and its tick.
struct FNV2Reference {
    private struct OldWorld {
        var player: Player
        var state: RunState
        var tick: Int
    }

    mutating func checksum(_ session: Session) -> UInt64 {
        var hash = StateChecksum.FNV()
        hash.add(reflecting: OldWorld(player: session.world.player, state: session.world.state, tick: session.world.tick))
        hash.add(reflecting: session.isPaused)
        return hash.value
    }
}

final class ReplayFormatTests: XCTestCase {
    func testRoundTripIsExact() throws {
        var (recording, _) = try recordedWinningRun()
        recording.sources = ["Keyboard", "DualSense Wireless Controller", "On-screen controls"]
        var analog = GamepadSnapshot()
        analog.leftX = 0.123456789
        analog.rightTrigger = 0.77
        recording.inputs[10] = TickInput(source: 1, snapshot: analog, pressed: [.a, .pauseRequest])
        recording.inputs[11] = TickInput(source: 2, snapshot: analog, pressed: .options)
        let decoded = try ReplayFile.decode(ReplayFile.encode(recording), file: "r")
        XCTAssertEqual(decoded, recording)
        XCTAssertEqual(decoded.controllerChanges.map(\.name), ["Keyboard", "DualSense Wireless Controller", "On-screen controls", "Keyboard"])
    }

    /// Version 3 carries the co-op players' inputs: joins, leaves, a pad away, analog values.
    func testCoopPlayersRoundTripExactly() throws {
        var (recording, _) = try recordedWinningRun()
        recording.sources = ["Keyboard", "DualSense Wireless Controller", "Xbox One Controller"]
        var stick = GamepadSnapshot()
        stick.leftX = -0.3141
        stick.buttonA = 1
        for tick in 100..<160 {
            var input = recording.inputs[tick]
            input.partners = [PartnerInput(player: 2, source: 1, snapshot: stick, pressed: tick == 100 ? .a : [])]
            if tick >= 130 { input.partners.append(PartnerInput(player: 4, source: tick < 150 ? 2 : PartnerInput.noSource, snapshot: .neutral)) }
            recording.inputs[tick] = input
        }
        let bytes = ReplayFile.encode(recording)
        XCTAssertEqual(try ReplayFile.decode(bytes, file: "r"), recording)

        var old = recording
        old.formatVersion = 2
        old.inputs = TickInputRuns(old.inputs.map { TickInput(source: $0.source, snapshot: $0.snapshot, pressed: $0.pressed) })
        let decodedOld = try ReplayFile.decode(ReplayFile.encode(old), file: "r")
        XCTAssertEqual(decodedOld, old, "version 2 keeps its layout")
        XCTAssertEqual(decodedOld.formatVersion, 2)
    }

    /// Version 4 carries the run's assist; version 3 files (no assist) keep their layout.
    func testTheAssistRoundTripsAndOlderFilesHaveNone() throws {
        var (recording, _) = try recordedWinningRun()
        recording.assist = Assist(speedPercent: 70, invincible: true, infiniteDash: false)
        XCTAssertEqual(try ReplayFile.decode(ReplayFile.encode(recording), file: "r"), recording)
        var three = recording
        three.formatVersion = 3
        three.assist = .off
        let bytes = ReplayFile.encode(three)
        XCTAssertEqual(bytes.count + 2, ReplayFile.encode(recording).count, "two header bytes more in version 4")
        XCTAssertEqual(try ReplayFile.decode(bytes, file: "r"), three)
        var bad = ReplayFile.encode(recording)
        let speedAt = 8 + 2 + 1 + recording.gameVersion.utf8.count + 1 + recording.levelName.utf8.count + 32 + 2
        XCTAssertEqual(bad[speedAt], 70)
        bad[speedAt] = 20
        bad.replaceSubrange(bad.count - 4..<bad.count, with: withUnsafeBytes(of: ReplayFile.crc32(bad.dropLast(4)).littleEndian, Array.init))
        XCTAssertThrowsError(try ReplayFile.decode(bad, file: "r")) { error in
            XCTAssertEqual((error as? ReplayError)?.description, "r: byte \(speedAt): game speed 20 % is not 50–100 %")
        }
    }

    /// An invincible run walks over level 1's first spikes and lives: it verifies with the
    /// assist it recorded, and not without it (the assist is part of what a replay reproduces).
    func testAnAssistedRunVerifiesWithItsAssistOnly() throws {
        let map = try Repository.level1Stage()
        let assist = Assist(speedPercent: 60, invincible: true, infiniteDash: true)
        var recorder = Recorder(gameVersion: "test", levelName: "level1", levelSHA256: [UInt8](repeating: 0, count: 32), tickRate: 60, assist: assist)
        var session = Session(stage: map, assist: assist)
        var right = GamepadSnapshot()
        right.leftX = 1
        for _ in 0..<600 {
            let input = TickInput(source: 0, snapshot: right)
            let result = session.step(input)
            recorder.record(input, after: session, restarted: result.restarted, sources: ["Xbox One Controller"])
        }
        recorder.finish(session)
        XCTAssertEqual(session.state, .playing, "walked on through what kills")
        XCTAssertTrue(session.world.player.dashing, "dashing without the button")
        let recording = try ReplayFile.decode(ReplayFile.encode(recorder.recording), file: "assisted")
        XCTAssertEqual(recording.assist, assist)
        XCTAssertEqual(ReplayVerifier.verify(recording, on: map), .ok(ticks: 600))
        var unassisted = recording
        unassisted.assist = .off
        guard case .mismatch = ReplayVerifier.verify(unassisted, on: map) else { return XCTFail("verified without its assist") }
    }

    func testAMinuteOfPlayIsKilobytes() throws {
        let (recording, _) = try recordedWinningRun("level6")
        XCTAssertGreaterThan(recording.inputs.count, 2000)
        let bytes = ReplayFile.encode(recording)
        XCTAssertLessThan(bytes.count, 8 * 1024, "\(recording.inputs.count) ticks in \(bytes.count) bytes")
        XCTAssertEqual(recording.checksums.map(\.tick).prefix(3), [60, 120, 180])
        XCTAssertEqual(recording.checksums.last?.tick, recording.inputs.count, "and one at the end")
    }

    func testEveryBadFileIsOneClearError() throws {
        let (recording, _) = try recordedWinningRun()
        let good = ReplayFile.encode(recording)
        func reason(_ bytes: [UInt8]) -> String {
            do {
                _ = try ReplayFile.decode(bytes, file: "bad.koalioreplay")
                return "accepted"
            } catch {
                XCTAssertFalse(error.description.contains("\n"))
                XCTAssertTrue(error.description.hasPrefix("bad.koalioreplay: "))
                return error.reason
            }
        }
        for cut in [good.count - 1, good.count / 2, 40, 12] {
            XCTAssertTrue(reason(Array(good.prefix(cut))).hasPrefix("truncated"), "cut at \(cut): \(reason(Array(good.prefix(cut))))")
        }
        XCTAssertTrue(reason(Array("<?xml version=\"1.0\"?><map/>".utf8)).hasPrefix("not a koalio replay"))
        XCTAssertTrue(reason([]).hasPrefix("not a koalio replay"))
        var newer = good
        newer[8] = 99
        XCTAssertEqual(reason(newer), "format version 99 is newer than this koalio reads (4); update koalio")
        var damaged = good
        damaged[good.count / 2] ^= 0x10
        XCTAssertTrue(reason(damaged).hasPrefix("damaged"), reason(damaged))
    }

    func testBodyErrorsNameTheByte() throws {
        var recording = Recording(gameVersion: "t", levelName: "l", levelSHA256: [UInt8](repeating: 1, count: 32), tickRate: 60,
                                  sources: ["Keyboard"], inputs: [TickInput(source: 0, snapshot: .neutral)])
        recording.inputs[0].source = 3  // no such controller in the table
        XCTAssertThrowsError(try ReplayFile.decode(ReplayFile.encode(recording), file: "x")) { error in
            let error = error as? ReplayError
            XCTAssertNotNil(error?.offset)
            XCTAssertEqual(error?.reason, "controller 3 is not in the table of 1")
        }
    }
}

final class ReplayVerifierTests: XCTestCase {
    func testAWinningRunVerifiesAndATamperedOneDoesNot() throws {
        let (recording, session) = try recordedWinningRun()
        XCTAssertEqual(session.state, .won)
        let map = try Repository.level1Stage()
        XCTAssertEqual(ReplayVerifier.verify(recording, on: map), .ok(ticks: recording.inputs.count))

        var wrongChecksum = recording
        wrongChecksum.checksums[5].value ^= 1
        guard case let .mismatch(tick, _, _) = ReplayVerifier.verify(wrongChecksum, on: map) else { return XCTFail("accepted") }
        XCTAssertEqual(tick, wrongChecksum.checksums[5].tick)

        var wrongInput = recording
        for i in 400..<420 { wrongInput.inputs[i].snapshot.dpadX = -1 }  // walk left for a moment
        guard case let .mismatch(tick2, _, _) = ReplayVerifier.verify(wrongInput, on: map) else { return XCTFail("accepted") }
        XCTAssertEqual(tick2, 420, "the first checksum after the change")
    }

    /// zlib's CRC-32 as the file uses it: the standard check value, over a slice in place.
    func testCRC32IsTheStandardOne() {
        XCTAssertEqual(ReplayFile.crc32(Array("123456789".utf8)[...]), 0xCBF4_3926)
        XCTAssertEqual(ReplayFile.crc32(Array("x123456789y".utf8).dropFirst().dropLast()), 0xCBF4_3926)
    }

    /// The snapshot's field table (the replay file's field order) lists every stored value.
    func testTheFieldTableCoversTheWholeSnapshot() {
        XCTAssertEqual(GamepadSnapshot.fields.count, Mirror(reflecting: GamepadSnapshot()).children.count)
        XCTAssertEqual(Set(GamepadSnapshot.fields.map { $0 as AnyKeyPath }).count, GamepadSnapshot.fields.count, "no field twice")
        var snapshot = GamepadSnapshot()
        for (index, field) in GamepadSnapshot.fields.enumerated() { snapshot[keyPath: field] = Float(index + 1) / 32 }
        var rebuilt = GamepadSnapshot()
        for (field, value) in zip(GamepadSnapshot.fields, ReplayFile.fields(snapshot)) { rebuilt[keyPath: field] = value }
        XCTAssertEqual(rebuilt, snapshot, "the fields as written rebuild the snapshot")
    }

    /// Format 4's checksum covers the world by reflection: any stored value that changes, the
    /// checksum sees, whether or not anyone listed it — every player's koala, the level's
    /// objects and the assist too.
    func testTheChecksumSeesEveryPartOfTheWorld() throws {
        var map = try Repository.level1Stage()
        map.objects = LevelObjects(checkpoints: [Checkpoint(area: Rect(x: 300, y: 200, width: 16, height: 32))],
                                   leaves: [Rect(x: 400, y: 200, width: 8, height: 8), Rect(x: 420, y: 200, width: 8, height: 8)],
                                   critters: [Vec2(600, 288)])
        var session = Session(stage: map)
        session.step(Command.idle, partners: [PartnerCommand(player: 2, command: .idle)], MenuActions())
        let format = Recording.formatVersion
        XCTAssertEqual(format, 4)
        let base = StateChecksum.of(session, format: format)
        XCTAssertNotEqual(base, StateChecksum.of(session, format: 3), "the formats differ")
        XCTAssertNotEqual(StateChecksum.of(session, format: 3), StateChecksum.of(session, format: 2))
        XCTAssertNotEqual(StateChecksum.of(session, format: 2), StateChecksum.of(session, format: 1))
        let changes: [(String, (inout World) -> Void)] = [
            ("x", { $0.player.position.x += 1e-9 }), ("vy", { $0.player.velocity.y = -1 }), ("onGround", { $0.player.onGround.toggle() }),
            ("dashing", { $0.player.dashing.toggle() }), ("facing", { $0.player.facingLeft.toggle() }),
            ("coyote", { $0.player.ticksSinceGround += 1 }), ("buffer", { $0.player.jumpBufferLeft += 1 }),
            ("jumpHeld", { $0.player.jumpWasHeld.toggle() }), ("tick", { $0.tick += 1 }), ("state", { $0.state = .won }),
            ("winner", { $0.winner = 2 }), ("player 2's x", { $0.koalas[1].body.position.x += 1e-9 }),
            ("player 2's respawn", { $0.koalas[1].respawnTicksLeft = 5 }), ("player 2's time off screen", { $0.koalas[1].offscreenTicks = 5 }),
            ("player 2's join", { $0.koalas[1].joinedAtTick = 0 }), ("player 2 is 3", { $0.koalas[1].number = 3 }),
            ("player 2 left", { $0.koalas.removeLast() }), ("checkpoint", { $0.checkpoint = 0 }),
            ("a leaf", { $0.leavesTaken[1] = true }), ("critter x", { $0.critters[0].position.x += 1e-9 }),
            ("critter turned", { $0.critters[0].facingLeft.toggle() }), ("critter stomped", { $0.critters[0].isAlive = false }),
        ]
        var seen: Set<UInt64> = [base]
        for (name, change) in changes {
            var changed = session
            change(&changed.world)
            XCTAssertTrue(seen.insert(StateChecksum.of(changed, format: format)).inserted, "\(name) changes the checksum")
            XCTAssertEqual(StateChecksum.of(changed, format: format), StateChecksum.reflecting(changed),
                           "\(name): the fast walk feeds what reflection feeds (a new field must be added to FNV.add(_: World))")
        }
        var four = session
        four.step(Command(moveX: 1, jump: true), partners: (2...4).map { PartnerCommand(player: $0, command: Command(moveX: -0.5)) }, MenuActions())
        four.world.koalas[2].respawnTicksLeft = 9
        for _ in 0..<5 { four.step(Command(moveX: 1), partners: (2...4).map { PartnerCommand(player: $0, command: .idle) }, MenuActions()) }
        XCTAssertEqual(four.world.koalas.count, 4)
        XCTAssertEqual(StateChecksum.of(four, format: format), StateChecksum.reflecting(four), "four koalas, one dead")
        let plain = try Repository.level1Stage()
        var alone = Session(stage: plain)
        alone.step(Command(moveX: 1), MenuActions())
        var paused = alone
        paused.togglePause()
        let assisted = Session(stage: map, assist: Assist(speedPercent: 70, invincible: true, infiniteDash: true))
        XCTAssertTrue(seen.insert(StateChecksum.of(assisted, format: format)).inserted, "the assist changes the checksum")
        XCTAssertEqual(StateChecksum.of(assisted, format: format), StateChecksum.reflecting(assisted))
        for world in [alone, paused] {
            XCTAssertEqual(StateChecksum.of(world, format: format), StateChecksum.reflecting(world), "no objects: empty arrays")
            var old = FNV2Reference()
            XCTAssertEqual(StateChecksum.of(world, format: 2), old.checksum(world), "format 2 as it was: the one-koala world by reflection")
        }
    }

    /// Files of formats 1 and 3 (level 1 as it was when they were recorded, kept with them in
    /// Tests/Fixtures/old-formats/) still verify: old runs stay proof.
    func testOldFormatsKeepVerifying() throws {
        var versions: [UInt16] = []
        for name in ["level1", "level1-coop"] {
            let path = Repository.path("Tests/Fixtures/old-formats/\(name).koalioreplay")
            let recording = try ReplayFile.decode([UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path))), file: path)
            versions.append(recording.formatVersion)
            let level = try LevelFile.load(Repository.path("Tests/Fixtures/old-formats/Levels/\(recording.levelName).tmx"))
            XCTAssertEqual(recording.levelSHA256, level.sha256, "the level it was recorded on")
            XCTAssertEqual(ReplayVerifier.verify(recording, on: level.stage), .ok(ticks: recording.inputs.count), name)
        }
        XCTAssertEqual(versions, [1, 3])
    }

    func testTheShippedWinningReplayVerifies() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Tests/Replays")).filter { $0.hasSuffix(".koalioreplay") }
        let levels = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Levels")).filter { $0.hasSuffix(".tmx") }
        XCTAssertEqual(levels.count, 6)
        for level in levels {
            XCTAssertTrue(files.contains(level.replacingOccurrences(of: ".tmx", with: ".koalioreplay")),
                          "every shipped level has its winning replay: \(level) in \(files)")
        }
        for file in files {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: Repository.path("Tests/Replays/") + file))
            let recording = try ReplayFile.decode([UInt8](data), file: file)
            let level = try Repository.file(named: recording.levelName)
            XCTAssertEqual(recording.levelSHA256, level.sha256, "\(file): the level changed; re-record it (docs/FORMATS.md)")
            let map = level.stage
            XCTAssertEqual(ReplayVerifier.verify(recording, on: map), .ok(ticks: recording.inputs.count), file)
            var session = Session(stage: map)
            for input in recording.inputs { session.step(input) }
            XCTAssertEqual(session.state, .won, "\(file) wins")
        }
    }
}
