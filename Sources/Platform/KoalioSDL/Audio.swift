import CSDL2
import KoalioCore

/// Sound effects and music through koalio's ``Mixer``, opened on a worker thread by
/// ``AudioOpening``. With no audio device (or a sound server that does not answer) the game plays
/// on silently: the opening's warning says why in one line, and every call here then does nothing.
///
/// Effects are short WAVs decoded once; music loops are Ogg Vorbis files decoded as they play.
/// The device runs at the files' own 22 050 Hz, so nothing is resampled, and its buffer is
/// 256 frames (11.6 ms), under one 60 Hz frame, so an effect starts within a frame of its event.
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

    /// How loud the music stays while the game is paused, as a share of its volume.
    static let duckedShare = 0.3

    private let sdl: SDLSystem?
    private let mixer: Mixer?
    private let sounds: [SoundEffect: Int]
    public private(set) var volumes: Volumes
    private var playing: MusicTrack?
    private var ducked = false
    /// How many times each effect started (a voice took it): tests read what a run sounded like.
    public private(set) var started: [SoundEffect: Int] = [:]
    /// The music loop playing now, if any.
    public var music: MusicTrack? { playing }
    /// Whether an audio device is open (false: silent).
    public var isOpen: Bool { mixer != nil }
    /// Whether the open device is playing: it is paused while nothing would be heard.
    public var isPlaying: Bool { mixer?.isRunning ?? false }
    /// Effects still sound into what will be silence: ``settle()`` pauses the device after them,
    /// so the loop keeps its frames until then.
    public private(set) var pausesSoon = false

    /// A silent stand-in (headless runs, no device).
    public init() {
        sdl = nil
        mixer = nil
        sounds = [:]
        volumes = Volumes()
    }

    /// Takes over what ``AudioOpening`` opened; `sdl` stays up while the device is open.
    init(_ opened: OpenedAudio, sdl: SDLSystem, volumes: Volumes) {
        self.sdl = opened.mixer == nil ? nil : sdl
        mixer = opened.mixer
        sounds = opened.sounds
        self.volumes = volumes
        applyVolumes()
    }

    isolated deinit {
        Self.close(OpenedAudio(mixer: mixer))
    }

    /// Stops the device of `opened`, if any, and lets SDL's audio go.
    nonisolated static func close(_ opened: OpenedAudio) {
        guard let mixer = opened.mixer else { return }
        mixer.close()
        SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
    }

    /// Starts an effect on a free voice. Not an error when all voices are busy: that sound is
    /// skipped, as a crowded moment should sound.
    public func play(_ effect: SoundEffect) {
        guard let mixer, let sound = sounds[effect] else { return }
        if mixer.withLock({ $0.play(sound) }) { started[effect, default: 0] += 1 }
        settle()
    }

    /// Plays the device while anything is audible, pauses it while nothing is (see
    /// ``Mixer/settle()``): after every change of what plays, and once a frame (effects end).
    public func settle() {
        pausesSoon = mixer?.settle() ?? false
    }

    /// Loops `track` (a level without its own loop, or whose file did not load, plays level 1's)
    /// from its start; the same track again keeps playing where it is. With no loop at all the
    /// music stays off, with no error: the loops are optional to play.
    public func playMusic(_ track: MusicTrack) {
        guard let mixer, track != playing else { return }
        playing = track
        let loop = mixer.openTrack(track.fileName) ?? mixer.openTrack(MusicTrack.level("level1").fileName)
        _ = mixer.withLock { $0.playMusic(loop) }
        settle()
    }

    /// New volumes, from the settings menu: heard at once, effects already playing included.
    public func setVolumes(_ volumes: Volumes) {
        guard volumes != self.volumes else { return }
        self.volumes = volumes
        applyVolumes()
    }

    /// The mixer's 0…128 for effects at `volumes.effects` percent.
    nonisolated static func effectsVolume(_ volumes: Volumes) -> Int32 {
        Int32(min(100, max(0, volumes.effects)) * Int(SDL_MIX_MAXVOLUME) / 100)
    }

    /// Music at ``duckedShare`` of its volume while the game is paused.
    public func setDucked(_ ducked: Bool) {
        guard sdl != nil, ducked != self.ducked else { return }
        self.ducked = ducked
        applyVolumes()
    }

    private func applyVolumes() {
        let share = Double(min(100, max(0, volumes.music))) / 100 * (ducked ? Self.duckedShare : 1)
        let music = Int32(share * Double(SDL_MIX_MAXVOLUME)), effects = Self.effectsVolume(volumes)
        mixer?.withLock { $0.setVolumes(music: music, effects: effects) }
        settle()
    }
}
