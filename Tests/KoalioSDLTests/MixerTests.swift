import CSDL2
import CVorbis
import KoalioCore
import KoalioTestSupport
import XCTest
@testable import KoalioSDL

/// koalio's mixer, filled the way SDL's audio thread fills it, with the game's own sounds: what
/// comes out is the files' samples (SDL reads the WAVs, libvorbisfile decodes the loops),
/// at the volumes set, with the loop seamless and a crowded moment skipping a sound.
final class MixerTests: XCTestCase {
    let sounds = Repository.root + "/Resources/sounds/"
    let music = Repository.root + "/Resources/music/"

    /// The next `bytes` of `mixer`'s output as 16-bit samples (left, right, left, …).
    func output(_ mixer: Mixer, bytes: Int) -> [Int16] {
        var out = [UInt8](repeating: 0xAB, count: bytes)
        out.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { mixer.fill(base, bytes) }
        }
        return out.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// `path`'s mono samples as SDL reads them.
    func monoSamples(_ path: String) throws -> [Int16] {
        var spec = SDL_AudioSpec()
        var data: UnsafeMutablePointer<UInt8>?
        var length: UInt32 = 0
        guard SDL_LoadWAV_RW(SDL_RWFromFile(path, "rb"), 1, &spec, &data, &length) != nil, let data else {
            throw XCTSkip("cannot read \(path)")
        }
        defer { SDL_FreeWAV(data) }
        XCTAssertEqual(spec.channels, 1, "the game's effects are mono")
        XCTAssertEqual(spec.freq, Mixer.frequency, "…at the mixer's rate")
        return UnsafeRawBufferPointer(start: data, count: Int(length)).withMemoryRebound(to: Int16.self) { Array($0) }
    }

    func testAnEffectComesOutAsItsFileOnBothSidesThenSilence() throws {
        let jump = try Mixer.loadSound(sounds + "jump.wav")
        let mixer = Mixer(sounds: [jump], tracks: [:])
        let samples = try monoSamples(sounds + "jump.wav")
        XCTAssertEqual(jump.count, samples.count * 4, "16-bit stereo")
        XCTAssertEqual(output(mixer, bytes: 1024), [Int16](repeating: 0, count: 512), "nothing plays: silence, not what the buffer held")
        XCTAssertTrue(mixer.play(0))
        let out = output(mixer, bytes: jump.count + 1024)
        XCTAssertEqual(Array(out[0..<(samples.count * 2)]), samples.flatMap { [$0, $0] }, "the file's samples, left and right")
        XCTAssertEqual(Array(out[(samples.count * 2)...]), [Int16](repeating: 0, count: 512), "then silence: the voice is free")
    }

    func testVolumeScalesAndSixteenEffectsSoundAtOnce() throws {
        let jump = try Mixer.loadSound(sounds + "jump.wav")
        let mixer = Mixer(sounds: [jump], tracks: [:])
        let full = output({ XCTAssertTrue(mixer.play(0)); return mixer }(), bytes: 4096)
        _ = output(mixer, bytes: jump.count)
        mixer.setVolumes(music: 0, effects: SDL_MIX_MAXVOLUME / 2)
        XCTAssertTrue(mixer.play(0))
        let half = output(mixer, bytes: 4096)
        XCTAssertTrue(full.contains { abs(Int($0)) > 1000 }, "the jump is loud at first")
        for (loud, quiet) in zip(full, half) { XCTAssertLessThanOrEqual(abs(Int(quiet) - Int(loud) / 2), 1, "half volume: half the sample") }
        _ = output(mixer, bytes: jump.count)
        for voice in 1...Mixer.voiceCount { XCTAssertTrue(mixer.play(0), "voice \(voice) of \(Mixer.voiceCount)") }
        XCTAssertFalse(mixer.play(0), "one more is skipped")
        _ = output(mixer, bytes: jump.count)
        XCTAssertTrue(mixer.play(0), "when they have played, voices are free again")
        XCTAssertFalse(mixer.play(1), "a sound that was never loaded does not play")
    }

    /// Each shipped level plays a loop of its own (world 2's are not world 1's again): a file
    /// for each `Levels/levelN.tmx`, which opens, and no two alike.
    func testEveryShippedLevelHasMusicOfItsOwn() throws {
        let levels = try FileManager.default.contentsOfDirectory(atPath: Repository.root + "/Levels")
            .filter { $0.hasPrefix("level") && $0.hasSuffix(".tmx") }.map { String($0.dropLast(4)) }.sorted()
        XCTAssertGreaterThanOrEqual(levels.count, 6, "two worlds of three")
        var contents: Set<Data> = []
        for level in levels {
            let path = music + level + ".ogg"
            XCTAssertNotNil(Mixer.Track(path: path), "\(level) has a loop that opens")
            contents.insert(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        XCTAssertEqual(contents.count, levels.count, "no two levels share a loop")
    }

    func testTheMusicIsItsFileDecodedAndLoopsWithoutAGap() throws {
        let path = music + "level1.ogg"
        guard let track = Mixer.Track(path: path) else { return XCTFail("level1.ogg opens") }
        XCTAssertNil(Mixer.Track(path: sounds + "jump.wav"), "a file that is not Ogg Vorbis is left out")
        // The file as libvorbisfile decodes it, on its own.
        var file = OggVorbis_File()
        XCTAssertEqual(ov_fopen(path, &file), 0)
        defer { ov_clear(&file) }
        XCTAssertEqual(ov_info(&file, -1)?.pointee.channels, 1, "the loops are mono")
        var decoded: [Int16] = []
        var chunk = [CChar](repeating: 0, count: 4096)
        while true {
            var section: Int32 = 0
            let read = chunk.withUnsafeMutableBufferPointer { ov_read(&file, $0.baseAddress, 4096, Mixer.bigEndian, 2, 1, &section) }
            guard read > 0 else { break }
            chunk.withUnsafeBytes { decoded += Array($0.bindMemory(to: Int16.self).prefix(read / 2)) }
        }
        XCTAssertGreaterThan(decoded.count, 22050, "more than a second of music")

        let mixer = Mixer(sounds: [], tracks: ["level1": path, "jump": sounds + "jump.wav"])
        mixer.setVolumes(music: SDL_MIX_MAXVOLUME, effects: SDL_MIX_MAXVOLUME)
        XCTAssertNil(mixer.openTrack("level9"), "no such loop")
        XCTAssertNil(mixer.openTrack("jump"), "not a loop SDL can play")
        XCTAssertFalse(mixer.playMusic(nil), "the music is off")
        XCTAssertTrue(mixer.playMusic(mixer.openTrack("level1")))
        _ = track
        // Two times round in device-sized buffers, as SDL asks for them.
        var out: [Int16] = []
        while out.count < decoded.count * 4 { out += output(mixer, bytes: Int(Mixer.bufferFrames) * 4) }
        let expected = decoded.flatMap { [$0, $0] }
        for lap in 0..<2 {
            let heard = out[(lap * expected.count)..<((lap + 1) * expected.count)]
            // SDL's mono-to-stereo conversion works in floating point: a sample may differ by one.
            let worst = zip(heard, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(worst, 1, "lap \(lap + 1): the file's samples")
        }
        XCTAssertTrue(mixer.playMusic(nil) == false && output(mixer, bytes: 1024).allSatisfy { $0 == 0 }, "music off: silence")
    }

    /// Idle means idle: the device plays while something is audible, and only then (with no
    /// device open, as here, the decision is all there is to see).
    func testTheDevicePlaysOnlyWhileSomethingIsAudible() throws {
        let jump = try Mixer.loadSound(sounds + "jump.wav")
        let mixer = Mixer(sounds: [jump], tracks: ["level1": music + "level1.ogg"])
        mixer.setVolumes(music: SDL_MIX_MAXVOLUME, effects: SDL_MIX_MAXVOLUME)
        XCTAssertFalse(mixer.settle())
        XCTAssertFalse(mixer.isRunning, "nothing plays: paused")
        XCTAssertTrue(mixer.play(0))
        XCTAssertTrue(mixer.settle(), "an effect into silence: it will pause after it")
        XCTAssertTrue(mixer.isRunning, "the effect is heard")
        _ = output(mixer, bytes: jump.count)
        XCTAssertFalse(mixer.settle())
        XCTAssertFalse(mixer.isRunning, "the effect has ended: paused again")

        mixer.setVolumes(music: SDL_MIX_MAXVOLUME, effects: 0)
        XCTAssertTrue(mixer.play(0), "played, to no one")
        XCTAssertFalse(mixer.settle())
        XCTAssertFalse(mixer.isRunning, "effects at 0: nothing to hear")
        XCTAssertTrue(output(mixer, bytes: 1024).allSatisfy { $0 == 0 })

        XCTAssertTrue(mixer.playMusic(mixer.openTrack("level1")))
        XCTAssertFalse(mixer.settle(), "music plays on: nothing to wait for")
        XCTAssertTrue(mixer.isRunning, "the loop is heard")
        mixer.setVolumes(music: 0, effects: 0)
        XCTAssertFalse(mixer.settle())
        XCTAssertFalse(mixer.isRunning, "the loop at 0: paused, not decoded for no one")

        // An effect at 0 left on a voice would be heard late when the volume comes back.
        mixer.setVolumes(music: 0, effects: SDL_MIX_MAXVOLUME)
        XCTAssertTrue(mixer.play(0))
        mixer.setVolumes(music: 0, effects: 0)
        XCTAssertFalse(mixer.settle())
        mixer.setVolumes(music: 0, effects: SDL_MIX_MAXVOLUME)
        XCTAssertFalse(mixer.settle(), "the silenced effect was dropped")
        XCTAssertTrue(output(mixer, bytes: 1024).allSatisfy { $0 == 0 })
    }
}
