import CSDL2
import FoundationEssentials
import Glibc
import KoalioCore

/// Sound effects and music through SDL_mixer. With no audio device (or a sound server that does
/// not answer) the game plays on silently: ``open(sdl:resourceDirectory:volumes:)`` says why in
/// one line for the caller to print, and every call here then does nothing.
///
/// Effects are short WAVs decoded once; music loops are OGG files streamed by SDL_mixer. The
/// device runs at the files' own 22 050 Hz, so nothing is resampled (at start-up or while the
/// music streams), and its buffer is ``chunkSamples`` frames (11.6 ms), under one 60 Hz frame,
/// so an effect starts within a frame of its event. The music starts a frame after the device
/// opens, so the two costs never land in one frame.
@MainActor
public final class Audio {
    /// 0…100 each (the command line's `--music-volume`, `--effects-volume`).
    public struct Volumes: Sendable, Equatable {
        public var music: Int
        public var effects: Int

        public init(music: Int = 70, effects: Int = 100) {
            self.music = music
            self.effects = effects
        }
    }

    public static let frequency: Int32 = 22050
    public static let chunkSamples: Int32 = 256
    /// Mixing channels: effects overlapping at once.
    static let channels: Int32 = 16
    /// How loud the music stays while the game is paused, as a share of its volume.
    static let duckedShare = 0.3

    private let sdl: SDLSystem?
    /// SDL_mixer's functions, loaded at run time (see `koalio_mixer` in the shim).
    private let mix: KoalioMixer?
    private var chunks: [SoundEffect: UnsafeMutablePointer<Mix_Chunk>] = [:]
    private var tracks: [String: OpaquePointer] = [:]
    private let resourceDirectory: String
    private let volumes: Volumes
    private var playing: MusicTrack?
    private var ducked = false
    /// How many times each effect started (SDL_mixer took it): tests read what a run sounded like.
    public private(set) var started: [SoundEffect: Int] = [:]
    /// The music loop playing now, if any.
    public var music: MusicTrack? { playing }
    /// Whether an audio device is open (false: silent).
    public var isOpen: Bool { sdl != nil }

    /// A silent stand-in (headless runs, no device).
    public init() {
        sdl = nil
        mix = nil
        resourceDirectory = ""
        volumes = Volumes()
    }

    private init(sdl: SDLSystem, mix: KoalioMixer, resourceDirectory: String, volumes: Volumes) {
        self.sdl = sdl
        self.mix = mix
        self.resourceDirectory = resourceDirectory
        self.volumes = volumes
    }

    /// Opens the audio device and loads the effects. Returns the silent stand-in and the
    /// warning line when there is no device; a missing or broken sound file is an error (the
    /// game's own files are damaged), as a missing image is.
    static func open(sdl: SDLSystem, resourceDirectory: String, volumes: Volumes) throws(DataFileError) -> (Audio, warning: String?) {
        guard let mix = koalio_mixer()?.pointee else {
            return (Audio(), "no sound: cannot load SDL_mixer (\(String(cString: koalio_mixer_error()))) (the game plays on silently)")
        }
        guard withStandardErrorHushed({ SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) }) == 0 else {
            return (Audio(), "no sound: \(String(cString: SDL_GetError())) (the game plays on silently)")
        }
        guard withStandardErrorHushed({ mix.OpenAudio(frequency, koalio_mix_default_format(), 2, chunkSamples) }) == 0 else {
            let reason = String(cString: SDL_GetError())
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            return (Audio(), "no sound: \(reason) (the game plays on silently)")
        }
        let audio = Audio(sdl: sdl, mix: mix, resourceDirectory: resourceDirectory, volumes: volumes)
        // Not checked: it returns the number of channels now allocated, never an error.
        _ = mix.AllocateChannels(channels)
        for effect in SoundEffect.allCases {
            let path = resourceDirectory + "/sounds/" + effect.rawValue + ".wav"
            guard let chunk = mix.LoadWAV_RW(SDL_RWFromFile(path, "rb"), 1) else {  // 1: SDL_mixer closes the file
                throw DataFileError(file: path, reason: "cannot load sound: \(String(cString: SDL_GetError()))")
            }
            // Returns the previous volume, never an error.
            _ = mix.VolumeChunk(chunk, Int32(min(100, max(0, volumes.effects)) * Int(MIX_MAX_VOLUME) / 100))
            audio.chunks[effect] = chunk
        }
        return (audio, nil)
    }

    isolated deinit {
        guard sdl != nil, let mix else { return }
        _ = mix.HaltMusic()  // these two always return 0
        for music in tracks.values { mix.FreeMusic(music) }
        _ = mix.HaltChannel(-1)
        for chunk in chunks.values { mix.FreeChunk(chunk) }
        mix.CloseAudio()
        SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
    }

    /// Starts an effect on a free channel. Not an error when all channels are busy: that sound
    /// is skipped (SDL_mixer says so), as a crowded moment should sound.
    public func play(_ effect: SoundEffect) {
        guard let chunk = chunks[effect], let mix else { return }
        if mix.PlayChannelTimed(-1, chunk, 0, -1) >= 0 { started[effect, default: 0] += 1 }
    }

    /// Loops `track` (a level without its own file plays level 1's); the same track again keeps
    /// playing where it is. A track that cannot be loaded leaves the music off, with no error:
    /// the loops are optional to play.
    public func playMusic(_ track: MusicTrack) {
        guard let mix, track != playing else { return }
        playing = track
        let name = FileManager.default.fileExists(atPath: path(of: track.fileName)) ? track.fileName : "level1"
        if tracks[name] == nil { tracks[name] = mix.LoadMUS(path(of: name)) }
        guard let music = tracks[name] else {
            _ = mix.HaltMusic()  // always 0
            return
        }
        // A loop that cannot start (a damaged file) leaves the music off; the game plays on.
        if mix.PlayMusic(music, -1) == 0 { applyMusicVolume() }
    }

    /// Music at ``duckedShare`` of its volume while the game is paused.
    public func setDucked(_ ducked: Bool) {
        guard sdl != nil, ducked != self.ducked else { return }
        self.ducked = ducked
        applyMusicVolume()
    }

    private func applyMusicVolume() {
        let share = Double(min(100, max(0, volumes.music))) / 100 * (ducked ? Self.duckedShare : 1)
        _ = mix?.VolumeMusic(Int32(share * Double(MIX_MAX_VOLUME)))  // returns the previous volume
    }

    private func path(of name: String) -> String { resourceDirectory + "/music/" + name + ".ogg" }

    /// Runs `body` with stderr sent to /dev/null: while SDL probes for a device, ALSA's library
    /// prints its own complaints there (a machine with no sound card gets eight lines); the game
    /// says what matters in one line instead.
    private static func withStandardErrorHushed(_ body: () -> Int32) -> Int32 {
        let saved = dup(STDERR_FILENO)
        let null = Glibc.open("/dev/null", O_WRONLY)
        guard saved >= 0, null >= 0 else {
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
            return body()
        }
        _ = dup2(null, STDERR_FILENO)
        close(null)
        defer {
            _ = dup2(saved, STDERR_FILENO)
            close(saved)
        }
        return body()
    }
}
