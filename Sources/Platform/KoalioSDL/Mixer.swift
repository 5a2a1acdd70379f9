import CSDL2
import CVorbis
import KoalioCore

/// What the audio device plays: effects decoded once and a music loop decoded as it plays,
/// mixed by SDL's own `SDL_MixAudioFormat` on SDL's audio thread.
///
/// koalio used SDL_mixer for this, but Debian builds SDL_mixer with a dozen codecs (fluidsynth,
/// glib, libmodplug, …) that koalio never plays and that cost 3–4 MB resident (`make bench`'s
/// peak memory). koalio plays two formats: WAV effects (SDL reads and converts them) and Ogg
/// Vorbis loops (Xiph's libvorbisfile decodes them, an SDL audio stream converts them), so the
/// part left to write is which effect plays on which voice.
///
/// The main thread changes what plays only while it holds the device's lock (``withLock(_:)``);
/// SDL holds the same lock while it calls ``fill(_:_:)``. That lock is why this class may be
/// `Sendable`. The device's thread reads it without retaining it (see ``close()``).
final class Mixer: @unchecked Sendable {
    /// The device's format: the files' own rate (nothing is resampled while playing), 16-bit stereo.
    static let frequency: Int32 = 22050
    static let channelCount: UInt8 = 2
    /// Frames per device buffer: 11.6 ms at 22 050 Hz, under one 60 Hz frame, so an effect
    /// starts within a frame of its event.
    static let bufferFrames: UInt16 = 256
    /// Effects that can sound at once; one more is skipped, as a crowded moment should sound.
    static let voiceCount = 16
    /// Bytes of Vorbis decoded at a time into the music's conversion stream.
    static let decodeBytes = 4096

    /// An effect, converted to the device's format when it was loaded.
    struct Sound {
        /// Its samples, owned by the mixer once it is made (freed with it).
        let bytes: UnsafeMutableBufferPointer<UInt8>
        /// How many of `bytes` are sound (a conversion may have needed a larger buffer).
        let count: Int
    }

    /// A music loop: an open Ogg Vorbis file and the stream converting it to the device's format.
    final class Track {
        let file: UnsafeMutablePointer<OggVorbis_File>
        let stream: OpaquePointer

        /// Opens `path`, or nil when it is not a Vorbis file SDL can convert (a loop is optional).
        init?(path: String) {
            let file = UnsafeMutablePointer<OggVorbis_File>.allocate(capacity: 1)
            guard ov_fopen(path, file) == 0 else {
                file.deallocate()
                return nil
            }
            guard let info = ov_info(file, -1)?.pointee, info.channels > 0, info.channels <= 8,
                  let stream = SDL_NewAudioStream(koalio_audio_s16sys(), UInt8(info.channels), Int32(info.rate),
                                                  koalio_audio_s16sys(), Mixer.channelCount, Mixer.frequency) else {
                ov_clear(file)
                file.deallocate()
                return nil
            }
            self.file = file
            self.stream = stream
        }

        deinit {
            SDL_FreeAudioStream(stream)
            ov_clear(file)
            file.deallocate()
        }

        /// From the beginning, with nothing of the last play left in the stream.
        func rewind() {
            SDL_AudioStreamClear(stream)
            _ = ov_pcm_seek(file, 0)  // fails only on an unseekable file; ov_fopen's files seek
        }

        /// Decodes until the stream holds `count` converted bytes, looping at the end. False when
        /// the file cannot be decoded any further (a damaged page): the loop stops.
        func decode(atLeast count: Int32, into scratch: UnsafeMutableRawBufferPointer) -> Bool {
            var restartedEmpty = false
            while SDL_AudioStreamAvailable(stream) < count {
                var section: Int32 = 0
                let read = ov_read(file, scratch.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(scratch.count),
                                   Mixer.bigEndian, 2, 1, &section)
                if read == Int(OV_HOLE) { continue }  // a gap in the data: the decoder goes on after it
                if read < 0 { return false }
                if read == 0 {
                    // The end: loop. A file that ends again at once has no sound to loop.
                    if restartedEmpty { return false }
                    restartedEmpty = true
                    if ov_pcm_seek(file, 0) != 0 { return false }
                    continue
                }
                restartedEmpty = false
                if SDL_AudioStreamPut(stream, scratch.baseAddress, Int32(read)) != 0 { return false }
            }
            return true
        }
    }

    /// An effect sounding now: which one and how far it has played, in bytes.
    private struct Voice {
        var sound: Int
        var offset: Int
    }

    static let bigEndian: Int32 = 1.bigEndian == 1 ? 1 : 0

    private var device: SDL_AudioDeviceID = 0
    private let sounds: [Sound]
    /// The loops' files by name: each opened only while it plays (an open Vorbis decoder holds
    /// its codebooks: seven loops open at once cost a few hundred KB of memory for nothing).
    private let tracks: [String: String]
    private let voices = UnsafeMutableBufferPointer<Voice?>.allocate(capacity: Mixer.voiceCount)
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: Mixer.decodeBytes, alignment: 2)
    private var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(Mixer.bufferFrames) * 4, alignment: 2)
    // Written under the device's lock.
    private var music: Track?
    private var musicVolume: Int32 = 0
    private var effectsVolume: Int32 = SDL_MIX_MAXVOLUME
    /// Whether SDL calls ``fill(_:_:)``: only while something is audible (``settle()``).
    /// Read and written on the main thread only.
    private var running = false

    /// Takes `sounds` (their bytes are freed with the mixer) and the loops' paths by name; no device yet.
    init(sounds: [Sound], tracks: [String: String]) {
        self.sounds = sounds
        self.tracks = tracks
        voices.initialize(repeating: nil)
    }

    /// Whoever holds the mixer calls ``close()`` before letting it go: SDL's thread calls into
    /// it until then.
    deinit {
        close()
        for sound in sounds { sound.bytes.deallocate() }
        voices.deallocate()
        scratch.deallocate()
        buffer.deallocate()
    }

    /// Opens the default device in the mixer's format (SDL converts if the device differs),
    /// paused until ``settle()`` finds something audible. The error is SDL's reason.
    func open() throws(SDLError) {
        var desired = SDL_AudioSpec()
        desired.freq = Self.frequency
        desired.format = koalio_audio_s16sys()
        desired.channels = Self.channelCount
        desired.samples = Self.bufferFrames
        desired.callback = mixerCallback
        desired.userdata = Unmanaged.passUnretained(self).toOpaque()
        let device = SDL_OpenAudioDevice(nil, 0, &desired, nil, 0)
        guard device >= 2 else { throw SDLError("SDL_OpenAudioDevice") }  // 0 is failure; 1 is the legacy device
        self.device = device
    }

    /// Plays the device while something is audible and pauses it when nothing is: music and
    /// effects at volume 0 (or a quiet paused screen) then cost no mixing, no decoding of a
    /// loop nobody hears. A pause drops the effects still sounding at volume 0, which would
    /// otherwise be heard late when the volume comes back; the music stays where it was.
    /// Returns whether the device plays into what will be silence once its effects end: the
    /// caller settles again after them.
    func settle() -> Bool {
        let (audible, musicAudible) = withLock { mixer in
            let music = mixer.music != nil && mixer.musicVolume > 0
            let effects = mixer.effectsVolume > 0 && mixer.voices.contains { $0 != nil }
            if !music && !effects { mixer.voices.update(repeating: nil) }
            return (music || effects, music)
        }
        if audible != running {
            running = audible
            SDL_PauseAudioDevice(device, audible ? 0 : 1)
        }
        return audible && !musicAudible
    }

    /// Whether SDL is calling ``fill(_:_:)`` now (tests: a silent game pauses its device).
    var isRunning: Bool { running }

    /// Stops the device (SDL waits for the callback to return) and frees it. Again: nothing.
    func close() {
        guard device != 0 else { return }
        SDL_CloseAudioDevice(device)
        device = 0
    }

    /// Runs `body` while the audio thread is not mixing.
    func withLock<T>(_ body: (Mixer) -> T) -> T {
        SDL_LockAudioDevice(device)
        defer { SDL_UnlockAudioDevice(device) }
        return body(self)
    }

    /// Starts sound `index` on a free voice; false when every voice is busy (the sound is skipped).
    func play(_ index: Int) -> Bool {
        guard sounds.indices.contains(index) else { return false }
        guard effectsVolume > 0 else { return true }  // heard by no one: no voice, no mixing
        guard let free = voices.firstIndex(where: { $0 == nil }) else { return false }
        voices[free] = Voice(sound: index, offset: 0)
        return true
    }

    /// The loop named `name`, opened (nil: no such loop, or its file is not one SDL can play).
    /// Called without the device's lock: opening reads the file.
    func openTrack(_ name: String) -> Track? { tracks[name].flatMap { Track(path: $0) } }

    /// Loops `track` from its start, or stops the music (nil); the loop playing before is
    /// closed. Returns whether a loop plays.
    func playMusic(_ track: Track?) -> Bool {
        music = track
        music?.rewind()
        return music != nil
    }

    /// Volumes as SDL's 0…`SDL_MIX_MAXVOLUME`.
    func setVolumes(music: Int32, effects: Int32) {
        musicVolume = music
        effectsVolume = effects
    }

    /// Called on SDL's audio thread, with the device's lock held: the next `length` bytes.
    func fill(_ output: UnsafeMutablePointer<UInt8>, _ length: Int) {
        output.initialize(repeating: 0, count: length)  // silence, in a signed format
        if buffer.count < length {  // SDL asks for the buffer it said it would; a device change may differ
            buffer.deallocate()
            buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 2)
        }
        let format = koalio_audio_s16sys()
        if let music {
            if music.decode(atLeast: Int32(length), into: scratch) {
                let got = SDL_AudioStreamGet(music.stream, buffer.baseAddress, Int32(length))
                if got > 0, let source = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) {
                    SDL_MixAudioFormat(output, source, format, UInt32(got), musicVolume)
                }
            } else {
                self.music = nil
            }
        }
        for index in voices.indices {
            guard let voice = voices[index] else { continue }
            let sound = sounds[voice.sound]
            let count = min(length, sound.count - voice.offset)
            if count > 0, let source = sound.bytes.baseAddress {
                SDL_MixAudioFormat(output, source + voice.offset, format, UInt32(count), effectsVolume)
            }
            let offset = voice.offset + count
            voices[index] = offset < sound.count ? Voice(sound: voice.sound, offset: offset) : nil
        }
    }

    /// Reads the WAV at `path` and converts it to the mixer's format.
    static func loadSound(_ path: String) throws(DataFileError) -> Sound {
        func failure() -> DataFileError { DataFileError(file: path, reason: "cannot load sound: \(String(cString: SDL_GetError()))") }
        var spec = SDL_AudioSpec()
        var data: UnsafeMutablePointer<UInt8>?
        var length: UInt32 = 0
        // SDL_RWFromFile's own error names the file's problem (missing, unreadable); 1: SDL closes it.
        guard let file = SDL_RWFromFile(path, "rb"), SDL_LoadWAV_RW(file, 1, &spec, &data, &length) != nil, let data else {
            throw failure()
        }
        defer { SDL_FreeWAV(data) }
        var conversion = SDL_AudioCVT()
        guard SDL_BuildAudioCVT(&conversion, spec.format, spec.channels, spec.freq,
                                koalio_audio_s16sys(), channelCount, frequency) >= 0 else { throw failure() }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, Int(length) * Int(max(1, conversion.len_mult))))
        guard let base = bytes.baseAddress else { throw failure() }
        base.initialize(from: data, count: Int(length))
        guard conversion.needed != 0 else { return Sound(bytes: bytes, count: Int(length)) }
        conversion.buf = base
        conversion.len = Int32(length)
        guard SDL_ConvertAudio(&conversion) == 0 else {
            bytes.deallocate()
            throw failure()
        }
        return Sound(bytes: bytes, count: Int(conversion.len_cvt))
    }
}

/// SDL's audio callback: fills the device's buffer from the mixer. It does not retain the
/// mixer: the mixer closes the device (which waits for this to return) before it goes.
private let mixerCallback: SDL_AudioCallback = { userdata, stream, length in
    guard let stream else { return }
    guard let userdata else {
        stream.initialize(repeating: 0, count: Int(length))
        return
    }
    Unmanaged<Mixer>.fromOpaque(userdata)._withUnsafeGuaranteedRef { $0.fill(stream, Int(length)) }
}
