import CSDL2
import KoalioCore

/// Sound effects and music through SDL_mixer, opened on a worker thread by ``AudioOpening``.
/// With no audio device (or a sound server that does not answer) the game plays on silently:
/// the opening's warning says why in one line, and every call here then does nothing.
///
/// Effects are short WAVs decoded once; music loops are OGG files streamed by SDL_mixer. The
/// device runs at the files' own 22 050 Hz, so nothing is resampled (at start-up or while the
/// music streams), and its buffer is ``chunkSamples`` frames (11.6 ms), under one 60 Hz frame,
/// so an effect starts within a frame of its event.
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

    public nonisolated static let frequency: Int32 = 22050
    public nonisolated static let chunkSamples: Int32 = 256
    /// Mixing channels: effects overlapping at once.
    nonisolated static let channels: Int32 = 16
    /// How loud the music stays while the game is paused, as a share of its volume.
    static let duckedShare = 0.3

    private let sdl: SDLSystem?
    /// SDL_mixer's functions, loaded at run time (see `koalio_mixer` in the shim).
    private let mix: KoalioMixer?
    private let chunks: [SoundEffect: UnsafeMutablePointer<Mix_Chunk>]
    private let tracks: [String: OpaquePointer]
    public private(set) var volumes: Volumes
    private var playing: MusicTrack?
    private var ducked = false
    /// How many times each effect started (SDL_mixer took it): tests read what a run sounded like.
    public private(set) var started: [SoundEffect: Int] = [:]
    /// The music loop playing now, if any.
    public var music: MusicTrack? { playing }
    /// Whether an audio device is open (false: silent).
    public var isOpen: Bool { mix != nil }

    /// A silent stand-in (headless runs, no device).
    public init() {
        sdl = nil
        mix = nil
        chunks = [:]
        tracks = [:]
        volumes = Volumes()
    }

    /// Takes over what ``AudioOpening`` opened; `sdl` stays up while the device is open.
    init(_ opened: OpenedAudio, sdl: SDLSystem, volumes: Volumes) {
        self.sdl = opened.mix == nil ? nil : sdl
        mix = opened.mix
        chunks = opened.chunks
        tracks = opened.tracks
        self.volumes = volumes
    }

    isolated deinit {
        guard let mix else { return }
        Self.close(OpenedAudio(mix: mix, chunks: chunks, tracks: tracks))
    }

    /// Stops and frees everything in `opened` and closes the device.
    nonisolated static func close(_ opened: OpenedAudio) {
        guard let mix = opened.mix else { return }
        _ = mix.HaltMusic()  // these two always return 0
        for music in opened.tracks.values { mix.FreeMusic(music) }
        _ = mix.HaltChannel(-1)
        for chunk in opened.chunks.values { mix.FreeChunk(chunk) }
        mix.CloseAudio()
        SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
    }

    /// Starts an effect on a free channel. Not an error when all channels are busy: that sound
    /// is skipped (SDL_mixer says so), as a crowded moment should sound.
    public func play(_ effect: SoundEffect) {
        guard let chunk = chunks[effect], let mix else { return }
        if mix.PlayChannelTimed(-1, chunk, 0, -1) >= 0 { started[effect, default: 0] += 1 }
    }

    /// Loops `track` (a level without its own loop, or whose file did not load, plays level 1's);
    /// the same track again keeps playing where it is. With no loop at all the music stays off,
    /// with no error: the loops are optional to play.
    public func playMusic(_ track: MusicTrack) {
        guard let mix, track != playing else { return }
        playing = track
        guard let music = tracks[track.fileName] ?? tracks[MusicTrack.level("level1").fileName] else {
            _ = mix.HaltMusic()  // always 0
            return
        }
        // The volume first: SDL_mixer starts a loop at the volume set, and set after the start
        // the mixer thread could play a moment at full volume (heard with the music at 0 on a
        // busy machine). A loop that cannot start (a damaged file) leaves the music off.
        applyMusicVolume()
        _ = mix.PlayMusic(music, -1)
    }

    /// New volumes, from the settings menu: heard at once, effects already playing included.
    public func setVolumes(_ volumes: Volumes) {
        guard volumes != self.volumes else { return }
        self.volumes = volumes
        guard let mix else { return }
        // Returns the previous volume, never an error.
        for chunk in chunks.values { _ = mix.VolumeChunk(chunk, Self.chunkVolume(volumes)) }
        applyMusicVolume()
    }

    /// SDL_mixer's 0…128 for an effect at `volumes.effects` percent.
    nonisolated static func chunkVolume(_ volumes: Volumes) -> Int32 {
        Int32(min(100, max(0, volumes.effects)) * Int(MIX_MAX_VOLUME) / 100)
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
}
